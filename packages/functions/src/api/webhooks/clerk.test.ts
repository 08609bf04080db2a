/** The identity provider's webhook without its signing secret fails loudly (docs/privacy.md). */
import { vi } from "vitest";

vi.hoisted(() => {
  Object.assign(process.env, {
    SST_APP: "site-portal",
    SST_STAGE: "unit",
    SST_Table_tableName_Main: "unit-test",
    // Set and empty, as a stage whose secret was never filled in.
    SST_Secret_value_CLERK_WEBHOOK_SECRET: "",
  });
});

import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from "../origin-verify";
import { handler } from "./clerk";

const ROUTE = "POST /api/webhooks/clerk";

let logged: string[];
beforeEach(() => {
  vi.stubEnv("LOG_REQUESTS", "true");
  vi.stubEnv(ORIGIN_VERIFY_ENV, "origin-secret");
  logged = [];
  vi.spyOn(process.stdout, "write").mockImplementation((line) => {
    logged.push(String(line));
    return true;
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("POST /api/webhooks/clerk without CLERK_WEBHOOK_SECRET", () => {
  it("answers 500 naming the binding in the log, not 400 to every sender", async () => {
    const result = await handler({
      version: "2.0",
      routeKey: ROUTE,
      rawPath: "/api/webhooks/clerk",
      rawQueryString: "",
      headers: { [ORIGIN_VERIFY_HEADER]: "origin-secret", "svix-id": "msg_1" },
      body: "{}",
      isBase64Encoded: false,
      requestContext: { requestId: "req-1", http: { method: "POST" } },
    } as unknown as APIGatewayProxyEventV2);
    expect(result.statusCode).toBe(500);
    const line = JSON.parse(logged.at(-1) ?? "{}");
    expect(line.error.message).toMatch(
      /Config.CLERK_WEBHOOK_SECRET is not bound .* the identity:webhook-secret grant/,
    );
  });
});
