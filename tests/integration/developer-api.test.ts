/**
 * The developer API (docs/developer-api.md) through the local stack: API keys on every route
 * class, revoked and expired keys, and outgoing webhooks to a receiver on 127.0.0.1
 * (allowlisted for this stack only, as the uptime tests do) that checks every signature,
 * fails twice and then answers 200. The queue's backoff runs with a DelaySeconds second of
 * 1 ms, so minutes of retries pass in moments.
 */
import { createServer } from "node:https";
import type {
  ApiKeyCreated,
  WebhookCreated,
  WebhookDelivery,
} from "@portal/core/contracts/developer";
import { verify } from "@portal/core/developer/signature";
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiAt } from "../support/api";
import { bearer, type SignedIn, signUpCustomer } from "../support/dev-identity";
import { useServers } from "../support/servers";
import { selfSignedCert } from "../support/tls-cert";

let stack: LocalStack;
let core: {
  db: typeof import("@portal/core/db/service").db;
  emit: typeof import("@portal/core/events/emit").emit;
};
let customer: SignedIn;
let other: SignedIn;
const servers = useServers();

/** What the receiver saw: every request, and the messages it processed (once per webhook-id). */
interface Received {
  id: string;
  signatureValid: boolean;
  body: { type: string; data: Record<string, unknown> };
}
const received: Received[] = [];
const processed = new Map<string, Received>();
let secret = "";
/** How many of the next requests the receiver answers 500. */
let failNext = 0;
let receiverUrl = "";
let refusingUrl = "";

