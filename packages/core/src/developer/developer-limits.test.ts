/**
 * The Developer section's limits against a real DynamoDB API (dynalite, in memory): the caps on
 * endpoints and API keys under requests at once, the senders' per-customer slots, the hourly
 * allowance of test events and redeliveries, and the delivery log's expiry. The queue is
 * replaced by a recorder (the local stack's queue is covered by tests/integration).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";
import { RateLimitError, UnprocessableError } from "../errors";
import { MANUAL_SENDS_PER_HOUR, SLOT_LEASE_MS } from "./sender-limits";

const queued = vi.hoisted(() => [] as { message: unknown; delaySeconds?: number }[]);
vi.mock("../adapters/webhook-deliveries", () => ({
  sendWebhookDelivery: async (message: unknown, delaySeconds?: number) => {
    queued.push({ message, delaySeconds });
  },
}));

// A revocation's tombstone goes to S3, which this test has none of: record it instead.
const tombstones = vi.hoisted(() => [] as unknown[]);
vi.mock("../adapters/tombstones", () => ({
  recordTombstone: async (tombstone: unknown) => {
    tombstones.push(tombstone);
  },
}));

let dynamo: TestDynamo;
let Webhooks: typeof import("./webhooks");
let ApiKeys: typeof import("./api-keys");
let Share: typeof import("./sender-share");
let db: typeof import("../db/service").db;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env, { SST_Parameter_value_OUTBOUND_ALLOW_HOSTS: "" });
  Webhooks = await import("./webhooks");
  ApiKeys = await import("./api-keys");
  Share = await import("./sender-share");
  ({ db } = await import("../db/service"));
});

afterAll(async () => {
  await dynamo?.stop();
});

beforeEach(() => {
  queued.length = 0;
});

let users = 0;
const newUser = () => `user_limits_${++users}`;
/** A public address written as a literal: the guard passes it without a lookup. */
const PUBLIC_URL = "https://93.184.215.14/hook";
const endpoint = { url: PUBLIC_URL, events: ["site.live" as const] };

const outcomes = (results: PromiseSettledResult<unknown>[]) => ({
  made: results.filter((r) => r.status === "fulfilled").length,
  refused: results.filter((r) => r.status === "rejected" && r.reason instanceof UnprocessableError)
    .length,
});

describe("the endpoint cap", () => {
  it("holds under twenty creates at once: sixteen are made, four refused", async () => {
    const userId = newUser();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => Webhooks.create(userId, endpoint)),
    );
    expect(outcomes(results)).toEqual({ made: Webhooks.MAX_ENDPOINTS, refused: 4 });
    expect(await Webhooks.list(userId)).toHaveLength(Webhooks.MAX_ENDPOINTS);
  });

  it("gives a removed endpoint's place back, once", async () => {
    const userId = newUser();
    const made = await Promise.all(
      Array.from({ length: Webhooks.MAX_ENDPOINTS }, () => Webhooks.create(userId, endpoint)),
    );
    await expect(Webhooks.create(userId, endpoint)).rejects.toThrow(/at most 16/);
    const gone = made[0]?.webhook.id ?? "";
    await Promise.allSettled([Webhooks.remove(userId, gone), Webhooks.remove(userId, gone)]);
    await Webhooks.create(userId, endpoint);
    await expect(Webhooks.create(userId, endpoint)).rejects.toThrow(/at most 16/);
  });

  it("is forgotten with the customer, and then counted again from the items", async () => {
    const userId = newUser();
    const { forgetCounters } = await import("./quota");
    await Webhooks.create(userId, endpoint);
    await forgetCounters(userId);
    for (let i = 1; i < Webhooks.MAX_ENDPOINTS; i++) await Webhooks.create(userId, endpoint);
    await expect(Webhooks.create(userId, endpoint)).rejects.toThrow(/at most 16/);
  });

  it("counts endpoints made before the counter existed", async () => {
    const userId = newUser();
    for (let i = 0; i < Webhooks.MAX_ENDPOINTS - 1; i++) {
      await db.entities.webhook
        .create({ userId, url: PUBLIC_URL, events: ["site.live"], secret: "whsec_x" })
        .go();
    }
    await Webhooks.create(userId, endpoint);
    await expect(Webhooks.create(userId, endpoint)).rejects.toThrow(/at most 16/);
  });

  it("corrects a counter left high by a create that died, once it is old", async () => {
    const userId = newUser();
    const { createWithin } = await import("./quota");
    const quota = {
      counted: "webhooks" as const,
      max: 2,
      countItems: async () => (await Webhooks.list(userId)).length,
      fullMessage: "full",
    };
    const longAgo = Date.now() - 120_000;
    // Two reservations whose creates never happened.
    for (let i = 0; i < 2; i++) {
      await expect(
        createWithin(userId, quota, () => Promise.reject(new Error("crashed")), longAgo),
      ).rejects.toThrow("crashed");
    }
    // A failed create gives its place back, so the counter is still right.
    await createWithin(userId, quota, async () => "made", longAgo);
    await createWithin(userId, quota, async () => "made", longAgo);
    // Now the counter says 2 with no items at all: stale, and old enough to correct.
    await expect(createWithin(userId, quota, async () => "made")).resolves.toBe("made");
    // A fresh reservation is never taken for a lost one.
    await expect(createWithin(userId, quota, async () => "made")).resolves.toBe("made");
    await expect(createWithin(userId, quota, async () => "made")).rejects.toThrow("full");
  });
});

