import { vi } from "vitest";

// sst/node reads its configuration once, when first imported: set it before any import runs.
const { APP_URL } = vi.hoisted(() => {
  const APP_URL = "https://portal.example.com";
  Object.assign(process.env, {
    SST_APP: "site-portal",
    SST_STAGE: "unit",
    SST_Parameter_value_APP_URL: APP_URL,
    SST_Table_tableName_Main: "unit-test",
    // Enough for verification to run and refuse the made-up tokens below.
    SST_Secret_value_CLERK_JWT_KEY: "-----BEGIN PUBLIC KEY-----\nnone\n-----END PUBLIC KEY-----",
    SST_Parameter_value_CLERK_AUTHORIZED_PARTIES: APP_URL,
    SST_Parameter_value_CLERK_ISSUER: "https://clerk.portal.example.com",
  });
  return { APP_URL };
});

import { textAnswer } from "@portal/core/contracts/api-areas/answers";
import { ConflictError, NotFoundError, UnprocessableError } from "@portal/core/errors";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { api, publicApi, response } from "./handler";
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from "./origin-verify";

const ORIGIN_SECRET = "s3cret-from-cloudfront";

/** A public route of the route table: the wrapper finds its record by this key. */
const PUBLIC_ROUTE = "POST /api/collect";
/** A signed-in route that takes a body. */
const PRIVATE_ROUTE = "POST /api/tickets";

function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: PUBLIC_ROUTE,
    rawPath: "/api/things/abc",
    rawQueryString: "",
    headers: { [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET },
    isBase64Encoded: false,
    requestContext: {
      accountId: "000000000000",
      apiId: "test",
      domainName: "localhost",
      domainPrefix: "localhost",
      http: {
        method: "POST",
        path: "/api/things/abc",
        protocol: "HTTP/1.1",
        sourceIp: "127.0.0.1",
        userAgent: "vitest",
      },
      requestId: "req-123",
      routeKey: PUBLIC_ROUTE,
      stage: "$default",
      time: "",
      timeEpoch: Date.now(),
    },
    ...overrides,
  };
}

/** Contracts of these tests' own under the route keys of real records (the frame finds those). */
const anyAnswer = { response: z.unknown() } as const;
const testPublic = { [PUBLIC_ROUTE]: anyAnswer } as const;
const testPrivate = { [PRIVATE_ROUTE]: anyAnswer } as const;

const thingRoute = publicApi(
  PUBLIC_ROUTE,
  {
    [PUBLIC_ROUTE]: {
      body: z.object({ name: z.string().min(2, "Name is too short"), count: z.number().int() }),
      query: z.object({ page: z.coerce.number().int().positive().optional() }),
      params: z.object({ id: z.string().length(3) }),
      response: z.object({ id: z.string(), name: z.string(), page: z.number() }),
    },
  },
  async ({ body, query, params }) => ({ id: params.id, name: body.name, page: query.page ?? 1 }),
);

function json(result: { body?: string }) {
  return JSON.parse(result.body ?? "");
}

