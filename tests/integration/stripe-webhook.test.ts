/**
 * The Stripe webhook behind the local Function URL: signatures checked on the raw body, each
 * event recorded as processed once its handler succeeded, redeliveries acknowledged without
 * effect, and a delivery that died mid-handler leaving the event to Stripe's retry.
 */
import { createHmac, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { stackUrl, useStackEnv } from "../support/stack";

const env = useStackEnv();
const url = `${stackUrl()}/webhooks/stripe`;
// Imported after useStackEnv(): sst/node and the DynamoDB client read the env on import.
const { db } = await import("@portal/core/db/service");

/** Signs like Stripe: v1 = HMAC-SHA256(secret, "<t>.<raw body>"). */
function stripeSignature(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

function stripeEvent(type = "customer.created") {
  const id = `evt_test_${randomBytes(8).toString("hex")}`;
  // Spacing and key order as sent: verification must use these exact bytes.
  const body = `{\n  "id": "${id}",\n  "object": "event",\n  "type": "${type}",\n  "api_version": "2025-03-31.basil",\n  "created": ${Math.floor(Date.now() / 1000)},\n  "livemode": false,\n  "data": { "object": { "id": "cus_test", "object": "customer" } }\n}`;
  return { id, body };
}

function deliver(body: string, signature?: string) {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(signature ? { "stripe-signature": signature } : {}),
    },
    body,
  });
}

// Imported after useStackEnv() too, for the same reason.
const { createStripeWebhook } = await import("@portal/functions/webhooks/stripe");

const stored = async (eventId: string) =>
  (await db.entities.stripeEvent.get({ eventId }).go()).data;

describe("POST /webhooks/stripe", () => {
  const secret = env.SST_Secret_value_STRIPE_WEBHOOK_SECRET ?? "";

  beforeAll(() => {
    expect(secret).toMatch(/^whsec_/);
  });

  it("refuses a forged signature and stores nothing", async () => {
    const { id, body } = stripeEvent();
    const forged = await deliver(body, stripeSignature(body, "whsec_not_the_secret"));
    expect(forged.status).toBe(400);
    expect(await stored(id)).toBeNull();
  });

  it("refuses a missing signature, and a body changed after signing", async () => {
    const { id, body } = stripeEvent();
    expect((await deliver(body)).status).toBe(400);
    const signature = stripeSignature(body, secret);
    expect((await deliver(body.replace("cus_test", "cus_other"), signature)).status).toBe(400);
    expect(await stored(id)).toBeNull();
  });

  it("refuses a correctly signed delivery that is too old to be fresh (replay)", async () => {
    const { id, body } = stripeEvent();
    const oldSignature = stripeSignature(body, secret, Math.floor(Date.now() / 1000) - 3600);
    expect((await deliver(body, oldSignature)).status).toBe(400);
    expect(await stored(id)).toBeNull();
  });

  it("accepts a signed event, records it once, and acknowledges a redelivery without effect", async () => {
    const { id, body } = stripeEvent();
    const first = await deliver(body, stripeSignature(body, secret));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const record = await stored(id);
    expect(record).toMatchObject({ eventId: id, type: "customer.created", status: "done" });

    const second = await deliver(body, stripeSignature(body, secret));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    // Still the first delivery's record.
    expect(await stored(id)).toEqual(record);
  });
});

describe("Stripe webhook handler map", () => {
  function lambdaEvent(body: string) {
    return {
      version: "2.0",
      routeKey: "$default",
      rawPath: "/",
      rawQueryString: "",
      headers: {
        "stripe-signature": stripeSignature(body, env.SST_Secret_value_STRIPE_WEBHOOK_SECRET ?? ""),
      },
      body: Buffer.from(body).toString("base64"),
      isBase64Encoded: true,
      requestContext: { requestId: "test" },
    } as unknown as Parameters<ReturnType<typeof createStripeWebhook>>[0];
  }
  const quiet = () => vi.spyOn(process.stdout, "write").mockImplementation(() => true);

  it("forgets an event whose handler failed, so Stripe's retry runs it again", async () => {
    quiet();
    let calls = 0;
    const webhook = createStripeWebhook({
      "customer.created": async () => {
        calls += 1;
        if (calls === 1) throw new Error("downstream unavailable");
      },
    });
    const { id, body } = stripeEvent("customer.created");

    expect((await webhook(lambdaEvent(body))).statusCode).toBe(500);
    expect(await stored(id)).toBeNull();
    expect((await webhook(lambdaEvent(body))).statusCode).toBe(200);
    expect(calls).toBe(2);
    expect(await stored(id)).toMatchObject({ eventId: id, status: "done" });
    vi.restoreAllMocks();
  });

  it("an event whose delivery died mid-handler (crash, timeout) is not taken for a duplicate", async () => {
    quiet();
    let calls = 0;
    const webhook = createStripeWebhook(
      {
        "customer.created": async () => {
          calls += 1;
          // The first delivery never finishes: its Lambda is killed at the timeout.
          if (calls === 1) await new Promise(() => {});
        },
      },
      { leaseMs: 300 },
    );
    const { id, body } = stripeEvent("customer.created");
    void webhook(lambdaEvent(body));
    await vi.waitFor(() => expect(calls).toBe(1));
    expect(await stored(id)).toMatchObject({ status: "processing" });

    // A retry while the first delivery may still be running: refused with an error (so Stripe
    // tries again), without running the handler a second time.
    const early = await webhook(lambdaEvent(body));
    expect(early.statusCode).toBe(409);
    expect(calls).toBe(1);

    // Once the lease has run out, the retry runs the handler and records the event.
    await new Promise((resolve) => setTimeout(resolve, 350));
    const retried = await webhook(lambdaEvent(body));
    expect(retried.statusCode).toBe(200);
    expect(JSON.parse(retried.body as string)).toEqual({ received: true });
    expect(calls).toBe(2);
    expect(await stored(id)).toMatchObject({ status: "done", processedAt: expect.any(String) });

    // From then on, a duplicate.
    const again = await webhook(lambdaEvent(body));
    expect(JSON.parse(again.body as string)).toEqual({ received: true, duplicate: true });
    expect(calls).toBe(2);
    vi.restoreAllMocks();
  });

  it("concurrent duplicate deliveries run the handler once", async () => {
    quiet();
    let calls = 0;
    const webhook = createStripeWebhook({
      "customer.created": async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
      },
    });
    const { id, body } = stripeEvent("customer.created");
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(lambdaEvent(body))));
    expect(calls).toBe(1);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    expect(await stored(id)).toMatchObject({ status: "done" });
    expect(JSON.parse((await webhook(lambdaEvent(body))).body as string)).toMatchObject({
      duplicate: true,
    });
    expect(calls).toBe(1);
    vi.restoreAllMocks();
  });
});
