/**
 * A server that trickles its answer against the uptime run (docs/monitoring.md, "Checks"): the
 * check ends at its one deadline however the bytes are paced, and eight such sites of one
 * customer, listed first, leave the run's other workers to another customer's healthy site,
 * which is checked at once. Real TLS and HTTP servers on 127.0.0.1, the run against dynalite.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selfSignedCert } from "../../../../tests/support/tls-cert";
import { startTestDynamo, type TestDynamo } from "../db/testing";
import { deadlineMessage } from "./check";

const servers: (Server | tls.Server)[] = [];
const trickles = new Set<NodeJS.Timeout>();
const sockets = new Set<tls.TLSSocket>();
let tricklingUrl = "";
let healthyUrl = "";
let healthyHits: number[] = [];
let dynamo: TestDynamo;

async function listen(server: Server | tls.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  // The status line and then a header, one byte every 100 ms, for ever: never idle, never done.
  const trickling = tls.createServer(selfSignedCert(90), (socket) => {
    const bytes = Buffer.from("HTTP/1.1 200 OK\r\nX-Slow: ");
    let sent = 0;
    const timer = setInterval(() => {
      socket.write(sent < bytes.length ? bytes.subarray(sent, sent + 1) : "a");
      sent++;
    }, 100);
    trickles.add(timer);
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      trickles.delete(timer);
    });
  });
  tricklingUrl = `https://127.0.0.1:${await listen(trickling)}/`;
  const healthy = createServer((_req, res) => {
    healthyHits.push(Date.now());
    res.writeHead(200).end("open");
  });
  healthyUrl = `http://127.0.0.1:${await listen(healthy)}/`;
  dynamo = await startTestDynamo();
  Object.assign(process.env, dynamo.env, { SST_Parameter_value_OUTBOUND_ALLOW_HOSTS: "" });
});

afterAll(async () => {
  for (const timer of trickles) clearInterval(timer);
  for (const socket of sockets) socket.destroy();
  for (const server of servers) {
    if ("closeAllConnections" in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await dynamo?.stop();
});

describe("a slow-drip server", () => {
  it("is a failed check at the deadline, however it paces its bytes", async () => {
    const { checkSite } = await import("./check");
    const started = Date.now();
    const result = await checkSite(tricklingUrl, { allowHosts: ["127.0.0.1"], timeoutMs: 800 });
    expect(result).toMatchObject({ ok: false, error: deadlineMessage(800) });
    // The certificate was read before the answer stalled, and is kept.
    expect(result.certExpiresAt).toEqual(expect.any(String));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(deadlineMessage(10_000)).toBe("No complete answer within 10 seconds");
  }, 10_000);

  it("holds no more than its customer's share of the run: a healthy site is checked at once", async () => {
    const { db } = await import("../db/service");
    const { runUptimeChecks } = await import("./index");
    const live = (userId: string, liveUrl: string) =>
      db.entities.site.create({ userId, name: "Bakery", status: "live", liveUrl }).go();
    // Created first, so the run (oldest site first) lists all eight before the healthy one.
    for (let i = 0; i < 8; i++) await live("user_drip", tricklingUrl);
    const { data: healthy } = await live("user_healthy", healthyUrl);
    healthyHits = [];
    const deadlineMs = 2_000;
    const started = Date.now();
    const run = await runUptimeChecks({ allowHosts: ["127.0.0.1"], timeoutMs: deadlineMs });
    // Checked before any trickling check could have ended: it did not wait for a worker.
    expect(healthyHits).toHaveLength(1);
    expect((healthyHits[0] as number) - started).toBeLessThan(deadlineMs);
    expect(run.results).toContainEqual({ siteId: healthy.siteId, ok: true, events: [] });
    expect(run.results.filter((r) => !r.ok)).toHaveLength(8);
  }, 30_000);
});
