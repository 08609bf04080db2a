/**
 * Subscribing through the local stack and the Stripe emulator with the real `stripe` SDK:
 * POST /api/create-subscription → hosted Checkout → signed webhooks → the user's plan.
 */

import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  AUTH_CARD,
  activities,
  authenticateCheckout,
  DECLINED_CARD,
  env,
  GOOD_CARD,
  newCustomer,
  payCheckout,
  stripe,
  subscribedCustomer,
  url,
  webhooksDelivered,
} from "../support/payments";

describe("POST /api/create-subscription", () => {
  it("answers a Checkout URL for the plan's price, with the user id in the metadata", async () => {
    const customer = await newCustomer();
    const answer = await customer.json<Record<string, string>>("POST", "/api/create-subscription", {
      planName: "Professional",
    });
    expect(answer).toMatchObject({ status: "requires_payment", message: expect.any(String) });
    expect(answer.paymentUrl).toMatch(new RegExp(`^${url}/__stripe/checkout/cs_test_`));

    const sessionId = answer.paymentUrl?.split("/").pop() as string;
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["line_items"] });
    expect(session.mode).toBe("subscription");
    expect(session.metadata).toEqual({ userId: customer.user.id, plan: "pro" });
    expect(session.line_items?.data[0]?.price?.unit_amount).toBe(9900);
    expect(session.success_url).toBe(`${url}/welcome?payment=success`);
    expect(session.cancel_url).toBe(`${url}/subscribe?canceled=true`);

    // The customer was created once and stored on the user.
    const user = await customer.me();
    expect(user.stripeCustomerId).toBe(session.customer);
    expect(user.subscriptionActive).toBe(false);
    const again = await customer.json<Record<string, string>>("POST", "/api/create-subscription", {
      planName: "starter",
    });
    const second = await stripe.checkout.sessions.retrieve(
      again.paymentUrl?.split("/").pop() as string,
    );
    expect(second.customer).toBe(session.customer);
  });

  it("refuses an unknown plan name with a field message", async () => {
    const customer = await newCustomer();
    const answer = await customer.call("POST", "/api/create-subscription", { planName: "Gold" });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: { code: "validation_failed", fields: { planName: expect.any(String) } },
    });
  });

  it("requires a signed-in caller", async () => {
    const answer = await fetch(`${url}/api/create-subscription`, { method: "POST" });
    expect(answer.status).toBe(401);
  });
});

