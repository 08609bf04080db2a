/**
 * The billing page's API through the local stack and the Stripe emulator: subscription,
 * payment methods, invoices, cancel and reactivate, the portal, adding a card, the default
 * card, a failed renewal paid through /api/complete-payment, and the SEO upsell.
 */
import { describe, expect, it } from "vitest";
import {
  activities,
  confirmCard,
  DECLINED_CARD,
  emulator,
  FAILING_CARD,
  GOOD_CARD,
  type Json,
  newCustomer,
  payCheckout,
  stripe,
  subscribedCustomer,
  url,
  useStackEnvDb,
  webhooksDelivered,
} from "../support/payments";

describe("GET /api/billing/*", () => {
  it("answers empty lists and no subscription before any payment", async () => {
    const customer = await newCustomer();
    // With the days the sites are kept after a subscription ends, which the page states.
    expect(await customer.json("GET", "/api/billing/subscription")).toEqual({
      subscription: null,
      gracePeriodDays: 7,
    });
    expect(await customer.json("GET", "/api/billing/payment-methods")).toEqual({
      paymentMethods: [],
    });
    expect(await customer.json("GET", "/api/billing/invoices")).toEqual({ invoices: [] });
  });

  it("shows the Professional subscription, the saved card as default and one paid invoice", async () => {
    const { customer, user } = await subscribedCustomer("Professional");
    const { subscription } = await customer.json<{ subscription: Json }>(
      "GET",
      "/api/billing/subscription",
    );
    expect(subscription).toMatchObject({
      id: user.stripeSubscriptionId,
      plan: { id: "pro", name: "Professional", amount: 9900, currency: "usd", interval: "month" },
      status: "active",
      cancelAtPeriodEnd: false,
    });
    const start = Date.parse(subscription.currentPeriodStart);
    const end = Date.parse(subscription.currentPeriodEnd);
    expect(Math.abs(start - Date.now())).toBeLessThan(60_000);
    // One month on: 28 to 31 days.
    expect((end - start) / 86_400_000).toBeGreaterThanOrEqual(28);
    expect((end - start) / 86_400_000).toBeLessThanOrEqual(31);

    expect(await customer.json("GET", "/api/billing/payment-methods")).toEqual({
      paymentMethods: [
        {
          id: expect.stringMatching(/^pm_/),
          type: "card",
          card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 },
          link: null,
          isDefault: true,
        },
      ],
    });

    const { invoices } = await customer.json<{ invoices: Json[] }>("GET", "/api/billing/invoices");
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      total: 9900,
      currency: "usd",
      status: "paid",
      number: expect.stringMatching(/-0001$/),
      paidAt: expect.any(String),
    });
    const page = await fetch(invoices[0]?.hostedInvoiceUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("$99.00");
    const pdf = await fetch(invoices[0]?.invoicePdf);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });
});

describe("cancel and reactivate", () => {
  it("cancels at period end, refuses a second cancel, reactivates once", async () => {
    const { customer, user } = await subscribedCustomer("Starter");
    const canceled = await customer.json<Json>("POST", "/api/billing/cancel-subscription");
    expect(canceled).toMatchObject({
      success: true,
      subscription: { status: "active", cancelAtPeriodEnd: true },
    });
    expect(
      (await stripe.subscriptions.retrieve(user.stripeSubscriptionId as string))
        .cancel_at_period_end,
    ).toBe(true);
    // Access lasts until the period ends.
    expect(await customer.me()).toMatchObject({ subscriptionActive: true });
    const twice = await customer.call("POST", "/api/billing/cancel-subscription");
    expect(twice.status).toBe(409);

    const reactivated = await customer.json<Json>("POST", "/api/billing/reactivate-subscription");
    expect(reactivated).toMatchObject({
      success: true,
      subscription: { status: "active", cancelAtPeriodEnd: false },
    });
    expect((await customer.call("POST", "/api/billing/reactivate-subscription")).status).toBe(422);
    const types = (await activities(customer)).map((a) => a.type);
    expect(types).toContain("subscription_canceled");
    expect(types).toContain("subscription_reactivated");
  });

  it("a canceled subscription ends at the period end: the user is no longer active", async () => {
    const { customer, user } = await subscribedCustomer("Starter");
    await customer.json("POST", "/api/billing/cancel-subscription");
    await emulator.renew(user.stripeSubscriptionId as string);
    await webhooksDelivered();
    expect(await customer.me()).toMatchObject({
      subscriptionActive: false,
      subscriptionPlan: "starter",
    });
    const { subscription } = await customer.json<{ subscription: Json }>(
      "GET",
      "/api/billing/subscription",
    );
    expect(subscription.status).toBe("canceled");
    expect((await customer.call("POST", "/api/billing/cancel-subscription")).status).toBe(422);
  });

  it("refuses both without a subscription", async () => {
    const customer = await newCustomer();
    expect((await customer.call("POST", "/api/billing/cancel-subscription")).status).toBe(422);
    expect((await customer.call("POST", "/api/billing/reactivate-subscription")).status).toBe(422);
  });
});

