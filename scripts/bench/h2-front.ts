/**
 * An HTTP/2 front for the local stack, as CloudFront serves the portal in production (HTTP/2
 * and HTTP/3 over TLS): the `signed-in` bench measures each page through it as well as over
 * the local stack's own HTTP/1.1 (docs/performance.md, "Seventh round"). Lighthouse's
 * simulation gives an HTTP/1.1 origin six connections, each request on one costing a round
 * trip; an HTTP/2 origin one connection that carries many small files in one round trip. A page
 * of many small chunks is measured very differently by the two, and only the second is what a
 * customer's phone gets.
 *
 * A self-signed certificate for 127.0.0.1, which the bench's Chromium trusts by its key
 * (`--ignore-certificate-errors-spki-list`: a certificate error would also keep responses out of
 * the HTTP cache, and the warm loads would be cold), a TLS server on loopback that negotiates h2,
 * and each request forwarded to the local stack as it came.
 */
import { createHash, createPublicKey } from "node:crypto";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

/** Headers HTTP/2 forbids (RFC 9113, 8.2.2) or that belong to one hop only. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "host",
]);

export interface FrontCertificate {
  key: string;
  cert: string;
  /** The Chromium flag that makes it trust this certificate. */
  chromiumFlag: string;
}

/** One certificate for the run's fronts, and the flag for the browser that visits them. */
export async function frontCertificate(): Promise<FrontCertificate> {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  const spki = createPublicKey(pems.cert).export({ type: "spki", format: "der" });
  const hash = createHash("sha256").update(spki).digest("base64");
  return {
    key: pems.private,
    cert: pems.cert,
    chromiumFlag: `--ignore-certificate-errors-spki-list=${hash}`,
  };
}

export async function startH2Front(
  target: string,
  certificate: FrontCertificate,
): Promise<{ url: string; stop(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const server = http2.createSecureServer({ key: certificate.key, cert: certificate.cert });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  server.on("request", (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = `${hostname}:${port}`;
    const upstream = http.request(
      { hostname, port, method: req.method, path: req.url, headers },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: frontPort } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${frontPort}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open sessions keep close() waiting: end them.
        for (const session of sessions) session.destroy();
      }),
  };
}