let logged: string[];
beforeEach(() => {
  // The integration suite's local stack turns request logs off for the whole run.
  vi.stubEnv("LOG_REQUESTS", "true");
  vi.stubEnv(ORIGIN_VERIFY_ENV, ORIGIN_SECRET);
  logged = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    logged.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("api wrapper", () => {
  it("validates body, query and path, and answers plain data as 200 JSON", async () => {
    const result = await thingRoute(
      event({
        body: JSON.stringify({ name: "Lamp", count: 2 }),
        rawQueryString: "page=3",
        queryStringParameters: { page: "3" },
        pathParameters: { id: "abc" },
      }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.headers?.["content-type"]).toMatch(/^application\/json/);
    expect(json(result)).toEqual({ id: "abc", name: "Lamp", page: 3 });
  });

  it("decodes a base64 body", async () => {
    const result = await thingRoute(
      event({
        body: Buffer.from(JSON.stringify({ name: "Désk", count: 1 })).toString("base64"),
        isBase64Encoded: true,
        pathParameters: { id: "abc" },
      }),
    );
    expect(result.statusCode).toBe(200);
    expect(json(result).name).toBe("Désk");
  });

  it("answers malformed JSON with 400 invalid_json", async () => {
    const result = await thingRoute(event({ body: "{nope", pathParameters: { id: "abc" } }));
    expect(result.statusCode).toBe(400);
    expect(json(result).error.code).toBe("invalid_json");
  });

  it("maps zod issues to field messages, per request part", async () => {
    const result = await thingRoute(
      event({
        body: JSON.stringify({ name: "x", count: 1.5 }),
        queryStringParameters: { page: "-1" },
        pathParameters: { id: "toolong" },
      }),
    );
    expect(result.statusCode).toBe(400);
    const { error } = json(result);
    expect(error.code).toBe("validation_failed");
    expect(error.fields.name).toBe("Name is too short");
    expect(Object.keys(error.fields).sort()).toEqual(["count", "name", "path.id", "query.page"]);
  });

  it("reports a missing body as a body-level field error", async () => {
    const result = await thingRoute(event({ pathParameters: { id: "abc" } }));
    expect(result.statusCode).toBe(400);
    expect(Object.keys(json(result).error.fields)).toEqual(["body"]);
  });

  it.each([
    [new NotFoundError("Site not found"), 404, "not_found"],
    [new ConflictError("Domain already claimed"), 409, "conflict"],
    [new UnprocessableError("Plan allows 1 website", { plan: "Upgrade" }), 422, "unprocessable"],
  ])("maps %s to its status", async (error, status, code) => {
    const handler = publicApi(PUBLIC_ROUTE, testPublic, async () => {
      throw error;
    });
    const result = await handler(event());
    expect(result.statusCode).toBe(status);
    expect(json(result).error).toEqual({
      code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    });
  });

  it("hides unknown errors behind a 500 with the request id, and logs the stack instead", async () => {
    const handler = publicApi(PUBLIC_ROUTE, testPublic, async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.1:5432");
    });
    const result = await handler(event());
    expect(result.statusCode).toBe(500);
    expect(json(result)).toEqual({
      error: { code: "internal", message: "Internal server error", requestId: "req-123" },
    });
    expect(result.body).not.toContain("ECONNREFUSED");
    const line = JSON.parse(logged.at(-1) ?? "{}");
    expect(line).toMatchObject({ status: 500, requestId: "req-123", level: "error" });
    expect(line.error.message).toContain("ECONNREFUSED");
  });

  it("refuses a private route without a token before running it", async () => {
    const run = vi.fn(async () => ({ ok: true }));
    const result = await api(
      PRIVATE_ROUTE,
      testPrivate,
      run,
    )(event({ routeKey: PRIVATE_ROUTE, body: "{}", headers: jsonFromPortal() }));
    expect(result.statusCode).toBe(401);
    expect(json(result).error.code).toBe("unauthorized");
    expect(run).not.toHaveBeenCalled();
  });

  it("sends a response() with its own status, headers and cookies, and plain data with a status field as 200", async () => {
    const created = await publicApi(PUBLIC_ROUTE, testPublic, async () =>
      response({ status: 201, body: { id: "s1" }, headers: { location: "/x" }, cookies: ["a=b"] }),
    )(event());
    expect(created).toMatchObject({ statusCode: 201, cookies: ["a=b"] });
    expect(created.headers?.location).toBe("/x");

    const queued = await publicApi(PUBLIC_ROUTE, testPublic, async () => ({
      id: "j1",
      status: "queued",
    }))(event());
    expect(queued.statusCode).toBe(200);
    expect(json(queued)).toEqual({ id: "j1", status: "queued" });

    const empty = await publicApi(PUBLIC_ROUTE, testPublic, async () => response({ status: 204 }))(
      event(),
    );
    expect(empty.statusCode).toBe(204);
    expect(empty.body).toBe("");
  });

  it("answers with the contract's success status: its own, 204 for no answer, else 200", async () => {
    const answer = { id: "t1" };
    const accepted = {
      [PUBLIC_ROUTE]: { response: z.object({ id: z.string() }), status: 202 },
    } as const;
    const queued = await publicApi(PUBLIC_ROUTE, accepted, async () => answer)(event());
    expect([queued.statusCode, json(queued)]).toEqual([202, answer]);

    const none = { [PUBLIC_ROUTE]: { response: null } };
    const removed = await publicApi(PUBLIC_ROUTE, none, async () => {})(event());
    expect([removed.statusCode, removed.body]).toEqual([204, ""]);

    const page = { [PUBLIC_ROUTE]: { response: textAnswer("text/html; charset=utf-8") } };
    const html = await publicApi(PUBLIC_ROUTE, page, async () => response({ text: "<p>hi</p>" }))(
      event(),
    );
    expect([html.statusCode, html.headers?.["content-type"], html.body]).toEqual([
      200,
      "text/html; charset=utf-8",
      "<p>hi</p>",
    ]);
  });

  it("types a handler by its contract: an answer of another shape does not compile", () => {
    const tickets = { [PUBLIC_ROUTE]: { response: z.object({ id: z.string() }) } };
    // @ts-expect-error: the answer's id is a number where the contract says a string.
    publicApi(PUBLIC_ROUTE, tickets, async () => ({ id: 1 }));
    // @ts-expect-error: a response() body is held to the same contract.
    publicApi(PUBLIC_ROUTE, tickets, async () => response({ status: 201, body: { name: "x" } }));
    // @ts-expect-error: a 204 route answers nothing.
    publicApi(PUBLIC_ROUTE, { [PUBLIC_ROUTE]: { response: null } }, async () => ({ id: "1" }));
    // @ts-expect-error: a route of no record.
    publicApi("GET /api/nowhere", { "GET /api/nowhere": anyAnswer }, async () => ({}));
    expect(tickets).toBeDefined();
  });

  describe("where answers are checked (API_CHECK_ANSWERS, the local stack)", () => {
    const contract = { [PUBLIC_ROUTE]: { response: z.object({ id: z.string() }) } };
    // A handler that got past its types (a cast, an `any` from a library) answering a number.
    const wrong = publicApi(
      PUBLIC_ROUTE,
      contract,
      async () => ({ id: 1 }) as unknown as { id: string },
    );

    it("answers 500 and logs the fields when a success answer breaks the contract", async () => {
      vi.stubEnv("API_CHECK_ANSWERS", "true");
      const result = await wrong(event());
      expect(result.statusCode).toBe(500);
      expect(json(result).error.code).toBe("internal");
      const line = JSON.parse(logged.at(-1) ?? "{}");
      expect(line.error.message).toBe(
        "POST /api/collect answered what its contract refuses: id: Invalid input: expected string, received number",
      );
    });

    it("sends answers that keep it, and error answers, as they are", async () => {
      vi.stubEnv("API_CHECK_ANSWERS", "true");
      const right = publicApi(PUBLIC_ROUTE, contract, async () => ({ id: "a" }));
      expect((await right(event())).statusCode).toBe(200);
      const refused = publicApi(PUBLIC_ROUTE, contract, async () => {
        throw new NotFoundError("Site not found");
      });
      expect((await refused(event())).statusCode).toBe(404);
    });

    it("parses nothing where it is not set (deployed stages)", async () => {
      vi.stubEnv("API_CHECK_ANSWERS", "");
      const result = await wrong(event());
      expect([result.statusCode, json(result)]).toEqual([200, { id: 1 }]);
    });
  });

  it("writes one JSON log line per request with route, method, status, duration and request id", async () => {
    await thingRoute(event({ body: "{}", pathParameters: { id: "abc" } }));
    expect(logged).toHaveLength(1);
    const line = JSON.parse(logged[0] ?? "");
    expect(line).toMatchObject({
      route: PUBLIC_ROUTE,
      method: "POST",
      status: 400,
      requestId: "req-123",
      userId: null,
    });
    expect(typeof line.durationMs).toBe("number");
  });
});

/** Headers of a JSON request the portal's own page sends through CloudFront. */
function jsonFromPortal(extra: Record<string, string> = {}): Record<string, string> {
  return {
    [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET,
    "content-type": "application/json",
    "sec-fetch-site": "same-origin",
    origin: APP_URL,
    ...extra,
  };
}

describe("what the wrapper refuses before any handler code runs", () => {
  const run = vi.fn(async () => ({ ok: true }));
  const privateRoute = api(PRIVATE_ROUTE, testPrivate, run);
  const publicRoute = publicApi(PUBLIC_ROUTE, testPublic, run);
  beforeEach(() => run.mockClear());

  it.each([
    ["no origin header", {}],
    ["another value", { [ORIGIN_VERIFY_HEADER]: "guessed" }],
    ["an empty value", { [ORIGIN_VERIFY_HEADER]: "" }],
  ])("answers 403 to a request that did not come through CloudFront (%s)", async (_, headers) => {
    for (const handler of [publicRoute, privateRoute]) {
      const routeKey = handler === publicRoute ? PUBLIC_ROUTE : PRIVATE_ROUTE;
      const result = await handler(event({ routeKey, headers }));
      expect(result.statusCode).toBe(403);
      expect(json(result).error.code).toBe("origin_not_verified");
    }
    expect(run).not.toHaveBeenCalled();
  });

  it("refuses everything when the function has no origin secret configured", async () => {
    vi.stubEnv(ORIGIN_VERIFY_ENV, "");
    const result = await publicRoute(event({ headers: { [ORIGIN_VERIFY_HEADER]: "" } }));
    expect(result.statusCode).toBe(403);
    expect(run).not.toHaveBeenCalled();
  });

  it("fails closed on a route key with no record, or a record the wrapper does not match", async () => {
    expect((await publicRoute(event({ routeKey: "POST /api/unknown" }))).statusCode).toBe(500);
    // A public wrapper on a signed-in route, and the other way round.
    expect((await publicRoute(event({ routeKey: PRIVATE_ROUTE }))).statusCode).toBe(500);
    expect((await privateRoute(event({ routeKey: PUBLIC_ROUTE }))).statusCode).toBe(500);
    // A record pointing at the handler of another route of the same kind.
    const otherPublic = "GET /api/collect.js";
    expect((await publicRoute(event({ routeKey: otherPublic }))).statusCode).toBe(500);
    expect(logged.at(-1)).toContain(
      "GET /api/collect.js is served by the handler of POST /api/collect",
    );
    expect(run).not.toHaveBeenCalled();
  });

  it.each([
    ["text/plain", "text/plain;charset=UTF-8"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
  ])("answers 415 to a signed-in write whose body is %s", async (_, type) => {
    const result = await privateRoute(
      event({
        routeKey: PRIVATE_ROUTE,
        body: '{"title":"x"}',
        headers: jsonFromPortal({ "content-type": type, authorization: "Bearer a.b.c" }),
      }),
    );
    expect(result.statusCode).toBe(415);
    expect(json(result).error.code).toBe("unsupported_media_type");
  });

  it("answers 415 to a body without a content type", async () => {
    const { "content-type": _, ...headers } = jsonFromPortal();
    const result = await privateRoute(event({ routeKey: PRIVATE_ROUTE, body: "{}", headers }));
    expect(result.statusCode).toBe(415);
  });

  it.each([
    ["another site", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }],
    ["a sibling subdomain", { "sec-fetch-site": "same-site", origin: "https://x.example.com" }],
    ["an old browser on another origin", { "sec-fetch-site": "", origin: "https://evil.example" }],
    ["no origin at all", { "sec-fetch-site": "", origin: "" }],
  ])("answers 403 to a write that rides the session cookie from %s", async (_, site) => {
    const headers: Record<string, string> = { ...jsonFromPortal(), ...site };
    for (const name of ["sec-fetch-site", "origin"]) if (headers[name] === "") delete headers[name];
    const result = await privateRoute(
      event({ routeKey: PRIVATE_ROUTE, body: "{}", headers, cookies: ["__session=a.b.c"] }),
    );
    expect(result.statusCode).toBe(403);
    expect(json(result).error.code).toBe("cross_site_request");
  });

  it("lets the portal's own cookie-only write through to the session check", async () => {
    const result = await privateRoute(
      event({
        routeKey: PRIVATE_ROUTE,
        body: "{}",
        headers: jsonFromPortal(),
        cookies: ["__session=not.a.token"],
      }),
    );
    // Past the same-site rule: refused for the bad token, not as cross-site.
    expect(result.statusCode).toBe(401);
  });

  it("lets a bearer-token write through whatever its origin (another site cannot set the header)", async () => {
    const result = await privateRoute(
      event({
        routeKey: PRIVATE_ROUTE,
        body: "{}",
        headers: jsonFromPortal({
          authorization: "Bearer not.a.token",
          "sec-fetch-site": "cross-site",
          origin: "https://tools.example",
        }),
      }),
    );
    expect(result.statusCode).toBe(401);
  });

  it("takes a text/plain body on the public page-view route, which customers' sites post", async () => {
    const result = await publicRoute(
      event({ body: "{}", headers: { ...jsonFromPortal(), "content-type": "text/plain" } }),
    );
    expect(result.statusCode).toBe(200);
    expect(run).toHaveBeenCalledOnce();
  });

  it("leaves the body of a route with rawBody to the handler, unparsed", async () => {
    // The page-view route checks the size first: the wrapper must not parse a large body.
    const ownBody = publicApi(
      PUBLIC_ROUTE,
      { [PUBLIC_ROUTE]: { body: z.object({}), rawBody: true, response: z.unknown() } },
      run,
    );
    const result = await ownBody(
      event({ body: `{${"x".repeat(10_000)}`, headers: { ...jsonFromPortal() } }),
    );
    expect(result.statusCode).toBe(200);
    expect(run).toHaveBeenCalledOnce();
    const [request] = (run.mock.calls[0] ?? []) as unknown as [{ body: unknown }];
    expect(request.body).toBeUndefined();
  });
});
