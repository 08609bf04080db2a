import { createServer, request, type Server } from "node:http";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBody } from "./http-io";
import { buildHttpEvent, writeHttpResult } from "./lambda-events";
import { close, listen } from "./net";

// A server that answers each request with the event the adapter built for it, or with a
// handler result given in the x-result header.
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    const result = req.headers["x-result"];
    if (typeof result === "string") return writeHttpResult(res, JSON.parse(result));
    const event = buildHttpEvent(req, body, {
      routeKey: "POST /api/things/{id}",
      pathParameters: { id: "t1" },
      apiId: "local",
    });
    res.end(JSON.stringify(event));
  });
  url = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;
});
afterAll(() => close(server));

async function eventFor(init: RequestInit, path = "/api/things/t1") {
  return (await (await fetch(`${url}${path}`, init)).json()) as APIGatewayProxyEventV2;
}

describe("payload 2.0 events", () => {
  it("carries path, query, lower-cased headers and cookies the way API Gateway does", async () => {
    const event = await eventFor(
      {
        method: "POST",
        headers: {
          "X-Custom": "One",
          cookie: "__session=abc; theme=dark",
          "content-type": "application/json",
        },
        body: '{"a":1}',
      },
      "/api/things/t1?tag=a&tag=b&q=hello%20world",
    );
    expect(event).toMatchObject({
      version: "2.0",
      routeKey: "POST /api/things/{id}",
      rawPath: "/api/things/t1",
      rawQueryString: "tag=a&tag=b&q=hello%20world",
      queryStringParameters: { tag: "a,b", q: "hello world" },
      pathParameters: { id: "t1" },
      cookies: ["__session=abc", "theme=dark"],
      body: '{"a":1}',
      isBase64Encoded: false,
      requestContext: { http: { method: "POST", path: "/api/things/t1" }, stage: "$default" },
    });
    expect(event.headers["x-custom"]).toBe("One");
    expect(event.headers.cookie).toBeUndefined();
    expect(event.requestContext.requestId).toMatch(/^\S{16}$/);
    expect(Math.abs(event.requestContext.timeEpoch - Date.now())).toBeLessThan(5000);
  });

  it("base64-encodes a binary body and leaves out an absent one", async () => {
    const bytes = Buffer.from([0, 255, 10, 13]);
    const binary = await eventFor({
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: bytes,
    });
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body ?? "", "base64")).toEqual(bytes);

    const empty = await eventFor({ method: "GET" });
    expect(empty.body).toBeUndefined();
    expect(empty.queryStringParameters).toBeUndefined();
    expect(empty.cookies).toBeUndefined();
  });

  it("gives every request an id of its own", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const { requestContext } = await eventFor({ method: "GET" });
      expect(requestContext.requestId).toMatch(/^[A-Za-z0-9+/]{16}$/);
      ids.add(requestContext.requestId);
    }
    expect(ids.size).toBe(300);
  });
});

describe("writing handler results", () => {
  it("sends status, headers, cookies as Set-Cookie and a base64 body as bytes", async () => {
    const response = await fetch(url, {
      headers: {
        "x-result": JSON.stringify({
          statusCode: 201,
          headers: { "X-Thing": "yes" },
          cookies: ["a=1; Path=/", "b=2; Path=/"],
          body: Buffer.from("hello").toString("base64"),
          isBase64Encoded: true,
        }),
      },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-thing")).toBe("yes");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(await response.text()).toBe("hello");
  });

  it("sends the body with its Content-Length, as API Gateway does, and none for a 204", async () => {
    const raw = (result: unknown) =>
      new Promise<{ headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const req = request(url, { headers: { "x-result": JSON.stringify(result) } }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => resolve({ headers: res.headers, body }));
        });
        req.on("error", reject);
        req.end();
      });
    const ok = await raw({ statusCode: 200, body: "héllo" });
    expect(ok.headers["content-length"]).toBe(String(Buffer.byteLength("héllo")));
    expect(ok.headers["transfer-encoding"]).toBeUndefined();
    expect(ok.body).toBe("héllo");
    const none = await raw({ statusCode: 204, body: "" });
    expect(none.headers["content-length"]).toBeUndefined();
    expect(none.headers["transfer-encoding"]).toBeUndefined();
  });

  it("answers a result without statusCode as 200 JSON, as API Gateway does", async () => {
    const response = await fetch(url, { headers: { "x-result": JSON.stringify({ ok: true }) } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ ok: true });
  });
});
