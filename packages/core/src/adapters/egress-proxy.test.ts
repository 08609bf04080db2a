/**
 * The egress proxy with a real HTTP server on 127.0.0.1 and a SOCKS5 client written out
 * byte by byte (what Chromium sends): who may connect, where the proxy connects, and that
 * nothing leaves between runs.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import net, { type AddressInfo, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type EgressProxy, type EgressProxyOptions, startEgressProxy } from "./egress-proxy";
import type { LookupAll } from "./outbound-guard";

let server: Server;
let port: number;
const hits: string[] = [];
let proxy: EgressProxy | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/plain", connection: "close" }).end("inside");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  hits.length = 0;
});

async function start(options: EgressProxyOptions = {}) {
  proxy = await startEgressProxy(options);
  return proxy;
}

/** Reads until at least n bytes have arrived (or the socket ends). */
async function readBytes(socket: Socket, n: number): Promise<Buffer> {
  let buffer = Buffer.alloc(0);
  while (buffer.length < n) {
    const chunk = socket.read() as Buffer | null;
    if (chunk) {
      buffer = Buffer.concat([buffer, chunk]);
      continue;
    }
    if (socket.readableEnded || socket.destroyed) break;
    await Promise.race([once(socket, "readable"), once(socket, "close")]);
  }
  return buffer;
}

/** Address bytes of a SOCKS5 request: a domain name (ATYP 3) or an IPv4 literal (ATYP 1). */
function destination(host: string): Buffer {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    return Buffer.from([0x01, ...host.split(".").map(Number)]);
  }
  return Buffer.concat([Buffer.from([0x03, host.length]), Buffer.from(host, "latin1")]);
}

/** Opens a SOCKS5 CONNECT to host:port; answers the reply code and the open socket. */
async function socksConnect(
  via: EgressProxy,
  host: string,
  toPort: number,
  command = 0x01,
): Promise<{ code: number | undefined; socket: Socket }> {
  const socket = net.connect({ host: "127.0.0.1", port: via.port });
  await once(socket, "connect");
  socket.write(Buffer.from([0x05, 0x01, 0x00]));
  const greeting = await readBytes(socket, 2);
  expect([...greeting]).toEqual([0x05, 0x00]);
  const portBytes = Buffer.alloc(2);
  portBytes.writeUInt16BE(toPort);
  socket.write(Buffer.concat([Buffer.from([0x05, command, 0x00]), destination(host), portBytes]));
  const reply = await readBytes(socket, 10);
  return { code: reply[1], socket };
}

/** GET / through an open tunnel; the body, or undefined when the tunnel is cut first. */
async function get(socket: Socket, path = "/"): Promise<string> {
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  const chunks: Buffer[] = [];
  socket.on("data", (c: Buffer) => chunks.push(c));
  await once(socket, "close");
  return Buffer.concat(chunks).toString("latin1");
}