describe("the API key cap", () => {
  it("holds under requests at once, and revoking (once) frees a place", async () => {
    const userId = newUser();
    const results = await Promise.allSettled(
      Array.from({ length: ApiKeys.MAX_API_KEYS + 3 }, (_, i) =>
        ApiKeys.create(userId, { name: `key ${i}` }),
      ),
    );
    expect(outcomes(results)).toEqual({ made: ApiKeys.MAX_API_KEYS, refused: 3 });
    await expect(ApiKeys.create(userId, { name: "one more" })).rejects.toThrow(
      /at most 25 API keys/,
    );
    const [first] = await ApiKeys.list(userId);
    const id = first?.id ?? "";
    expect((await ApiKeys.revoke(userId, id)).status).toBe("revoked");
    expect((await ApiKeys.revoke(userId, id)).status).toBe("revoked");
    // The revoked key is recorded for a restore to re-apply (again on a repeat: same object).
    expect(new Set(tombstones.map((t) => JSON.stringify(t)))).toEqual(
      new Set([JSON.stringify({ kind: "api-key", userId, apiKeyId: id })]),
    );
    await ApiKeys.create(userId, { name: "replacement" });
    await expect(ApiKeys.create(userId, { name: "one more" })).rejects.toThrow(
      /at most 25 API keys/,
    );
  });
});

describe("sender slots", () => {
  it("lets a customer hold two senders at once; a third waits, another customer does not", async () => {
    const userId = newUser();
    const now = Date.now();
    const first = await Share.claimSlot(userId, now);
    const second = await Share.claimSlot(userId, now);
    expect(first && second).toBeTruthy();
    expect(await Share.claimSlot(userId, now)).toBeUndefined();
    expect(await Share.claimSlot(newUser(), now)).toBeDefined();
    if (first) await Share.releaseSlot(first);
    const third = await Share.claimSlot(userId, now);
    expect(third).toBeDefined();
    // A sender that died never gives its slot back: the lease runs out instead.
    const later = now + SLOT_LEASE_MS + 1;
    expect(await Share.claimSlot(userId, later)).toBeDefined();
    // The late release of a lost lease does not free the new holder's slot.
    if (second) await Share.releaseSlot(second);
    expect(await Share.claimSlot(userId, later)).toBeDefined();
    expect(await Share.claimSlot(userId, later)).toBeUndefined();
  });

  it("puts an attempt back on the queue, unlogged, while the customer's slots are held", async () => {
    const userId = newUser();
    const { webhook } = await Webhooks.create(userId, endpoint);
    await Share.claimSlot(userId);
    await Share.claimSlot(userId);
    const message = {
      userId,
      webhookId: webhook.id,
      messageId: "msg_deferred",
      eventType: "site.live",
      payload: { type: "site.live" },
      attempt: 1,
      trigger: "event" as const,
    };
    const outcome = await Webhooks.attempt(message);
    expect(outcome).toMatchObject({ outcome: "deferred" });
    expect(queued).toEqual([
      { message: { ...message, deferrals: 1 }, delaySeconds: expect.any(Number) },
    ]);
    expect(await Webhooks.deliveries(userId, webhook.id)).toEqual([]);
  });

  it("waits longer with each deferral, up to a minute", () => {
    expect(Share.deferSeconds(1, () => 1)).toBe(5);
    expect(Share.deferSeconds(3, () => 1)).toBe(20);
    expect(Share.deferSeconds(30, () => 1)).toBe(60);
    expect(Share.deferSeconds(30, () => 0)).toBe(30);
  });
});

describe("test events and redeliveries", () => {
  it("are limited per customer and clock hour, with a message that says when", async () => {
    const userId = newUser();
    const at = new Date("2026-11-26T10:45:00Z");
    for (let i = 0; i < MANUAL_SENDS_PER_HOUR; i++) await Share.takeManualSend(userId, at);
    const refused = await Share.takeManualSend(userId, at).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect((refused as Error).message).toBe(
      "You can send at most 30 test events and redeliveries an hour. Try again in 15 minutes.",
    );
    await Share.takeManualSend(newUser(), at);
    await Share.takeManualSend(userId, new Date("2026-11-26T11:00:00Z"));
  });

  it("sendTest refuses past the allowance, before anything is queued", async () => {
    const userId = newUser();
    const { webhook } = await Webhooks.create(userId, endpoint);
    const at = new Date("2026-11-26T10:00:00Z");
    for (let i = 0; i < MANUAL_SENDS_PER_HOUR; i++) {
      await Webhooks.sendTest(userId, webhook.id, at);
    }
    queued.length = 0;
    await expect(Webhooks.sendTest(userId, webhook.id, at)).rejects.toBeInstanceOf(RateLimitError);
    expect(queued).toEqual([]);
  });
});

describe("delivery records", () => {
  it("expire through the table's TTL, DELIVERY_RETENTION_DAYS after the attempt", async () => {
    const userId = newUser();
    // Nothing listens on port 9 of 127.0.0.1: the attempt fails at once and is logged.
    const { data } = await db.entities.webhook
      .create({ userId, url: "https://127.0.0.1:9/hook", events: ["site.live"], secret: "whsec_x" })
      .go();
    const sentAt = new Date();
    await Webhooks.attempt(
      {
        userId,
        webhookId: data.webhookId,
        messageId: "msg_ttl",
        eventType: "site.live",
        payload: {},
        attempt: 1,
        trigger: "redeliver",
      },
      { allowHosts: ["127.0.0.1"], now: () => sentAt },
    );
    const { data: logged } = await db.entities.webhookDelivery.query
      .byOwner({ userId, webhookId: data.webhookId })
      .go();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.expiresAt).toBe(Math.floor(sentAt.getTime() / 1000) + 30 * 86_400);
  });
});
