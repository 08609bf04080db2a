/**
 * One customer's slow endpoint cannot stall anyone else's webhooks (docs/developer-api.md,
 * "Fair sharing and limits"), through the local stack, whose sender queue runs as many senders
 * at once as production. Two TLS receivers on 127.0.0.1: one answers at once, the other sends
 * its headers and then one byte every 200 ms for ever, so it is never idle and never done.
 * The trickling customer has more messages queued than there are senders; the healthy
 * customer's arrive on time all the same, and the trickling endpoint is logged as failed at the
 * attempt's deadline and turned off after its run of failures.
 */
import { createServer, type Server } from "node:https";
import type { Webhook, WebhookCreated, WebhookDelivery } from "@portal/core/contracts/developer";
import {
  MAX_IN_FLIGHT_PER_CUSTOMER,
  POST_DEADLINE_MS,
  SENDER_CONCURRENCY,
} from "@portal/core/developer/sender-limits";
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type SignedIn, signUpCustomer } from "../support/dev-identity";
import { useServers } from "../support/servers";
import { selfSignedCert } from "../support/tls-cert";

let stack: LocalStack;
let core: {
  db: typeof import("@portal/core/db/service").db;
  fanOut: typeof import("@portal/core/developer/webhooks").fanOut;
};
/** Failures in a row that turn an endpoint off (loaded after the stack sets the bindings). */
let DISABLE_AFTER_FAILURES = 0;
let slow: SignedIn;
let healthy: SignedIn;
const servers = useServers();
const trickles = new Set<NodeJS.Timeout>();
/** Requests the trickling receiver holds open now, and the most it ever held at once. */
let trickling = 0;
let mostTrickling = 0;
/** When each healthy delivery arrived, by its webhook-id. */
const arrived = new Map<string, number>();

async function listen(server: Server): Promise<string> {
  return `https://127.0.0.1:${await servers.listen(server)}/hook`;
}

beforeAll(async () => {
  const cert = selfSignedCert(1);
  const tricklingUrl = await listen(
    createServer(cert, (_req, res) => {
      trickling += 1;
      mostTrickling = Math.max(mostTrickling, trickling);
      res.writeHead(200, { "content-type": "text/plain" });
      const timer = setInterval(() => res.write("."), 200);
      trickles.add(timer);
      res.on("close", () => {
        trickling -= 1;
        clearInterval(timer);
        trickles.delete(timer);
      });
    }),
  );
  const healthyUrl = await listen(
    createServer(cert, (req, res) => {
      arrived.set(String(req.headers["webhook-id"]), Date.now());
      req.resume();
      req.on("end", () => res.writeHead(204).end());
    }),
  );

  stack = await startLocalStack({
    port: 0,
    logRequests: false,
    allowOutboundHosts: ["127.0.0.1"],
    // A deferral or backoff second lasts 100 ms: the slow customer's messages come back often.
    queue: { msPerDelaySecond: 100 },
  });
  const webhooks = await import("@portal/core/developer/webhooks");
  core = { db: (await import("@portal/core/db/service")).db, fanOut: webhooks.fanOut };
  ({ DISABLE_AFTER_FAILURES } = webhooks);
  slow = await signUpCustomer({ firstName: "Slow" }, stack.url);
  healthy = await signUpCustomer({ firstName: "Quick" }, stack.url);
  slowHook = await register(slow, tricklingUrl);
  healthyHook = await register(healthy, healthyUrl);
  // Four failures short of being turned off: two rounds of attempts at its deadline.
  await core.db.entities.webhook
    .patch({ userId: slow.user.id, webhookId: slowHook.webhook.id })
    .set({ failureCount: DISABLE_AFTER_FAILURES - 2 * MAX_IN_FLIGHT_PER_CUSTOMER })
    .go();
}, 60_000);

afterAll(async () => {
  for (const timer of trickles) clearInterval(timer);
  await stack?.stop();
});

let slowHook: WebhookCreated;
let healthyHook: WebhookCreated;

