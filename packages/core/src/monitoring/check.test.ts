import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSite, deadlineMessage } from "./check";

let server: Server;
let port = 0;
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    if (req.url === "/missing") return res.writeHead(404).end();
    if (req.url === "/moved") return res.writeHead(301, { location: "/" }).end();
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("checkSite", () => {
  it("refuses loopback and private addresses unless allowlisted, without connecting", async () => {
    const before = requests;
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
      const result = await checkSite(url);
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/not reachable from our servers/);
    }
    // An entry for another port does not open this one.
    expect((await checkSite(`http://127.0.0.1:${port}/`, { allowHosts: ["127.0.0.1:1"] })).ok).toBe(
      false,
    );
    expect(requests).toBe(before);
  });

  it("counts 2xx and 3xx as up and 4xx as down", async () => {
    const allowHosts = ["127.0.0.1"];
    expect(await checkSite(`http://127.0.0.1:${port}/`, { allowHosts })).toMatchObject({
      ok: true,
      status: 200,
    });
    expect(await checkSite(`http://127.0.0.1:${port}/moved`, { allowHosts })).toMatchObject({
      ok: true,
      status: 301,
    });
    expect(await checkSite(`http://127.0.0.1:${port}/missing`, { allowHosts })).toMatchObject({
      ok: false,
      status: 404,
      error: "The server answered 404",
    });
  });

  it("gives up after the timeout", async () => {
    const hang = createServer(() => {});
    await new Promise<void>((resolve) => hang.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(hang.address() as AddressInfo).port}/`;
    const result = await checkSite(url, { allowHosts: ["127.0.0.1"], timeoutMs: 200 });
    hang.closeAllConnections();
    await new Promise((resolve) => hang.close(resolve));
    expect(result).toMatchObject({ ok: false, error: deadlineMessage(200) });
  });
});