describe("subscribe → Checkout paid → webhook → active", () => {
  it("stores the plan, the Stripe ids and one activity; later calls see the active plan", async () => {
    const { customer, user } = await subscribedCustomer("Professional");
    expect(user).toMatchObject({
      subscriptionActive: true,
      subscriptionPlan: "pro",
      stripeCustomerId: expect.stringMatching(/^cus_/),
      stripeSubscriptionId: expect.stringMatching(/^sub_/),
    });
    const subscription = await stripe.subscriptions.retrieve(user.stripeSubscriptionId as string);
    expect(subscription.status).toBe("active");
    expect(subscription.metadata.userId).toBe(customer.user.id);

    const started = (await activities(customer)).filter((a) => a.type === "subscription_started");
    expect(started.map((a) => a.description)).toEqual(["Subscribed to the Professional plan"]);

    // Subscribing again to the same plan is not a second subscription.
    expect(
      await customer.json("POST", "/api/create-subscription", { planName: "professional" }),
    ).toEqual({
      paymentUrl: null,
      status: "active",
      message: "Your Professional subscription is already active.",
    });
    expect(await customer.json("POST", "/api/verify-subscription")).toEqual({
      success: true,
      activations: [{ plan: "pro", subscriptionId: user.stripeSubscriptionId }],
    });
    expect(await customer.json("POST", "/api/complete-payment")).toEqual({
      success: false,
      clientSecret: null,
      message: "No incomplete payment found",
    });
  });

  it("a paying customer who chooses another plan moves to it: same subscription, no checkout", async () => {
    const { customer, user } = await subscribedCustomer("Starter", "Sam");
    expect(user).toMatchObject({ subscriptionActive: true, subscriptionPlan: "starter" });

    expect(
      await customer.json("POST", "/api/create-subscription", { planName: "Professional" }),
    ).toEqual({ paymentUrl: null, status: "active", message: "Your plan is now Professional." });
    // Stored at once, not only when the webhook lands.
    expect(await customer.me()).toMatchObject({
      subscriptionActive: true,
      subscriptionPlan: "pro",
      stripeSubscriptionId: user.stripeSubscriptionId,
    });
    const subscription = await stripe.subscriptions.retrieve(user.stripeSubscriptionId as string);
    expect(subscription.items.data.map((item) => item.price.unit_amount)).toEqual([9900]);
    expect(subscription.metadata).toMatchObject({ userId: customer.user.id, plan: "pro" });
    const all = await stripe.subscriptions.list({
      customer: user.stripeCustomerId as string,
      status: "all",
    });
    expect(all.data).toHaveLength(1);

    await webhooksDelivered();
    expect(await customer.me()).toMatchObject({
      subscriptionActive: true,
      subscriptionPlan: "pro",
    });
    const billing = await customer.json<{ subscription: { plan: Record<string, unknown> } }>(
      "GET",
      "/api/billing/subscription",
    );
    expect(billing.subscription.plan).toMatchObject({
      id: "pro",
      name: "Professional",
      amount: 9900,
    });
  });

  it("the card that needs confirmation subscribes once confirmed", async () => {
    const customer = await newCustomer();
    const { paymentUrl } = await customer.json<{ paymentUrl: string }>(
      "POST",
      "/api/create-subscription",
      { planName: "Enterprise" },
    );
    const asked = await payCheckout(paymentUrl, AUTH_CARD);
    expect(await asked.text()).toContain("Confirm your payment");
    const failed = await authenticateCheckout(paymentUrl, "fail");
    expect(await failed.text()).toContain("unable to authenticate");
    await payCheckout(paymentUrl, AUTH_CARD);
    const confirmed = await authenticateCheckout(paymentUrl, "complete");
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`${url}/welcome?payment=success`);
    await webhooksDelivered();
    expect(await customer.me()).toMatchObject({
      subscriptionActive: true,
      subscriptionPlan: "enterprise",
    });
  });

  it("a declined card leaves the user inactive with a Stripe customer: the 'Payment Issue' state", async () => {
    const customer = await newCustomer();
    const { paymentUrl } = await customer.json<{ paymentUrl: string }>(
      "POST",
      "/api/create-subscription",
      { planName: "Starter" },
    );
    const declined = await payCheckout(paymentUrl, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    await webhooksDelivered();
    const user = await customer.me();
    // The dashboard's 'Payment Issue' banner: a Stripe customer and no active subscription.
    expect(user.stripeCustomerId).toMatch(/^cus_/);
    expect(user.subscriptionActive).toBe(false);
    expect(user.subscriptionPlan).toBeNull();
    expect(await customer.json("POST", "/api/verify-subscription")).toEqual({
      success: false,
      activations: [],
    });
  });

  it("verify-subscription catches up when the webhook never came", async () => {
    const customer = await newCustomer();
    const { paymentUrl } = await customer.json<{ paymentUrl: string }>(
      "POST",
      "/api/create-subscription",
      { planName: "Starter" },
    );
    const { stripeCustomerId } = await customer.me();
    // Hold this customer's events back, and drop them: as if the endpoint had been down.
    const { emulator } = await import("../support/payments");
    await emulator.hold(stripeCustomerId as string);
    await payCheckout(paymentUrl, "4242 4242 4242 4242");
    await emulator.release(stripeCustomerId as string, "drop");
    expect((await customer.me()).subscriptionActive).toBe(false);
    expect(await customer.json("POST", "/api/verify-subscription")).toMatchObject({
      success: true,
      activations: [{ plan: "starter" }],
    });
    expect(await customer.me()).toMatchObject({
      subscriptionActive: true,
      subscriptionPlan: "starter",
    });
  });
});

