import { ConflictError, NotFoundError, UnprocessableError } from "@portal/core/errors";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { api, response } from "./handler";

function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "POST /api/things/{id}",
    rawPath: "/api/things/abc",
    rawQueryString: "",
    headers: {},
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
      routeKey: "POST /api/things/{id}",
      stage: "$default",
      time: "",
      timeEpoch: Date.now(),
    },
    ...overrides,
  };
}

const thingRoute = api(
  {
    public: true,
    body: z.object({ name: z.string().min(2, "Name is too short"), count: z.number().int() }),
    query: z.object({ page: z.coerce.number().int().positive().optional() }),
    params: z.object({ id: z.string().length(3) }),
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
    const handler = api({ public: true }, async () => {
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
    const handler = api({ public: true }, async () => {
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
    const result = await api({}, run)(event({ body: "{not json" }));
    expect(result.statusCode).toBe(401);
    expect(json(result).error.code).toBe("unauthorized");
    expect(run).not.toHaveBeenCalled();
  });

  it("sends a response() with its own status, headers and cookies, and plain data with a status field as 200", async () => {
    const created = await api({ public: true }, async () =>
      response({ status: 201, body: { id: "s1" }, headers: { location: "/x" }, cookies: ["a=b"] }),
    )(event());
    expect(created).toMatchObject({ statusCode: 201, cookies: ["a=b"] });
    expect(created.headers?.location).toBe("/x");

    const queued = await api({ public: true }, async () => ({ id: "j1", status: "queued" }))(
      event(),
    );
    expect(queued.statusCode).toBe(200);
    expect(json(queued)).toEqual({ id: "j1", status: "queued" });

    const empty = await api({ public: true }, async () => response({ status: 204 }))(event());
    expect(empty.statusCode).toBe(204);
    expect(empty.body).toBe("");
  });

  it("writes one JSON log line per request with route, method, status, duration and request id", async () => {
    await thingRoute(event({ body: "{}", pathParameters: { id: "abc" } }));
    expect(logged).toHaveLength(1);
    const line = JSON.parse(logged[0] ?? "");
    expect(line).toMatchObject({
      route: "POST /api/things/{id}",
      method: "POST",
      status: 400,
      requestId: "req-123",
      userId: null,
    });
    expect(typeof line.durationMs).toBe("number");
  });
});