beforeAll(async () => {
  const cert = selfSignedCert(30);
  const port = await servers.listen(
    createServer(cert, (req, res) => {
      let raw = "";
      req.on("data", (chunk) => {
        raw += chunk;
      });
      req.on("end", () => {
        const headers = {
          "webhook-id": req.headers["webhook-id"] as string,
          "webhook-timestamp": req.headers["webhook-timestamp"] as string,
          "webhook-signature": req.headers["webhook-signature"] as string,
        };
        const entry: Received = {
          id: headers["webhook-id"],
          signatureValid: verify(secret, headers, raw),
          body: JSON.parse(raw),
        };
        received.push(entry);
        if (!entry.signatureValid) return res.writeHead(401).end("bad signature");
        if (failNext > 0) {
          failNext -= 1;
          return res.writeHead(500).end("not today");
        }
        // Standard Webhooks receivers process a message once, whatever is redelivered.
        if (!processed.has(entry.id)) processed.set(entry.id, entry);
        res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
      });
    }),
  );
  receiverUrl = `https://127.0.0.1:${port}/hooks/portal`;
  const refusing = await servers.unusedPort();
  refusingUrl = `https://127.0.0.1:${refusing}/gone`;

  stack = await startLocalStack({
    port: 0,
    logRequests: false,
    allowOutboundHosts: ["127.0.0.1"],
    queue: { msPerDelaySecond: 1 },
  });
  core = {
    db: (await import("@portal/core/db/service")).db,
    emit: (await import("@portal/core/events/emit")).emit,
  };
  customer = await signUpCustomer({ firstName: "Ada" }, stack.url);
  other = await signUpCustomer({}, stack.url);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const call = apiAt(() => stack.url);

const session = (who: SignedIn = customer) => bearer(who.token);
const key = (value: string) => ({ authorization: `Bearer ${value}` });

async function makeKey(permission: "read" | "write", who = customer): Promise<ApiKeyCreated> {
  const made = await call(session(who), "POST /api/developer/keys", {
    body: {
      name: `${permission} key`,
      permission,
    },
  });
  expect(made.status).toBe(201);
  return made.body;
}

describe("API keys", () => {
  it("are shown once, listed by prefix and permission, and never stored whole", async () => {
    const made = await makeKey("read");
    expect(made.key).toMatch(/^sk_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(made.apiKey.keyPrefix)).toBe(true);
    const listed = await call(session(), "GET /api/developer/keys");
    expect(listed.body).toContainEqual(
      expect.objectContaining({ id: made.apiKey.id, permission: "read", status: "active" }),
    );
    expect(JSON.stringify(listed.body)).not.toContain(made.key.slice(14));
    const { data } = await core.db.entities.apiKey
      .get({ userId: customer.user.id, apiKeyId: made.apiKey.id })
      .go();
    expect(JSON.stringify(data)).not.toContain(made.key.slice(14));
  });

  it("a read key reaches GET routes only, as its own customer", async () => {
    const { key: readKey } = await makeKey("read");
    const theirs = await call(session(other), "POST /api/tickets", {
      body: {
        title: "Other's ticket",
        description: "Not yours to read at all",
        category: "general",
        priority: "low",
      },
    });
    expect(theirs.status).toBe(201);
    const cases: [string, number, string?][] = [
      ["GET /api/sites", 200],
      ["GET /api/tickets", 200],
      ["GET /api/dashboard/stats", 200],
      ["GET /api/seo/results", 200],
      [`GET /api/tickets/${theirs.body.id}`, 404, "not_found"],
      ["POST /api/tickets", 403, "api_key_not_allowed"],
      ["PATCH /api/auth/user/preferences", 403, "api_key_not_allowed"],
      ["GET /api/billing/subscription", 403, "api_key_not_allowed"],
      ["GET /api/developer/keys", 403, "api_key_not_allowed"],
      ["GET /api/staff/requests", 403, "api_key_not_allowed"],
    ];
    for (const [route, status, code] of cases) {
      const [method = "", path = ""] = route.split(" ");
      const answer = await call(key(readKey), method, path, method === "GET" ? undefined : {});
      expect([route, answer.status, answer.body?.error?.code]).toEqual([route, status, code]);
    }
    const tickets = await call(key(readKey), "GET", "/api/tickets");
    expect(JSON.stringify(tickets.body)).not.toContain("Other's ticket");
  });

  it("a write key also changes things, but never billing, keys, or what cannot be undone", async () => {
    const { key: writeKey, apiKey } = await makeKey("write");
    const ticket = await call(key(writeKey), "POST /api/tickets", {
      body: {
        title: "Opened by a script",
        description: "Our monitoring opened this ticket",
        category: "technical",
        priority: "medium",
      },
    });
    expect(ticket.status).toBe(201);
    const { data } = await core.db.entities.ticket
      .get({ userId: customer.user.id, ticketId: ticket.body.id })
      .go();
    expect(data?.title).toBe("Opened by a script");
    for (const route of [
      "POST /api/billing/cancel-subscription",
      "POST /api/developer/keys",
      `DELETE /api/developer/keys/${apiKey.id}`,
      "POST /api/developer/webhooks",
      // What cannot be undone, or would silence the owner's mails: signed in only.
      "DELETE /api/sites/01M8B21QE24ETBXWCW08BP0RGX",
      "POST /api/sites/01M8B21QE24ETBXWCW08BP0RGX/domain",
      "PATCH /api/auth/user/preferences",
    ]) {
      const [method = "", path = ""] = route.split(" ");
      const answer = await call(key(writeKey), method, path, {});
      expect([route, answer.status, answer.body?.error?.code]).toEqual([
        route,
        403,
        "api_key_not_allowed",
      ]);
    }
    // A key may rename a site, but not move its domain.
    const { data: site } = await core.db.entities.site
      .create({ userId: customer.user.id, name: "Ada's Bakery", status: "live" })
      .go();
    const renamed = await call(key(writeKey), "PATCH /api/sites/{id}", {
      params: { id: site.siteId },
      body: {
        name: "Ada's Bakery & Café",
      },
    });
    expect(renamed.status).toBe(200);
    const moved = await call(key(writeKey), "PATCH /api/sites/{id}", {
      params: { id: site.siteId },
      body: {
        customDomain: "ada.example.com",
      },
    });
    expect([moved.status, moved.error?.code]).toEqual([403, "api_key_not_allowed"]);
    const listed = await call(session(), "GET", "/api/developer/keys");
    const used = listed.body.find((k: { id: string }) => k.id === apiKey.id);
    expect(used.lastUsed).not.toBeNull();
  });

  it("revoked, expired, malformed and cookie-borne keys are 401", async () => {
    const revoked = await makeKey("write");
    expect((await call(key(revoked.key), "GET", "/api/sites")).status).toBe(200);
    const revoke = await call(session(), "DELETE /api/developer/keys/{id}", {
      params: { id: revoked.apiKey.id },
    });
    expect(revoke.body.status).toBe("revoked");
    const after = await call(key(revoked.key), "GET", "/api/sites");
    expect(after.status).toBe(401);
    expect(after.error?.message).toContain("Unauthorized");

    const expired = await makeKey("read");
    await core.db.entities.apiKey
      .patch({ userId: customer.user.id, apiKeyId: expired.apiKey.id })
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .go();
    expect((await call(key(expired.key), "GET", "/api/sites")).status).toBe(401);

    const fine = await makeKey("read");
    const forged = `${fine.key.slice(0, -4)}AAAA`;
    expect((await call(key(forged), "GET", "/api/sites")).status).toBe(401);
    expect((await call(key("sk_nonsense"), "GET", "/api/sites")).status).toBe(401);
    const cookie = await fetch(`${stack.url}/api/sites`, {
      headers: { cookie: `__session=${fine.key}` },
    });
    expect(cookie.status).toBe(401);
  });

  it("never appear in the request log, which names the key's id instead", async () => {
    const made = await makeKey("read");
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    process.env.LOG_REQUESTS = "true";
    try {
      await call(key(made.key), "GET", "/api/sites");
      await call(key(made.key), "POST", "/api/tickets", {});
    } finally {
      process.env.LOG_REQUESTS = "false";
      spy.mockRestore();
    }
    const log = lines.join("");
    expect(log).toContain(made.apiKey.id);
    expect(log).not.toContain(made.key.slice(14));
  });
});

async function deliveriesOf(webhookId: string, who = customer): Promise<WebhookDelivery[]> {
  const answer = await call(session(who), "GET /api/developer/webhooks/{id}/deliveries", {
    params: { id: webhookId },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function settled() {
  await stack.events.idle();
  await stack.webhooks.idle();
}

describe("outgoing webhooks", () => {
  let webhook: WebhookCreated;

  it("registers an https endpoint and shows its secret once", async () => {
    const made = await call(session(), "POST /api/developer/webhooks", {
      body: {
        url: receiverUrl,
        events: ["domain.verified", "ticket.staff_replied"],
      },
    });
    expect(made.status).toBe(201);
    webhook = made.body;
    secret = webhook.secret;
    expect(secret).toMatch(/^whsec_/);
    const listed = await call(session(), "GET", "/api/developer/webhooks");
    expect(listed.body).toContainEqual(expect.objectContaining({ id: webhook.webhook.id }));
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it("delivers a domain event signed, retrying with backoff: three attempts, one processed", async () => {
    failNext = 2;
    await core.emit({
      type: "domain.verified",
      eventId: "domain.verified:test-1",
      userId: customer.user.id,
      siteId: "site-1",
      siteName: "Ada's Bakery",
      domain: "bakery.example.com",
    });
    await expect
      .poll(async () => {
        await settled();
        return (await deliveriesOf(webhook.webhook.id)).length;
      })
      .toBe(3);
    const log = (await deliveriesOf(webhook.webhook.id)).reverse();
    expect(log.map((d) => [d.attempt, d.responseStatus, d.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(new Set(log.map((d) => d.messageId))).toEqual(new Set(["domain.verified:test-1"]));
    expect(log[0]?.responseBody).toBe("not today");
    expect(log[0]?.failureReason).toBe("The endpoint answered 500");
    expect(log[2]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(received.filter((r) => r.id === "domain.verified:test-1")).toHaveLength(3);
    expect(received.every((r) => r.signatureValid)).toBe(true);
    expect(processed.get("domain.verified:test-1")?.body).toEqual({
      type: "domain.verified",
      timestamp: expect.any(String),
      data: { siteId: "site-1", siteName: "Ada's Bakery", domain: "bakery.example.com" },
    });
    const [endpoint] = (await call(session(), "GET", "/api/developer/webhooks")).body;
    expect(endpoint).toMatchObject({ failureCount: 0, isActive: true });
  });

  it("sends nothing for events the endpoint did not choose", async () => {
    const before = received.length;
    await core.emit({
      type: "payment.failed",
      userId: customer.user.id,
      amountDue: 4900,
      currency: "usd",
    });
    await settled();
    expect(received.length).toBe(before);
  });

  it("sends a test event, and redelivers a logged message with the same id", async () => {
    const test = await call(session(), "POST /api/developer/webhooks/{id}/test", {
      params: { id: webhook.webhook.id },
    });
    expect(test.status).toBe(202);
    await settled();
    expect(processed.get(test.body.messageId)?.body.type).toBe("webhook.test");

    const [delivered] = (await deliveriesOf(webhook.webhook.id)).filter(
      (d) => d.messageId === "domain.verified:test-1" && d.ok,
    );
    const again = await call(
      session(),
      "POST",
      `/api/developer/webhooks/${webhook.webhook.id}/deliveries/${delivered?.id}/redeliver`,
    );
    expect(again.status).toBe(202);
    expect(again.body.messageId).toBe("domain.verified:test-1");
    await settled();
    const newest = (await deliveriesOf(webhook.webhook.id))[0];
    expect(newest).toMatchObject({
      trigger: "redeliver",
      messageId: "domain.verified:test-1",
      ok: true,
    });
    expect(received.filter((r) => r.id === "domain.verified:test-1")).toHaveLength(4);
  });

  it("another customer finds none of it", async () => {
    const id = webhook.webhook.id;
    expect(
      (
        await call(session(other), "GET /api/developer/webhooks/{id}/deliveries", {
          params: { id },
        })
      ).status,
    ).toBe(404);
    expect((await call(session(other), "POST", `/api/developer/webhooks/${id}/test`)).status).toBe(
      404,
    );
    expect((await call(session(other), "DELETE", `/api/developer/webhooks/${id}`)).status).toBe(
      404,
    );
  });

  it("refuses endpoints on private addresses, and plain http", async () => {
    for (const url of [
      "https://10.0.0.8/hook",
      "https://169.254.169.254/latest",
      "https://[::1]:8443/",
    ]) {
      const answer = await call(session(), "POST /api/developer/webhooks", {
        body: {
          url,
          events: ["site.live"],
        },
      });
      expect([url, answer.status]).toEqual([url, 422]);
      expect(answer.error?.message).toMatch(/not reachable/);
    }
    const plain = await call(session(), "POST /api/developer/webhooks", {
      body: {
        url: "http://example.com/hook",
        events: ["site.live"],
      },
    });
    expect(plain.status).toBe(400);
    expect(plain.error?.fields?.url).toBe("Enter an https:// URL");
  });

  it("refuses to send to a private address even when one got stored", async () => {
    // As if DNS had changed under a public name: the sender's own lookup refuses it.
    const { data } = await core.db.entities.webhook
      .create({
        userId: customer.user.id,
        url: "https://10.1.2.3/hook",
        events: ["site.live"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      })
      .go();
    await call(session(), "POST /api/developer/webhooks/{id}/test", {
      params: { id: data.webhookId },
    });
    await settled();
    const [first] = (await deliveriesOf(data.webhookId)).reverse();
    expect(first).toMatchObject({ ok: false, responseStatus: null });
    expect(first?.failureReason).toMatch(/not reachable/);
  });

  it("turns an endpoint off after a run of failures and tells the customer", async () => {
    const { data } = await core.db.entities.webhook
      .create({
        userId: customer.user.id,
        url: refusingUrl,
        events: ["site.live"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        failureCount: 14,
      })
      .go();
    await call(session(), "POST /api/developer/webhooks/{id}/test", {
      params: { id: data.webhookId },
    });
    await settled();
    const listed = (await call(session(), "GET /api/developer/webhooks")).body;
    expect(listed.find((w: { id: string }) => w.id === data.webhookId)).toMatchObject({
      isActive: false,
      failureCount: 15,
      disabledReason: "Turned off after 15 failed deliveries in a row",
    });
    // One attempt: a disabled endpoint gets no retries.
    expect(await deliveriesOf(data.webhookId)).toHaveLength(1);
    const test = await call(session(), "POST /api/developer/webhooks/{id}/test", {
      params: { id: data.webhookId },
    });
    expect(test.status).toBe(422);
    await settled();
    const mails = stack.mail
      .messages()
      .filter((m) => m.envelope.to.includes(customer.user.email))
      .map((m) => m.subject);
    expect(mails).toContain("Your webhook endpoint was disabled");

    const enabled = await call(session(), "PATCH /api/developer/webhooks/{id}", {
      params: { id: data.webhookId },
      body: {
        isActive: true,
      },
    });
    expect(enabled.body).toMatchObject({ isActive: true, failureCount: 0, disabledReason: null });
  });
});
