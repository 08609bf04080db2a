/**
 * Stripe events as the emulator delivers them to the local Function URL: a redelivery changes
 * nothing, events out of order still end in Stripe's state, forged deliveries are refused,
 * and a transient failure answers 5xx so the event is retried.
 */
import { createHmac } from "node:crypto";
import { createServer } from "node:net";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  activities,
  emulator,
  env,
  GOOD_CARD,
  newCustomer,
  payCheckout,
  stripe,
  subscribedCustomer,
  url,
  useStackEnvDb,
  webhookSecret,
  webhooksDelivered,
} from "../support/payments";

/** A port nothing listens on: Stripe "down" for the webhook function run in this process. */
const deadPort = await new Promise<number>((resolve) => {
  const server = createServer();
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

// Before anything in this process imports sst/node (it reads its settings once): the webhook
// function run here in the last test sees Stripe down; the stack keeps its own settings.
process.env.SST_Parameter_value_STRIPE_API_PORT = String(deadPort);

function sign(body: string, secret: string) {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

async function eventsFor(customerId: string, type: string): Promise<Stripe.Event[]> {
  const page = await stripe.events.list({ type, limit: 100 });
  return page.data.filter(
    (event) => (event.data.object as { customer?: string }).customer === customerId,
  );
}

async function storedUser(userId: string) {
  const db = await useStackEnvDb();
  return (await db.entities.user.get({ userId }).go({ consistent: true })).data;
}

describe("Stripe webhooks through the emulator", () => {
  it("the same event delivered twice changes state once", async () => {
    const { customer, user } = await subscribedCustomer("Professional");
    const [completed] = await eventsFor(
      user.stripeCustomerId as string,
      "checkout.session.completed",
    );
    expect(completed).toBeDefined();
    const before = await storedUser(customer.user.id);
    const activitiesBefore = await activities(customer);

    await emulator.resend(completed?.id as string);
    await webhooksDelivered();
    const deliveries = await emulator.deliveries(completed?.id as string);
    expect(deliveries.map((d) => [d.status, JSON.parse(d.body)])).toEqual([
      [200, { received: true }],
      [200, { received: true, duplicate: true }],
    ]);
    expect(await storedUser(customer.user.id)).toEqual(before);
    expect(await activities(customer)).toEqual(activitiesBefore);
  });

  it("a Checkout Session that names a user without our metadata on session and customer links nothing", async () => {
    const victim = await newCustomer("Vic");
    const price = env.SST_Parameter_value_STRIPE_PRICE_STARTER as string;
    // Someone else pays through a session naming the victim only in client_reference_id (as a
    // Payment Link's ?client_reference_id= would), with a customer of their own.
    const byReference = await stripe.checkout.sessions.create({
      mode: "subscription",
      client_reference_id: victim.user.id,
      line_items: [{ price, quantity: 1 }],
      success_url: `${url}/welcome`,
    });
    // And through one whose metadata names the victim, on a customer that is not the victim's.
    const stranger = await stripe.customers.create({ email: "stranger@example.com" });
    const byMetadata = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: stranger.id,
      metadata: { userId: victim.user.id },
      line_items: [{ price, quantity: 1 }],
      success_url: `${url}/welcome`,
    });
    for (const session of [byReference, byMetadata]) {
      expect((await payCheckout(session.url as string, GOOD_CARD)).status).toBe(303);
    }
    await webhooksDelivered();

    expect((await storedUser(victim.user.id))?.stripeCustomerId).toBeUndefined();
    expect(await victim.me()).toMatchObject({ subscriptionActive: false });
    const db = await useStackEnvDb();
    const { data: feed } = await db.entities.activity.query
      .byOwner({ userId: victim.user.id })
      .go();
    expect(feed).toEqual([]);
  });

  it("customer.subscription.deleted arriving before .updated still ends canceled", async () => {
    const { customer, user } = await subscribedCustomer("Starter");
    const customerId = user.stripeCustomerId as string;
    const subscriptionId = user.stripeSubscriptionId as string;
    await emulator.hold(customerId);
    // Changed in Stripe directly (as the Dashboard or the portal would): only events tell us.
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await stripe.subscriptions.cancel(subscriptionId);
    const released = await emulator.release(customerId, "reverse");
    const types = (released.released as { type: string }[]).map((e) => e.type);
    expect(types.indexOf("customer.subscription.deleted")).toBeLessThan(
      types.indexOf("customer.subscription.updated"),
    );
    await webhooksDelivered();

    const [updated] = await eventsFor(customerId, "customer.subscription.updated");
    const [deleted] = await eventsFor(customerId, "customer.subscription.deleted");
    const updatedAt = (await emulator.deliveries(updated?.id as string))[0];
    const deletedAt = (await emulator.deliveries(deleted?.id as string))[0];
    expect(deletedAt?.status).toBe(200);
    expect(updatedAt?.status).toBe(200);
    expect(Date.parse((deletedAt as unknown as { at: string }).at)).toBeLessThanOrEqual(
      Date.parse((updatedAt as unknown as { at: string }).at),
    );

    expect(await customer.me()).toMatchObject({
      subscriptionActive: false,
      subscriptionPlan: "starter",
      stripeSubscriptionId: subscriptionId,
    });
    expect((await storedUser(customer.user.id))?.subscriptionStatus).toBe("canceled");
    expect((await activities(customer)).map((a) => a.description)).toContain(
      "Your subscription has ended",
    );
  });

  it("refuses a forged or unsigned delivery and stores nothing", async () => {
    const { customer, user } = await subscribedCustomer("Starter");
    const [real] = await eventsFor(
      user.stripeCustomerId as string,
      "customer.subscription.updated",
    );
    // A forged event: a new id, the subscription "canceled", signed with the wrong secret.
    const forged = JSON.stringify({
      ...real,
      id: `${real?.id}forged`,
      data: { object: { ...(real?.data.object as object), status: "canceled" } },
    });
    const before = await storedUser(customer.user.id);
    for (const signature of [sign(forged, "whsec_not_ours"), undefined]) {
      const answer = await fetch(`${url}/webhooks/stripe`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(signature ? { "stripe-signature": signature } : {}),
        },
        body: forged,
      });
      expect(answer.status).toBe(400);
    }
    const db = await useStackEnvDb();
    expect(
      (await db.entities.stripeEvent.get({ eventId: `${real?.id}forged` }).go()).data,
    ).toBeNull();
    expect(await storedUser(customer.user.id)).toEqual(before);
  });

  it("answers 5xx while Stripe cannot be reached, so the event is retried and then applied", async () => {
    const { customer, user } = await subscribedCustomer("Starter");
    const customerId = user.stripeCustomerId as string;
    await emulator.hold(customerId);
    await stripe.subscriptions.cancel(user.stripeSubscriptionId as string);
    const held = await emulator.release(customerId, "drop");
    const deleted = (held.released as { id: string; type: string }[]).find(
      (e) => e.type === "customer.subscription.deleted",
    );
    const event = await stripe.events.retrieve(deleted?.id as string);
    const body = JSON.stringify(event);

    // The webhook function in this process, its Stripe client pointed at the dead port.
    const { createStripeWebhook } = await import("@portal/functions/webhooks/stripe");
    const { stripeEventHandlers } = await import("@portal/functions/webhooks/stripe-events");
    const webhook = createStripeWebhook(stripeEventHandlers);
    const lambdaEvent = {
      version: "2.0",
      routeKey: "$default",
      rawPath: "/",
      rawQueryString: "",
      headers: { "stripe-signature": sign(body, webhookSecret) },
      body,
      isBase64Encoded: false,
      requestContext: { requestId: "transient-test" },
    } as unknown as Parameters<typeof webhook>[0];
    const write = process.stdout.write;
    process.stdout.write = (() => true) as typeof write;
    let failed: Awaited<ReturnType<typeof webhook>>;
    try {
      failed = await webhook(lambdaEvent);
    } finally {
      process.stdout.write = write;
    }
    expect(failed.statusCode).toBe(500);
    const db = await useStackEnvDb();
    expect((await db.entities.stripeEvent.get({ eventId: event.id }).go()).data).toBeNull();
    expect((await customer.me()).subscriptionActive).toBe(true);

    // Stripe's retry reaches the stack, whose Stripe is up: applied.
    await emulator.resend(event.id);
    await webhooksDelivered();
    expect((await db.entities.stripeEvent.get({ eventId: event.id }).go()).data).not.toBeNull();
    expect(await customer.me()).toMatchObject({ subscriptionActive: false });
  });
});
