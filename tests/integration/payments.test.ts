/**
 * Subscribing through the local stack and the Stripe emulator with the real `stripe` SDK:
 * POST /api/create-subscription → hosted Checkout → signed webhooks → the user's plan.
 */
import { describe, expect, it } from "vitest";
import {
  AUTH_CARD,
  activities,
  authenticateCheckout,
  DECLINED_CARD,
  newCustomer,
  payCheckout,
  stripe,
  subscribedCustomer,
  url,
  webhooksDelivered,
} from "./payments.support";

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
    const { emulator } = await import("./payments.support");
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