describe("two Checkout tabs, one subscription", () => {
  const sessionOf = (paymentUrl: string) =>
    stripe.checkout.sessions.retrieve(paymentUrl.split("/").pop() as string);

  it("the same plan again hands out the open Checkout; another plan expires it", async () => {
    const customer = await newCustomer();
    const start = (planName: string) =>
      customer.json<{ paymentUrl: string }>("POST", "/api/create-subscription", { planName });
    const first = await start("Professional");
    const second = await start("Professional");
    expect(second.paymentUrl).toBe(first.paymentUrl);

    // Changing one's mind: the Starter checkout replaces the Professional one.
    const other = await start("Starter");
    expect(other.paymentUrl).not.toBe(first.paymentUrl);
    expect((await sessionOf(first.paymentUrl)).status).toBe("expired");
    const stale = await payCheckout(first.paymentUrl, GOOD_CARD);
    expect(stale.status).toBe(410);
    expect(await stale.text()).toContain("This checkout has expired");

    expect((await payCheckout(other.paymentUrl, GOOD_CARD)).status).toBe(303);
    await webhooksDelivered();
    expect(await customer.me()).toMatchObject({
      subscriptionActive: true,
      subscriptionPlan: "starter",
    });
  });

  it("a second subscription paid in another tab is canceled at once and its payment refunded", async () => {
    const customer = await newCustomer();
    const { paymentUrl } = await customer.json<{ paymentUrl: string }>(
      "POST",
      "/api/create-subscription",
      { planName: "Professional" },
    );
    const { stripeCustomerId } = await customer.me();
    // The session a create-subscription request racing the first one would have made: same
    // customer, same metadata, another plan (the reuse above cannot see a session that does
    // not exist yet).
    const metadata = { userId: customer.user.id, plan: "enterprise" };
    const racing = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: stripeCustomerId as string,
      client_reference_id: customer.user.id,
      line_items: [
        { price: env.SST_Parameter_value_STRIPE_PRICE_ENTERPRISE as string, quantity: 1 },
      ],
      metadata,
      subscription_data: { metadata },
      success_url: `${url}/welcome?payment=success`,
    });

    // Both tabs pay, the first one a second earlier (Stripe's times are in whole seconds; within
    // one second the ids decide which is kept, the same way for every delivery).
    expect((await payCheckout(paymentUrl, GOOD_CARD)).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await payCheckout(racing.url as string, GOOD_CARD)).status).toBe(303);
    await webhooksDelivered();

    const subscriptions = (
      await stripe.subscriptions.list({ customer: stripeCustomerId as string, status: "all" })
    ).data;
    const byPlan = (plan: string) =>
      subscriptions.find((s) => s.metadata.plan === plan) as Stripe.Subscription;
    expect(byPlan("pro").status).toBe("active");
    expect(byPlan("enterprise")).toMatchObject({
      status: "canceled",
      metadata: { duplicate_of: byPlan("pro").id },
    });
    const [paidTwice] = (
      await stripe.invoices.list({
        customer: stripeCustomerId as string,
        subscription: byPlan("enterprise").id,
        expand: ["data.payments"],
      })
    ).data;
    const refunds = await stripe.refunds.list({
      payment_intent: paidTwice?.payments?.data[0]?.payment.payment_intent as string,
    });
    expect(refunds.data.map((r) => [r.amount, r.reason])).toEqual([[19900, "duplicate"]]);

    expect(await customer.me()).toMatchObject({
      subscriptionActive: true,
      subscriptionPlan: "pro",
      stripeSubscriptionId: byPlan("pro").id,
    });
    const feed = (await activities(customer)).map((a) => a.description);
    expect(feed).toContain(
      "You already had a subscription, so the second one started from another checkout was canceled and its payment of $199.00 refunded.",
    );
    expect(feed.filter((d) => d.startsWith("Subscribed to"))).toEqual([
      "Subscribed to the Professional plan",
    ]);

    // A redelivery of the refused session's event changes nothing more.
    const [completed] = (
      await stripe.events.list({ type: "checkout.session.completed", limit: 100 })
    ).data.filter((e) => (e.data.object as { id: string }).id === racing.id);
    const { emulator } = await import("../support/payments");
    await emulator.resend(completed?.id as string);
    await webhooksDelivered();
    expect(
      (await stripe.refunds.list({ payment_intent: refunds.data[0]?.payment_intent as string }))
        .data,
    ).toHaveLength(1);
  });

  it("requests racing from two tabs end in one subscription, whatever they got", async () => {
    const customer = await newCustomer();
    const answers = await Promise.all(
      ["Professional", "Starter"].map((planName) =>
        customer.json<{ paymentUrl: string }>("POST", "/api/create-subscription", { planName }),
      ),
    );
    for (const url of new Set(answers.map((a) => a.paymentUrl))) {
      const paid = await payCheckout(url, GOOD_CARD);
      expect([303, 410]).toContain(paid.status);
    }
    await webhooksDelivered();
    const { stripeCustomerId } = await customer.me();
    const billing = (
      await stripe.subscriptions.list({ customer: stripeCustomerId as string, status: "all" })
    ).data.filter((s) => ["active", "trialing", "past_due", "unpaid"].includes(s.status));
    expect(billing).toHaveLength(1);
    expect(await customer.me()).toMatchObject({
      subscriptionActive: true,
      stripeSubscriptionId: billing[0]?.id,
    });
  });
});