describe("egress proxy", () => {
  it("refuses every connection while no run holds it", async () => {
    const p = await start();
    const { code, socket } = await socksConnect(p, "127.0.0.1", port);
    expect(code).toBe(0x02);
    await once(socket, "close");
    expect(hits).toEqual([]);
    expect(p.idleRefusals).toEqual([{ host: "127.0.0.1", port, reason: "no-run" }]);
  });

  it("tunnels to an allowlisted host:port for the run that holds it", async () => {
    const p = await start();
    const lease = await p.lease({ allowHosts: [`127.0.0.1:${port}`] });
    const { code, socket } = await socksConnect(p, "127.0.0.1", port);
    expect(code).toBe(0x00);
    expect(await get(socket, "/through")).toContain("inside");
    expect(hits).toEqual(["/through"]);
    expect(lease.connections).toEqual([{ host: "127.0.0.1", port, address: "127.0.0.1" }]);
    lease.release();
  });

  it("tunnels to an allowlisted name under localhost at loopback, unresolved by the OS", async () => {
    const p = await start();
    const lease = await p.lease({ allowHosts: [`*.sites.localhost:${port}`] });
    const { code, socket } = await socksConnect(p, "a--b.sites.localhost", port);
    expect(code).toBe(0x00);
    expect(await get(socket, "/hosted")).toContain("inside");
    expect(lease.connections).toEqual([
      { host: "a--b.sites.localhost", port, address: "127.0.0.1" },
    ]);
    // Not allowlisted, the same name is refused as before.
    const other = await socksConnect(p, "a--b.sites.localhost", port + 1);
    expect(other.code).not.toBe(0x00);
    lease.release();
  });

  it("refuses loopback and private addresses, by literal or by name, and says why", async () => {
    const p = await start();
    const lookup: LookupAll = async (host) =>
      host === "intranet.test"
        ? [
            { address: "93.184.216.34", family: 4 },
            { address: "10.0.0.5", family: 4 },
          ]
        : [];
    // The allowlist names another port: this one is just a loopback address.
    const lease = await p.lease({ allowHosts: [`127.0.0.1:${port + 1}`], lookup });
    for (const host of ["127.0.0.1", "169.254.169.254", "intranet.test"]) {
      const { code } = await socksConnect(p, host, port);
      expect(code, host).toBe(0x02);
    }
    expect((await socksConnect(p, "nowhere.test", port)).code).toBe(0x04);
    expect(hits).toEqual([]);
    expect(lease.refusals).toEqual([
      { host: "127.0.0.1", port, reason: "not-public", address: "127.0.0.1" },
      { host: "169.254.169.254", port, reason: "not-public", address: "169.254.169.254" },
      // One private answer among public ones is enough.
      { host: "intranet.test", port, reason: "not-public", address: "10.0.0.5" },
      { host: "nowhere.test", port, reason: "unresolved" },
    ]);
    lease.release();
  });

  it("connects to exactly the address it checked, resolving once per connection", async () => {
    // DNS rebinding: the name is public when the proxy asks and private a moment later.
    let asked = 0;
    const lookup: LookupAll = async () => {
      asked += 1;
      return [{ address: asked === 1 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
    };
    const dialled: string[] = [];
    const p = await start({
      // Where the proxy dials; the socket itself goes to the local server so the test can
      // also see the last check, on the connected socket's own address.
      connect: (address, toPort) => {
        dialled.push(`${address}:${toPort}`);
        return net.connect({ host: "127.0.0.1", port });
      },
    });
    const lease = await p.lease({ allowHosts: [], lookup });
    const { code } = await socksConnect(p, "rebind.test", 443);
    expect(dialled).toEqual(["93.184.216.34:443"]);
    expect(asked).toBe(1);
    // The socket reached a loopback address after all: refused on the socket's own word.
    expect(code).toBe(0x02);
    expect(lease.refusals).toEqual([
      { host: "rebind.test", port: 443, reason: "not-public", address: "127.0.0.1" },
    ]);
    // The next connection asks DNS again and gets the private answer: refused before dialling.
    expect((await socksConnect(p, "rebind.test", 443)).code).toBe(0x02);
    expect(dialled).toEqual(["93.184.216.34:443"]);
    expect(hits).toEqual([]);
    lease.release();
  });

  it("tries the next checked address when one does not answer", async () => {
    const dialled: string[] = [];
    const p = await start({
      connect: (address) => {
        dialled.push(address);
        // The first address refuses; the second is this test's server.
        return net.connect({ host: "127.0.0.1", port: address === "93.184.216.34" ? 1 : port });
      },
    });
    const lookup: LookupAll = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "93.184.216.35", family: 4 },
    ];
    const lease = await p.lease({ allowHosts: [], lookup });
    const { code } = await socksConnect(p, "two.test", 80);
    expect(dialled).toEqual(["93.184.216.34", "93.184.216.35"]);
    // Connected, but to loopback in this test: the socket check refuses it.
    expect(code).toBe(0x02);
    lease.release();
  });

  it("carries TCP only: UDP ASSOCIATE and BIND are refused", async () => {
    const p = await start();
    const lease = await p.lease({ allowHosts: [`127.0.0.1:${port}`] });
    expect((await socksConnect(p, "127.0.0.1", port, 0x03)).code).toBe(0x07);
    expect((await socksConnect(p, "127.0.0.1", port, 0x02)).code).toBe(0x07);
    expect(lease.refusals.map((r) => r.reason)).toEqual(["unsupported", "unsupported"]);
    lease.release();
  });

  it("lets runs take turns and cuts a run's tunnels when it releases", async () => {
    const p = await start();
    const first = await p.lease({ allowHosts: [`127.0.0.1:${port}`] });
    const { socket } = await socksConnect(p, "127.0.0.1", port);
    let secondStarted = false;
    const second = p.lease({ allowHosts: [] }).then((lease) => {
      secondStarted = true;
      return lease;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(secondStarted).toBe(false);

    const cut = once(socket, "close");
    first.release();
    await cut;
    const next = await second;
    // The second run's own allowlist applies: the first run's host is not in it.
    expect((await socksConnect(p, "127.0.0.1", port)).code).toBe(0x02);
    next.release();
    expect((await socksConnect(p, "127.0.0.1", port)).code).toBe(0x02);
    expect(p.idleRefusals.at(-1)?.reason).toBe("no-run");
  });

  it("refuses a waiting run when it closes", async () => {
    const p = await start();
    const held = await p.lease({ allowHosts: [] });
    const waiting = p.lease({ allowHosts: [] });
    await p.close();
    await expect(waiting).rejects.toThrow("The egress proxy is closed");
    held.release();
    await expect(p.lease({ allowHosts: [] })).rejects.toThrow("The egress proxy is closed");
  });
});
