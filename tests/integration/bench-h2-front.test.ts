/**
 * The `signed-in` bench's HTTP/2 front (scripts/bench/h2-front.ts): what the page asks for over
 * h2 reaches the local stack as it was sent, and the stack's answer, cookies included, comes
 * back; a stack that does not answer is a 502, not a hung page.
 */
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FrontCertificate,
  frontCertificate,
  startH2Front,
} from "../../scripts/bench/h2-front";

let upstream: http.Server;
let certificate: FrontCertificate;
let front: Awaited<ReturnType<typeof startH2Front>>;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      res.setHeader("set-cookie", "__session=abc; Path=/; HttpOnly");
      res.setHeader("connection", "keep-alive");
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          host: req.headers.host,
          body,
          headers: req.headers,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  certificate = await frontCertificate();
  front = await startH2Front(
    `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    certificate,
  );
});

afterAll(async () => {
  await front?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

async function h2Request(
  url: string,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): Promise<{ headers: http2.IncomingHttpHeaders; text: string; alpn: string | false }> {
  const session = http2.connect(url, { ca: certificate.cert });
  try {
    return await new Promise((resolve, reject) => {
      const stream = session.request(headers);
      let text = "";
      let answer: http2.IncomingHttpHeaders = {};
      stream.on("response", (h) => {
        answer = h;
      });
      stream.on("data", (chunk) => {
        text += chunk;
      });
      stream.on("end", () =>
        resolve({ headers: answer, text, alpn: session.alpnProtocol ?? false }),
      );
      stream.on("error", reject);
      stream.end(body);
    });
  } finally {
    session.close();
  }
}

describe("the bench's HTTP/2 front", () => {
  it("speaks h2 and forwards a write with its body, path and cookies", async () => {
    const answer = await h2Request(
      front.url,
      {
        ":method": "POST",
        ":path": "/api/tickets?x=1",
        cookie: "__session=abc",
        "content-type": "application/json",
      },
      '{"title":"t"}',
    );
    expect(answer.alpn).toBe("h2");
    expect(answer.headers[":status"]).toBe(200);
    // HTTP/2 forbids connection-specific headers: the stack's keep-alive is not passed on.
    expect(answer.headers.connection).toBeUndefined();
    expect(answer.headers["set-cookie"]).toEqual(["__session=abc; Path=/; HttpOnly"]);
    const seen = JSON.parse(answer.text) as {
      method: string;
      url: string;
      host: string;
      body: string;
      headers: Record<string, string>;
    };
    expect(seen).toMatchObject({ method: "POST", url: "/api/tickets?x=1", body: '{"title":"t"}' });
    expect(seen.host).toBe(
      new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`).host,
    );
    expect(seen.headers.cookie).toBe("__session=abc");
  });

  it("answers 502 when the stack is gone", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const orphan = await startH2Front(`http://127.0.0.1:${port}`, certificate);
    try {
      const answer = await h2Request(orphan.url, { ":method": "GET", ":path": "/" });
      expect(answer.headers[":status"]).toBe(502);
    } finally {
      await orphan.stop();
    }
  });
});