async function register(who: SignedIn, url: string): Promise<WebhookCreated> {
  const response = await fetch(`${stack.url}/api/developer/webhooks`, {
    method: "POST",
    headers: { ...bearer(who.token), "content-type": "application/json" },
    body: JSON.stringify({ url, events: ["site.live"] }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as WebhookCreated;
}

async function get<T>(who: SignedIn, path: string): Promise<T> {
  const response = await fetch(`${stack.url}${path}`, { headers: bearer(who.token) });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/**
 * Queues the customer's deliveries of a `site.live` event straight onto the deliveries queue,
 * as the events consumer does, so what is measured is the senders alone.
 */
function siteLive(who: SignedIn, eventId: string) {
  return core.fanOut({
    type: "site.live",
    eventId,
    userId: who.user.id,
    occurredAt: new Date().toISOString(),
    siteId: "site-1",
    siteName: "Bakery",
    liveUrl: "https://bakery.example.com",
  });
}

describe("a customer whose endpoint trickles", () => {
  it("leaves the other customer's deliveries on time", async () => {
    // More of the slow customer's messages than there are senders.
    for (let i = 0; i < SENDER_CONCURRENCY + 2; i++) await siteLive(slow, `slow-${i}`);
    await expect.poll(() => trickling, { timeout: 20_000 }).toBe(MAX_IN_FLIGHT_PER_CUSTOMER);

    const sent = new Map<string, number>();
    for (let i = 0; i < 3; i++) {
      sent.set(`quick-${i}`, Date.now());
      await siteLive(healthy, `quick-${i}`);
    }
    await expect.poll(() => arrived.size, { timeout: 20_000 }).toBe(3);
    for (const [id, at] of sent) {
      // Well inside the deadline the slow endpoint's attempts are allowed.
      expect((arrived.get(id) ?? Number.POSITIVE_INFINITY) - at).toBeLessThan(POST_DEADLINE_MS / 2);
    }
    expect(mostTrickling).toBe(MAX_IN_FLIGHT_PER_CUSTOMER);
  });

  it("is logged as failed at the deadline and turned off after its run of failures", async () => {
    await expect
      .poll(
        async () => {
          const listed = await get<Webhook[]>(slow, "/api/developer/webhooks");
          return listed.find((w) => w.id === slowHook.webhook.id)?.isActive;
        },
        { timeout: POST_DEADLINE_MS * 4 },
      )
      .toBe(false);
    const [endpoint] = await get<Webhook[]>(slow, "/api/developer/webhooks");
    // An attempt already under way when the endpoint was turned off still counts its failure.
    expect(endpoint?.failureCount).toBeGreaterThanOrEqual(DISABLE_AFTER_FAILURES);
    expect(endpoint).toMatchObject({
      disabledReason: `Turned off after ${DISABLE_AFTER_FAILURES} failed deliveries in a row`,
    });
    const log = await get<WebhookDelivery[]>(
      slow,
      `/api/developer/webhooks/${slowHook.webhook.id}/deliveries`,
    );
    expect(log.length).toBeGreaterThanOrEqual(2 * MAX_IN_FLIGHT_PER_CUSTOMER);
    for (const delivery of log) {
      expect(delivery).toMatchObject({
        ok: false,
        failureReason: `No complete answer within ${POST_DEADLINE_MS / 1000} seconds`,
      });
      expect(delivery.durationMs).toBeGreaterThanOrEqual(POST_DEADLINE_MS - 50);
      expect(delivery.durationMs).toBeLessThan(POST_DEADLINE_MS + 2_000);
    }
    // The rest of its messages find it off and are dropped, none dead-lettered.
    await stack.webhooks.idle();
    expect(stack.webhooks.deadLetters()).toEqual([]);
    expect(trickling).toBe(0);

    const healthyNow = await get<Webhook[]>(healthy, "/api/developer/webhooks");
    expect(healthyNow[0]).toMatchObject({ isActive: true, failureCount: 0 });
    expect(healthyNow[0]?.id).toBe(healthyHook.webhook.id);
  });
});
