/**
 * The emulator driven by the real `stripe` SDK (host/port/protocol pointed at it) and by the
 * hosted pages as a browser would post them, with webhooks checked by the SDK's own verifier.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningStripeEmulator, startStripeEmulator } from "./server";

const SECRET_KEY = "sk_test_emulator_unit";
const WEBHOOK_SECRET = "whsec_emulator_unit";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
let receiver: Server;
const received: Stripe.Event[] = [];
let failNext = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (failNext > 0) {
        failNext -= 1;
        res.writeHead(503).end();
        return;
      }
      try {
        const event = Stripe.webhooks.constructEvent(
          Buffer.concat(chunks),
          String(req.headers["stripe-signature"]),
          WEBHOOK_SECRET,
        );
        received.push(event);
        res.writeHead(200).end("{}");
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  emulator = await startStripeEmulator({
    secretKey: SECRET_KEY,
    webhook: {
      url: `http://127.0.0.1:${port}/`,
      secret: WEBHOOK_SECRET,
      retryDelaysMs: [50, 50, 50],
    },
    seed: [
      {
        productId: "prod_test_pro",
        priceId: "price_test_pro",
        name: "Professional",
        unitAmount: 9900,
        currency: "usd",
        interval: "month",
      },
    ],
  });
  stripe = new Stripe(SECRET_KEY, {
    host: emulator.host,
    port: emulator.port,
    protocol: emulator.protocol,
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await emulator?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function payCheckout(url: string, number: string) {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ cardnumber: number, exp: "12 / 34", cvc: "123", name: "Ada" }),
  });
}

async function subscribedCustomer(card = "4242424242424242") {
  const customer = await stripe.customers.create({ email: "ada@example.com" });
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: "price_test_pro", quantity: 1 }],
    success_url: "http://app.test/welcome?payment=success&session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/subscribe?canceled=true",
    subscription_data: { metadata: { userId: "user_1" } },
  });
  const answer = await payCheckout(session.url as string, card);
  return { customer, session, answer };
}

describe("Stripe emulator through the stripe SDK", () => {
  it("answers Stripe-shaped errors: bad key 401, unknown id 404 resource_missing", async () => {
    const wrong = new Stripe("sk_test_wrong", {
      host: emulator.host,
      port: emulator.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(wrong.customers.list()).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
    await expect(stripe.customers.retrieve("cus_nope")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
      statusCode: 404,
      param: "id",
    });
  });

  it("refuses a form key naming __proto__ and leaves Object.prototype alone", async () => {
    const response = await fetch(`${emulator.apiUrl}/v1/customers`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "email=a%40example.com&__proto__[polluted]=1",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe(
      "invalid_request_error",
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps what the Dashboard sets up: portal configurations, webhook endpoints, archived prices", async () => {
    expect((await stripe.billingPortal.configurations.list({ is_default: true })).data).toEqual([]);
    const saved = await stripe.billingPortal.configurations.create({
      features: { invoice_history: { enabled: true } },
    });
    const second = await stripe.billingPortal.configurations.create({
      features: { invoice_history: { enabled: false } },
    });
    expect(saved).toMatchObject({
      is_default: true,
      features: { invoice_history: { enabled: true } },
    });
    expect(second.is_default).toBe(false);
    const defaults = await stripe.billingPortal.configurations.list({ is_default: true });
    expect(defaults.data.map((c) => c.id)).toEqual([saved.id]);
    const customer = await stripe.customers.create({ email: "portal@example.com" });
    const session = await stripe.billingPortal.sessions.create({ customer: customer.id });
    expect(session.configuration).toBe(saved.id);

    const endpoint = await stripe.webhookEndpoints.create({
      url: "https://example.com/webhooks/stripe",
      enabled_events: ["invoice.paid"],
      api_version: "2026-10-28.endive",
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = (await stripe.webhookEndpoints.list()).data.find((e) => e.id === endpoint.id);
    expect(listed).toMatchObject({
      url: endpoint.url,
      status: "enabled",
      enabled_events: ["invoice.paid"],
    });
    // Stripe answers the signing secret once, on creation.
    expect(listed?.secret).toBeUndefined();
    await stripe.webhookEndpoints.update(endpoint.id, { disabled: true });
    expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).status).toBe("disabled");
    await stripe.webhookEndpoints.del(endpoint.id);
    await expect(stripe.webhookEndpoints.retrieve(endpoint.id)).rejects.toThrow(
      /No such webhook endpoint/,
    );
    await expect(
      stripe.webhookEndpoints.create({ url: "not a url", enabled_events: ["invoice.paid"] }),
    ).rejects.toThrow(/Invalid URL/);

    const archived = await stripe.prices.update("price_test_pro", { active: false });
    expect(archived.active).toBe(false);
    await stripe.prices.update("price_test_pro", { active: true });
  });

  it("replays an idempotent request and refuses the key with other parameters", async () => {
    const first = await stripe.customers.create(
      { email: "a@example.com" },
      { idempotencyKey: "k1" },
    );
    const again = await stripe.customers.create(
      { email: "a@example.com" },
      { idempotencyKey: "k1" },
    );
    expect(again.id).toBe(first.id);
    await expect(
      stripe.customers.create({ email: "b@example.com" }, { idempotencyKey: "k1" }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError" });
  });

  it("checkout with the good card: redirect, active subscription, paid invoice, signed events", async () => {
    const { customer, session, answer } = await subscribedCustomer();
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(
      `http://app.test/welcome?payment=success&session=${session.id}`,
    );
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect(done.status).toBe("complete");
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription.status).toBe("active");
    expect(subscription.metadata).toEqual({ userId: "user_1" });
    expect(subscription.items.data[0]?.price.unit_amount).toBe(9900);
    expect(subscription.items.data[0]?.current_period_end).toBeGreaterThan(
      subscription.items.data[0]?.current_period_start ?? 0,
    );

    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0]).toMatchObject({ status: "paid", total: 9900, amount_paid: 9900 });
    expect(invoices.data[0]?.parent?.subscription_details?.subscription).toBe(subscription.id);
    const pdf = await fetch(invoices.data[0]?.invoice_pdf as string);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await pdf.text()).startsWith("%PDF-1.4")).toBe(true);

    const methods = await stripe.customers.listPaymentMethods(customer.id);
    expect(methods.data.map((pm) => pm.card?.last4)).toEqual(["4242"]);

    await emulator.webhooks?.idle();
    const types = received
      .filter((e) => JSON.stringify(e.data.object).includes(customer.id))
      .map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "customer.subscription.created",
        "invoice.paid",
        "customer.subscription.updated",
        "checkout.session.completed",
      ]),
    );
    expect(types.indexOf("checkout.session.completed")).toBe(types.length - 1);
  });

  it("a declined card stays on the page with Stripe's message and creates no subscription", async () => {
    const { customer, answer } = await subscribedCustomer("4000000000000002");
    expect(answer.status).toBe(402);
    expect(await answer.text()).toContain("Your card was declined.");
    const subs = await stripe.subscriptions.list({ customer: customer.id, status: "all" });
    expect(subs.data).toHaveLength(0);
  });

  it("the 3-D Secure card shows a confirmation screen; completing it subscribes", async () => {
    const { customer, session, answer } = await subscribedCustomer("4000002500003155");
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Confirm your payment");
    const confirm = await fetch(`${session.url}/authenticate`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "action=complete",
    });
    expect(confirm.status).toBe(303);
    const subs = await stripe.subscriptions.list({ customer: customer.id });
    expect(subs.data[0]?.status).toBe("active");
  });

  it("expands the open invoice's confirmation secret after a failed renewal; paying it reactivates", async () => {
    const { customer } = await subscribedCustomer();
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    // Swap in the card whose charges fail, then end the period.
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://app.test/billing",
    });
    const added = await fetch(`${portal.url}/add-card`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ cardnumber: "4000000000000341", exp: "12/34", cvc: "123" }),
    });
    expect(added.status).toBe(303);
    const renewed = await fetch(
      `${emulator.apiUrl}/__emulator/subscriptions/${subscription?.id}/renew`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${SECRET_KEY}` },
      },
    );
    expect(renewed.status).toBe(200);
    const pastDue = await stripe.subscriptions.retrieve(subscription?.id as string, {
      expand: ["latest_invoice.confirmation_secret"],
    });
    expect(pastDue.status).toBe("past_due");
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe("open");
    const secret = invoice.confirmation_secret?.client_secret as string;
    expect(secret).toMatch(/^pi_.+_secret_/);

    const paid = await fetch(
      `${emulator.apiUrl}/js/payment_intents/${secret.split("_secret_")[0]}/confirm`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          clientSecret: secret,
          card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" },
        }),
      },
    );
    expect(await paid.json()).toMatchObject({ status: "succeeded" });
    expect((await stripe.subscriptions.retrieve(subscription?.id as string)).status).toBe("active");
  });

  async function eventTypesFor(id: string) {
    await emulator.webhooks?.idle();
    return received.filter((e) => JSON.stringify(e.data.object).includes(id)).map((e) => e.type);
  }
  const renew = (subscriptionId: string) =>
    fetch(`${emulator.apiUrl}/__emulator/subscriptions/${subscriptionId}/renew`, {
      method: "POST",
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });

  it("a card that always asks for 3-D Secure: its renewal waits for the customer, past due", async () => {
    const { customer, session, answer } = await subscribedCustomer("4000002760003184");
    expect(await answer.text()).toContain("Confirm your payment");
    await fetch(`${session.url}/authenticate`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "action=complete",
    });
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(subscription?.status).toBe("active");
    expect(subscription?.billing_mode.type).toBe("flexible");

    expect((await renew(subscription?.id as string)).status).toBe(200);
    const pastDue = await stripe.subscriptions.retrieve(subscription?.id as string, {
      expand: ["latest_invoice.payments"],
    });
    expect(pastDue.status).toBe("past_due");
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe("open");
    const intentId = invoice.payments?.data[0]?.payment.payment_intent as string;
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({
      status: "requires_action",
      last_payment_error: { code: "authentication_required" },
    });
    const types = await eventTypesFor(invoice.id as string);
    expect(types).toEqual(
      expect.arrayContaining(["invoice.payment_failed", "invoice.payment_action_required"]),
    );
    // Written off: uncollectible, announced; only an open invoice can be.
    const written = await stripe.invoices.markUncollectible(invoice.id as string);
    expect(written.status).toBe("uncollectible");
    expect(await eventTypesFor(invoice.id as string)).toContain("invoice.marked_uncollectible");
    await expect(stripe.invoices.markUncollectible(invoice.id as string)).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it("pauses and resumes a subscription, announcing both; resuming bills a new period", async () => {
    const { customer } = await subscribedCustomer();
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    const id = subscription?.id as string;
    const paused = await stripe.subscriptions.pause(id);
    expect(paused.status).toBe("paused");
    expect(paused.status_details?.paused.subscription.type).toBe("pause_requested");
    await expect(renew(id).then((r) => r.status)).resolves.toBe(400);
    await expect(stripe.subscriptions.pause(id)).rejects.toMatchObject({ statusCode: 400 });

    const resumed = await stripe.subscriptions.resume(id);
    expect(resumed.status).toBe("active");
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((i) => i.status)).toEqual(["paid", "paid"]);
    const types = await eventTypesFor(id);
    expect(types).toEqual(
      expect.arrayContaining(["customer.subscription.paused", "customer.subscription.resumed"]),
    );
    await expect(stripe.subscriptions.resume(id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("expires an open Checkout Session: its page says so and it cannot be paid", async () => {
    const customer = await stripe.customers.create({ email: "expire@example.com" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: "price_test_pro", quantity: 1 }],
      success_url: "http://app.test/welcome",
      cancel_url: "http://app.test/subscribe?canceled=true",
    });
    const open = await stripe.checkout.sessions.list({ customer: customer.id, status: "open" });
    expect(open.data.map((s) => s.id)).toEqual([session.id]);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: "expired", url: null });
    expect(
      (await stripe.checkout.sessions.list({ customer: customer.id, status: "open" })).data,
    ).toEqual([]);
    const paid = await payCheckout(session.url as string, "4242424242424242");
    expect(paid.status).toBe(410);
    expect(await paid.text()).toContain("This checkout has expired");
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await eventTypesFor(session.id)).toContain("checkout.session.expired");
  });

  it("refunds a paid invoice's payment once; cancels a PaymentIntent nothing was paid on", async () => {
    const { customer } = await subscribedCustomer();
    const [invoice] = (
      await stripe.invoices.list({ customer: customer.id, expand: ["data.payments"] })
    ).data;
    const intentId = invoice?.payments?.data[0]?.payment.payment_intent as string;
    const refund = await stripe.refunds.create({ payment_intent: intentId, reason: "duplicate" });
    expect(refund).toMatchObject({ status: "succeeded", amount: 9900, reason: "duplicate" });
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
      code: "charge_already_refunded",
    });
    expect((await stripe.refunds.list({ payment_intent: intentId })).data).toHaveLength(1);

    const intent = await stripe.paymentIntents.create({
      amount: 4900,
      currency: "usd",
      customer: customer.id,
    });
    const canceled = await stripe.paymentIntents.cancel(intent.id, {
      cancellation_reason: "abandoned",
    });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    expect(await eventTypesFor(intent.id)).toContain("payment_intent.canceled");
    // An invoice's own PaymentIntent is not canceled directly.
    await expect(stripe.paymentIntents.cancel(intentId)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("retries a delivery the endpoint answered with 503", async () => {
    await emulator.webhooks?.idle();
    failNext = 2;
    const customer = await stripe.customers.create({ email: "retry@example.com" });
    await emulator.webhooks?.idle();
    const attempts = emulator.webhooks
      ?.deliveries()
      .filter((a) =>
        received.some(
          (e) => e.id === a.eventId && (e.data.object as Stripe.Customer).id === customer.id,
        ),
      );
    expect(attempts?.map((a) => a.status)).toEqual([503, 503, 200]);
  });
});

describe("Stripe emulator persistence", () => {
  it("keeps its objects across a restart on the same data file", async () => {
    const { mkdtemp, rm } = await import("node:fs/promises");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = await mkdtemp(path.join(os.tmpdir(), "stripe-emulator-"));
    const dataFile = path.join(dir, "stripe.json");
    const options = {
      secretKey: SECRET_KEY,
      dataFile,
      seed: [
        {
          productId: "prod_keep",
          priceId: "price_keep",
          name: "Starter",
          unitAmount: 4900,
          currency: "usd",
          interval: "month" as const,
        },
      ],
    };
    try {
      const first = await startStripeEmulator(options);
      const client = (e: RunningStripeEmulator) =>
        new Stripe(SECRET_KEY, {
          host: e.host,
          port: e.port,
          protocol: "http",
          maxNetworkRetries: 0,
        });
      const customer = await client(first).customers.create({ email: "kept@example.com" });
      await first.stop();

      const second = await startStripeEmulator(options);
      try {
        expect(
          (await client(second).customers.retrieve(customer.id)) as Stripe.Customer,
        ).toMatchObject({
          email: "kept@example.com",
        });
        // Seeding again finds the price it made the first time rather than making another.
        expect((await client(second).prices.list({ product: "prod_keep" })).data).toHaveLength(1);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