describe("a renewal that fails, then /api/complete-payment", () => {
  it("past_due keeps the plan but not access; the open invoice is paid with a new card", async () => {
    const { customer, user } = await subscribedCustomer("Professional");
    // Add the card whose charges fail through Checkout in setup mode, make it the default.
    const { url: setupUrl } = await customer.json<{ url: string }>(
      "POST",
      "/api/billing/add-payment-method",
    );
    expect((await payCheckout(setupUrl, FAILING_CARD)).status).toBe(303);
    const { paymentMethods } = await customer.json<{ paymentMethods: Json[] }>(
      "GET",
      "/api/billing/payment-methods",
    );
    expect(paymentMethods).toHaveLength(2);
    const failing = paymentMethods.find((pm) => pm.card.last4 === "0341");
    expect(
      await customer.json("POST", "/api/billing/set-default-payment-method", {
        paymentMethodId: failing?.id,
      }),
    ).toEqual({ success: true });
    const after = await customer.json<{ paymentMethods: Json[] }>(
      "GET",
      "/api/billing/payment-methods",
    );
    expect(after.paymentMethods.find((pm) => pm.isDefault)?.id).toBe(failing?.id);

    await emulator.renew(user.stripeSubscriptionId as string);
    await webhooksDelivered();
    // The dashboard's 'Payment Issue' state: a customer, a plan, no active subscription.
    expect(await customer.me()).toMatchObject({
      subscriptionActive: false,
      subscriptionPlan: "pro",
    });
    const failed = (await activities(customer)).find((a) => a.type === "payment_failed");
    expect(failed?.description).toContain("$99.00");
    // Subscribing again would bill twice: the page is sent to pay the open invoice instead.
    const again = await customer.json<Json>("POST", "/api/create-subscription", {
      planName: "Professional",
    });
    expect(again).toMatchObject({ status: "past_due" });
    expect(again.paymentUrl).toMatch(new RegExp(`^${url}/__stripe/invoices/in_`));

    const { success, clientSecret } = await customer.json<Json>("POST", "/api/complete-payment");
    expect(success).toBe(true);
    expect(clientSecret).toMatch(/^pi_.+_secret_/);
    const declined = await confirmCard(clientSecret, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe("Your card was declined.");
    const paid = await confirmCard(clientSecret, GOOD_CARD);
    expect(paid.body.status).toBe("succeeded");
    await webhooksDelivered();
    expect(await customer.me()).toMatchObject({
      subscriptionActive: true,
      subscriptionPlan: "pro",
    });
    expect(await customer.json("POST", "/api/complete-payment")).toMatchObject({
      success: false,
      clientSecret: null,
    });
    const { invoices } = await customer.json<{ invoices: Json[] }>("GET", "/api/billing/invoices");
    expect(invoices.map((i) => i.status)).toEqual(["paid", "paid"]);
  });
});

describe("portal and payment-method routes", () => {
  it("the portal returns to our own billing page, whatever the request says", async () => {
    const { customer } = await subscribedCustomer("Starter");
    const { url: portalUrl } = await customer.json<{ url: string }>(
      "POST",
      "/api/billing/create-portal-session",
      { return_url: "https://evil.example/phish" },
    );
    expect(portalUrl).toMatch(new RegExp(`^${url}/__stripe/portal/bps_`));
    const page = await (await fetch(portalUrl)).text();
    expect(page).toContain(`href="${url}/billing"`);
    expect(page).not.toContain("evil.example");
  });

  it("the portal needs a billing account first", async () => {
    const customer = await newCustomer();
    expect((await customer.call("POST", "/api/billing/create-portal-session")).status).toBe(422);
  });

  it("one customer cannot make another customer's card their default", async () => {
    const alice = await subscribedCustomer("Starter", "Alice");
    const bob = await subscribedCustomer("Starter", "Bob");
    const { paymentMethods } = await alice.customer.json<{ paymentMethods: { id: string }[] }>(
      "GET",
      "/api/billing/payment-methods",
    );
    const alicesCard = paymentMethods[0]?.id as string;
    for (const paymentMethodId of [alicesCard, "pm_doesnotexist", "not-a-card"]) {
      const answer = await bob.customer.call("POST", "/api/billing/set-default-payment-method", {
        paymentMethodId,
      });
      expect(answer.status).toBe(404);
    }
    const bobs = await stripe.customers.retrieve(bob.user.stripeCustomerId as string);
    expect(
      (bobs as { invoice_settings: { default_payment_method: unknown } }).invoice_settings
        .default_payment_method,
    ).toBeNull();
    // And Alice's card is still attached to Alice only.
    expect((await stripe.paymentMethods.retrieve(alicesCard)).customer).toBe(
      alice.user.stripeCustomerId,
    );
  });
});

describe("SEO upsell: POST /api/create-payment-intent", () => {
  async function siteFor(userId: string, name: string) {
    const db = await useStackEnvDb();
    const { data } = await db.entities.site.create({ userId, name, status: "live" }).go();
    return data;
  }

  it("charges $49 whatever the body says, and marks the upsell purchased once paid", async () => {
    const { customer } = await subscribedCustomer("Starter");
    const site = await siteFor(customer.user.id, "Bakery Site");
    const answer = await customer.json<Json>("POST", "/api/create-payment-intent", {
      amount: 1,
      upsellId: `seo-${site.siteId}`,
    });
    expect(answer).toMatchObject({ upsellId: `seo-${site.siteId}`, amount: 4900 });
    const intentId = String(answer.clientSecret).split("_secret_")[0] as string;
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({
      amount: 4900,
      currency: "usd",
      status: "requires_payment_method",
    });
    expect(intent.metadata).toMatchObject({ userId: customer.user.id, siteId: site.siteId });

    // Asking again before paying hands out the same payment, not a second one.
    const again = await customer.json<Json>("POST", "/api/create-payment-intent", {
      amount: 49,
      upsellId: `seo-${site.siteId}`,
    });
    expect(again.clientSecret).toBe(answer.clientSecret);

    const db = await useStackEnvDb();
    const stored = async () =>
      (
        await db.entities.upsell
          .get({ userId: customer.user.id, upsellId: `seo-${site.siteId}` })
          .go()
      ).data;
    expect(await stored()).toMatchObject({ isPurchased: false, price: "49.00", type: "seo" });

    expect((await confirmCard(answer.clientSecret, DECLINED_CARD)).status).toBe(402);
    await webhooksDelivered();
    expect((await stored())?.isPurchased).toBe(false);

    expect((await confirmCard(answer.clientSecret, GOOD_CARD)).body.status).toBe("succeeded");
    await webhooksDelivered();
    expect(await stored()).toMatchObject({ isPurchased: true, paymentIntentId: intentId });
    const bought = (await activities(customer)).filter((a) => a.type === "upsell_purchased");
    expect(bought.map((a) => a.description)).toEqual([
      "SEO Performance Package purchased for Bakery Site",
    ]);
    expect(
      (
        await customer.call("POST", "/api/create-payment-intent", {
          upsellId: `seo-${site.siteId}`,
        })
      ).status,
    ).toBe(409);
  });

  it("one customer cannot buy the package for another customer's site", async () => {
    const { customer: alice } = await subscribedCustomer("Starter", "Alice");
    const { customer: bob } = await subscribedCustomer("Starter", "Bob");
    const site = await siteFor(alice.user.id, "Alice's Site");
    for (const upsellId of [`seo-${site.siteId}`, "seo-garbage", "seo-"]) {
      const answer = await bob.call("POST", "/api/create-payment-intent", { amount: 49, upsellId });
      expect([400, 404]).toContain(answer.status);
    }
    const byId = await bob.call("POST", "/api/create-payment-intent", {
      amount: 49,
      upsellId: `seo-${site.siteId}`,
    });
    expect(byId.status).toBe(404);
    const db = await useStackEnvDb();
    expect((await db.entities.upsell.query.byOwner({ userId: bob.user.id }).go()).data).toEqual([]);
  });

  it("is not sold to a signed-up user without an active subscription, and nothing is stored", async () => {
    const visitor = await newCustomer("Visitor");
    const site = await siteFor(visitor.user.id, "Visitor's Site");
    const answer = await visitor.call("POST", "/api/create-payment-intent", {
      upsellId: `seo-${site.siteId}`,
    });
    expect(answer.status).toBe(403);
    const db = await useStackEnvDb();
    expect((await db.entities.upsell.query.byOwner({ userId: visitor.user.id }).go()).data).toEqual(
      [],
    );
    expect((await visitor.me()).stripeCustomerId).toBeNull();
  });
});
