import { vi } from "vitest";

// sst/node reads its configuration once, when first imported: set it before any import runs.
vi.hoisted(() => {
  Object.assign(process.env, {
    SST_APP: "site-portal",
    SST_STAGE: "unit",
    SST_Parameter_value_APP_URL: "https://portal.example.com",
    SST_Table_tableName_Main: "unit-test",
  });
});

import * as z from "@portal/core/contracts/zod";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publicApi } from "./handler";
import {
  ORIGIN_VERIFY_ENV,
  ORIGIN_VERIFY_HEADER,
  ORIGIN_VERIFY_ROTATING_ENV,
} from "./origin-verify";

/** A public route of the route table, so no session is needed to reach the handler. */
const ROUTE = "POST /api/collect";
const CURRENT = "current-value-cloudfront-sends";
const ROTATING = "the-other-value-during-a-rotation";

function event(headers: Record<string, string>): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: ROUTE,
    rawPath: "/api/collect",
    rawQueryString: "",
    headers: { "content-type": "application/json", ...headers },
    body: "{}",
    isBase64Encoded: false,
    requestContext: {
      accountId: "000000000000",
      apiId: "test",
      domainName: "localhost",
      domainPrefix: "localhost",
      http: {
        method: "POST",
        path: "/api/collect",
        protocol: "HTTP/1.1",
        sourceIp: "127.0.0.1",
        userAgent: "vitest",
      },
      requestId: "req-1",
      routeKey: ROUTE,
      stage: "$default",
      time: "",
      timeEpoch: Date.now(),
    },
  };
}

const run = vi.fn(async () => ({ ok: true }));
const handler = publicApi(ROUTE, { [ROUTE]: { response: z.object({ ok: z.boolean() }) } }, run);
const status = async (headers: Record<string, string>) =>
  (await handler(event(headers))).statusCode;

beforeEach(() => {
  vi.stubEnv("LOG_REQUESTS", "false");
  vi.stubEnv(ORIGIN_VERIFY_ENV, CURRENT);
  run.mockClear();
});
afterEach(() => vi.unstubAllEnvs());

describe("the origin secret while it rotates (docs/access.md)", () => {
  it("accepts the current value and, while a rotation is under way, the other one", async () => {
    vi.stubEnv(ORIGIN_VERIFY_ROTATING_ENV, ROTATING);
    expect(await status({ [ORIGIN_VERIFY_HEADER]: CURRENT })).toBe(200);
    expect(await status({ [ORIGIN_VERIFY_HEADER]: ROTATING })).toBe(200);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("refuses any other value, a missing header and an empty one", async () => {
    vi.stubEnv(ORIGIN_VERIFY_ROTATING_ENV, ROTATING);
    const refused: Record<string, string>[] = [
      { [ORIGIN_VERIFY_HEADER]: "guessed" },
      { [ORIGIN_VERIFY_HEADER]: `${CURRENT}${ROTATING}` },
      { [ORIGIN_VERIFY_HEADER]: "" },
      {},
    ];
    for (const headers of refused) expect(await status(headers)).toBe(403);
    expect(run).not.toHaveBeenCalled();
  });

  it("once the old value is retired (no rotating value), it is refused", async () => {
    vi.stubEnv(ORIGIN_VERIFY_ROTATING_ENV, ROTATING);
    expect(await status({ [ORIGIN_VERIFY_HEADER]: ROTATING })).toBe(200);
    vi.stubEnv(ORIGIN_VERIFY_ROTATING_ENV, "");
    expect(await status({ [ORIGIN_VERIFY_HEADER]: ROTATING })).toBe(403);
    expect(await status({ [ORIGIN_VERIFY_HEADER]: CURRENT })).toBe(200);
  });

  it("an empty header never matches an unset value", async () => {
    vi.stubEnv(ORIGIN_VERIFY_ENV, "");
    vi.stubEnv(ORIGIN_VERIFY_ROTATING_ENV, "");
    expect(await status({ [ORIGIN_VERIFY_HEADER]: "" })).toBe(403);
    expect(run).not.toHaveBeenCalled();
  });
});
