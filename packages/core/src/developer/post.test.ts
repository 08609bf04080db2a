/**
 * postWebhook's overall deadline against real TLS receivers on 127.0.0.1: one that trickles its
 * answer a byte at a time (so an idle timeout would never fire) and one that answers at once.
 */
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selfSignedCert } from "../../../../tests/support/tls-cert";
import { deadlineMessage, postWebhook } from "./post";

const servers: Server[] = [];
const trickles: NodeJS.Timeout[] = [];
let tricklingUrl = "";
let healthyUrl = "";

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

beforeAll(async () => {
  const cert = selfSignedCert(1);
  tricklingUrl = await listen(
    createServer(cert, (_req, res) => {
      // Headers at once, then one byte every 100 ms, for ever: never idle, never done.
      res.writeHead(200, { "content-type": "text/plain" });
      trickles.push(setInterval(() => res.write("."), 100));
    }),
  );
  healthyUrl = await listen(createServer(cert, (_req, res) => res.writeHead(204).end()));
});

afterAll(async () => {
  for (const timer of trickles) clearInterval(timer);
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const post = (url: string, deadlineMs: number) =>
  postWebhook(url, {}, "{}", { allowHosts: ["127.0.0.1"], deadlineMs });

describe("postWebhook's deadline", () => {
  it("ends a trickling answer at the deadline, as a failure", async () => {
    const result = await post(tricklingUrl, 800);
    expect(result).toMatchObject({ ok: false, error: deadlineMessage(800) });
    expect(result.durationMs).toBeGreaterThanOrEqual(750);
    expect(result.durationMs).toBeLessThan(3_000);
    expect(deadlineMessage(10_000)).toBe("No complete answer within 10 seconds");
  });

  it("leaves a prompt answer alone", async () => {
    const result = await post(healthyUrl, 800);
    expect(result).toMatchObject({ ok: true, status: 204 });
  });
});
