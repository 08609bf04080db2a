/**
 * Pages the audit tests load: an HTTPS site on 127.0.0.1 (self-signed, made with openssl
 * for each run) that the tests allowlist, and a "forbidden" HTTPS server on another
 * loopback port that is never allowlisted and records every hit it gets (WebSocket
 * handshakes too), plus a UDP port that records every datagram (a STUN server for WebRTC).
 * Both are HTTPS so that mixed-content blocking cannot be what stops a request: only the
 * guard can.
 */
import dgram from "node:dgram";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { selfSignedCert } from "../../support/tls-cert";

export interface TestSite {
  /** https://127.0.0.1:PORT */
  origin: string;
  /** "127.0.0.1:PORT", the allowlist entry. */
  host: string;
  /** https://127.0.0.1:OTHER, not allowlisted. */
  forbiddenOrigin: string;
  /** Paths the forbidden server was asked for ("upgrade /path" for a WebSocket). */
  forbiddenHits: string[];
  /** A loopback UDP port nobody may send to; `udpHits` lists what arrived. */
  udpPort: number;
  udpHits: string[];
  close(): Promise<void>;
}

/** 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const GOOD_HEAD = `
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="canonical" href="/">
  <meta property="og:title" content="Corner Bakery">
  <meta property="og:image" content="/og.png">`;

/** The name the rebinding tests resolve to a public address for the guard, loopback after. */
export const REBIND_HOST = "rebind.test";

function pages(
  forbidden: string,
  udpPort: number,
): Record<string, { type: string; body: string | Buffer }> {
  const html = (s: string) => ({ type: "text/html; charset=utf-8", body: s });
  const forbiddenPort = new URL(forbidden).port;
  const rebound = `https://${REBIND_HOST}:${forbiddenPort}`;
  return {
    // Everything right except: no meta description, two h1, three images without alt.
    "/defects": html(`<!doctype html><html lang="en"><head>
      <title>Corner Bakery - fresh bread</title>${GOOD_HEAD}
    </head><body>
      <h1>Corner Bakery</h1>
      <h2>Our bread</h2>
      <h1>Order online</h1>
      <img src="/a.png"><img src="/b.png"><img src="/c.png">
      <a href="/menu">Menu</a> <a href="/about">About</a> <a href="#top">Top</a>
      <a href="https://maps.example.org/bakery">Map</a> <a href="mailto:hi@example.com">Mail</a>
    </body></html>`),
    // For Lighthouse: real content, plus a sub-resource and a source map on the forbidden
    // server, which the guard must hold back during Lighthouse's own navigation.
    "/lighthouse": html(`<!doctype html><html lang="en"><head>
      <title>Corner Bakery - fresh bread</title>${GOOD_HEAD}
      <meta name="description" content="Fresh sourdough, rye and pastries baked every morning in the heart of town.">
      <script src="/app.js"></script>
    </head><body>
      <h1>Corner Bakery</h1><p>Bread and pastries, baked every morning since 1990.</p>
      <img src="${forbidden}/tracker.png" alt="">
    </body></html>`),
    "/app.js": {
      type: "text/javascript",
      body: `document.documentElement.dataset.ready = "1";\n//# sourceMappingURL=${forbidden}/app.js.map`,
    },
    // Sub-requests from a dedicated worker and a service worker to the forbidden server.
    "/workers": html(`<!doctype html><html lang="en"><head><title>Workers</title></head><body>
      <h1>Workers</h1>
      <script>
        new Worker("/worker.js");
        navigator.serviceWorker.register("/sw.js");
        fetch("${forbidden}/from-page").catch(() => {});
      </script>
    </body></html>`),
    "/worker.js": {
      type: "text/javascript",
      body: `fetch("${forbidden}/from-worker").catch(() => {});`,
    },
    "/sw.js": {
      type: "text/javascript",
      body: `self.addEventListener("install", (e) => e.waitUntil(fetch("${forbidden}/from-sw").catch(() => {})));`,
    },
    // A WebSocket to the forbidden server: no interceptor sees its handshake.
    "/websocket": html(`<!doctype html><html lang="en"><head><title>Socket</title></head><body>
      <h1>Socket</h1>
      <script>const ws = new WebSocket("${forbidden.replace("https:", "wss:")}/ws");</script>
    </body></html>`),
    // A sub-frame and a fetch to a name the tests resolve to a public address for the guard
    // and to loopback for the connection.
    "/rebind": html(`<!doctype html><html lang="en"><head><title>Rebind</title></head><body>
      <h1>Rebind</h1>
      <iframe src="${rebound}/frame"></iframe>
      <script>fetch("${rebound}/fetch").catch(() => {});</script>
    </body></html>`),
    // WebRTC asking a STUN server on a loopback UDP port for its address.
    "/webrtc": html(`<!doctype html><html lang="en"><head><title>WebRTC</title></head><body>
      <h1>WebRTC</h1>
      <script>
        const pc = new RTCPeerConnection({ iceServers: [{ urls: "stun:127.0.0.1:${udpPort}" }] });
        pc.createDataChannel("x");
        pc.createOffer().then((offer) => pc.setLocalDescription(offer));
      </script>
    </body></html>`),
    // A popup that keeps reaching for the forbidden server for as long as it lives.
    "/popup": html(`<!doctype html><html lang="en"><head><title>Popup</title></head><body>
      <h1>Popup</h1>
      <script>window.open("/popup-child", "child");</script>
    </body></html>`),
    "/popup-child": html(`<!doctype html><html lang="en"><head><title>Child</title></head><body>
      <script>setInterval(() => fetch("${forbidden}/from-popup").catch(() => {}), 100);</script>
    </body></html>`),
    "/a.png": { type: "image/png", body: PNG },
    "/b.png": { type: "image/png", body: PNG },
    "/c.png": { type: "image/png", body: PNG },
    "/og.png": { type: "image/png", body: PNG },
  };
}

export async function startTestSite(): Promise<TestSite> {
  const tls = selfSignedCert(1);
  const forbiddenHits: string[] = [];
  const forbiddenServer = https.createServer(tls, (req, res) => {
    forbiddenHits.push(req.url ?? "");
    res.end("internal data");
  });
  forbiddenServer.on("upgrade", (req, socket) => {
    forbiddenHits.push(`upgrade ${req.url ?? ""}`);
    socket.destroy();
  });
  await new Promise<void>((r) => forbiddenServer.listen(0, "127.0.0.1", r));
  const forbiddenOrigin = `https://127.0.0.1:${(forbiddenServer.address() as AddressInfo).port}`;

  const udpHits: string[] = [];
  const udp = dgram.createSocket("udp4");
  udp.on("message", (message, from) => udpHits.push(`${from.address}: ${message.length} bytes`));
  await new Promise<void>((r) => udp.bind(0, "127.0.0.1", r));
  const udpPort = udp.address().port;

  const table = pages(forbiddenOrigin, udpPort);
  const server = https.createServer(tls, (req, res) => {
    const path = new URL(req.url ?? "/", "https://x").pathname;
    if (path === "/redirect-out") {
      res.writeHead(302, { location: `${forbiddenOrigin}/after-redirect` }).end();
      return;
    }
    const page = table[path];
    if (!page) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": page.type }).end(page.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;

  return {
    origin: `https://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    forbiddenOrigin,
    forbiddenHits,
    udpPort,
    udpHits,
    async close() {
      udp.close();
      server.closeAllConnections();
      forbiddenServer.closeAllConnections();
      await Promise.all([
        new Promise((r) => server.close(r)),
        new Promise((r) => forbiddenServer.close(r)),
      ]);
    },
  };
}
