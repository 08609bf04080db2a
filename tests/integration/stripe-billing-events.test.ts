/**
 * The Stripe events the billing state depends on besides payments and subscription changes
 * (docs/billing.md): a renewal waiting for 3-D Secure, an invoice written off, a subscription
 * paused and resumed, a payment that failed or was canceled. Each is delivered by the
 * emulator as Stripe would. Where the emulator's other events would carry the same change,
 * they are held back and dropped first, and only the event under test is sent: its handler
 * alone must bring the stored state in step with Stripe.
 */
import { describe, expect, it } from "vitest";
import {
  ALWAYS_AUTH_CARD,
  activities,
  authenticateCheckout,
  type Customer,
  confirmCard,
  DECLINED_CARD,
  emulator,
  GOOD_CARD,
  type Json,
  newCustomer,
  payCheckout,
  stripe,
  subscribedCustomer,
  useStackEnvDb,
  webhooksDelivered,
} from "../support/payments";

async function storedUser(userId: string) {
  const db = await useStackEnvDb();
  return (await db.entities.user.get({ userId }).go({ consistent: true })).data;
}

/** Runs `change` in Stripe with the customer's events held back, then drops them all. */
async function withEventsDropped(customerId: string, change: () => Promise<unknown>) {
  await webhooksDelivered();
  await emulator.hold(customerId);
  await change();
  const { released } = await emulator.release(customerId, "drop");
  return released as { id: string; type: string }[];
}

/** Sends the one event of `type` among `events`, and waits for it. */
async function deliverOnly(events: { id: string; type: string }[], type: string) {
  const event = events.find((e) => e.type === type);
  expect(event, `no ${type} among ${events.map((e) => e.type).join(", ")}`).toBeDefined();
  await emulator.resend(event?.id as string);
  await webhooksDelivered();
  const [delivery] = await emulator.deliveries(event?.id as string);
  expect(delivery?.status).toBe(200);
}

async function subscribeWithAlwaysAuthCard(customer: Customer) {
  const { paymentUrl } = await customer.json<{ paymentUrl: string }>(
    "POST",
    "/api/create-subscription",
    { planName: "Professional" },
  );
  expect((await payCheckout(paymentUrl, ALWAYS_AUTH_CARD)).status).toBe(200);
  expect((await authenticateCheckout(paymentUrl, "complete")).status).toBe(303);
  await webhooksDelivered();
  return customer.me();
}

describe("Stripe events the billing state depends on", () => {
  it("invoice.payment_action_required: the renewal waits for the customer, who is told", async () => {
    const customer = await newCustomer();
    const user = await subscribeWithAlwaysAuthCard(customer);
    expect(user.subscriptionActive).toBe(true);

    await emulator.renew(user.stripeSubscriptionId as string);
    await webhooksDelivered();
    expect(await customer.me()).toMatchObject({ subscriptionActive: false });
    expect((await storedUser(customer.user.id))?.subscriptionStatus).toBe("past_due");
    expect((await activities(customer)).map((a) => a.description)).toContain(
      "Your bank asks you to confirm a payment of $99.00. Confirm it on the Billing page to keep your plan.",
    );

    // Confirming it on session (Complete Payment) brings the plan back.
    const { clientSecret } = await customer.json<Json>("POST", "/api/complete-payment");
    expect((await confirmCard(clientSecret, GOOD_CARD)).body.status).toBe("succeeded");
    await webhooksDelivered();
    expect(await customer.me()).toMatchObject({ subscriptionActive: true });
  });

  it("invoice.marked_uncollectible re-reads the customer's subscription", async () => {
    const customer = await newCustomer();
    const user = await subscribeWithAlwaysAuthCard(customer);
    const customerId = user.stripeCustomerId as string;
    const subscriptionId = user.stripeSubscriptionId as string;
    const events = await withEventsDropped(customerId, async () => {
      await emulator.renew(subscriptionId);
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      await stripe.invoices.markUncollectible(subscription.latest_invoice as string);
    });
    // What was stored before the dropped events: still paid up.
    expect((await storedUser(customer.user.id))?.subscriptionStatus).toBe("active");

    await deliverOnly(events, "invoice.marked_uncollectible");
    expect((await storedUser(customer.user.id))?.subscriptionStatus).toBe("past_due");
    expect(await customer.me()).toMatchObject({ subscriptionActive: false });
  });

  it("customer.subscription.paused and .resumed: access follows, and the customer is told", async () => {
    const { customer, user } = await subscribedCustomer("Starter");
    const customerId = user.stripeCustomerId as string;
    const subscriptionId = user.stripeSubscriptionId as string;

    const paused = await withEventsDropped(customerId, () =>
      stripe.subscriptions.pause(subscriptionId),
    );
    await deliverOnly(paused, "customer.subscription.paused");
    expect(await customer.me()).toMatchObject({
      subscriptionActive: false,
      subscriptionPlan: "starter",
    });
    expect((await storedUser(customer.user.id))?.subscriptionStatus).toBe("paused");
    expect((await activities(customer)).map((a) => a.description)).toContain(
      "Your subscription is paused",
    );

    const resumed = await withEventsDropped(customerId, () =>
      stripe.subscriptions.resume(subscriptionId),
    );
    await deliverOnly(resumed, "customer.subscription.resumed");
    expect(await customer.me()).toMatchObject({ subscriptionActive: true });
    expect((await activities(customer)).map((a) => a.description)).toContain(
      "Your subscription has resumed",
    );
  });

  it("payment_intent.payment_failed: a declined SEO package payment is told to its buyer", async () => {
    const { customer } = await subscribedCustomer("Starter");
    const db = await useStackEnvDb();
    const { data: site } = await db.entities.site
      .create({ userId: customer.user.id, name: "Failing Bakery", status: "live" })
      .go();
    const { clientSecret } = await customer.json<Json>("POST", "/api/create-payment-intent", {
      upsellId: `seo-${site.siteId}`,
    });
    expect((await confirmCard(clientSecret, DECLINED_CARD)).status).toBe(402);
    await webhooksDelivered();
    const failed = (await activities(customer)).filter((a) => a.type === "payment_failed");
    expect(failed.map((a) => a.description)).toEqual([
      "Your payment of $49.00 for the SEO Performance Package did not go through. No money was taken; you can try again with another card.",
    ]);
  });

  it("payment_intent.canceled (a voided invoice's payment) re-reads the customer", async () => {
    const customer = await newCustomer();
    const user = await subscribeWithAlwaysAuthCard(customer);
    const customerId = user.stripeCustomerId as string;
    const subscriptionId = user.stripeSubscriptionId as string;
    // The renewal waits for 3-D Secure; the customer then fails it on session.
    await emulator.renew(subscriptionId);
    await webhooksDelivered();
    const { clientSecret } = await customer.json<Json>("POST", "/api/complete-payment");
    const events = await withEventsDropped(customerId, async () => {
      expect((await confirmCard(clientSecret, DECLINED_CARD)).status).toBe(402);
      // Meanwhile the team cancels the subscription in the Dashboard: its open invoice is
      // voided and that invoice's payment canceled.
      await stripe.subscriptions.cancel(subscriptionId);
    });
    expect((await storedUser(customer.user.id))?.subscriptionStatus).toBe("past_due");
    await deliverOnly(events, "payment_intent.canceled");
    expect((await storedUser(customer.user.id))?.subscriptionStatus).toBe("canceled");
    expect(events.map((e) => e.type)).toContain("payment_intent.payment_failed");
  });
});
