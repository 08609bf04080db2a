/**
 * Stripe failing around the portal (docs/operations.md, "When a dependency fails"), through a
 * local stack of this suite's own whose Stripe emulator answers 500, 429 or nothing on request.
 * The `stripe` SDK's own retries (adapters/payments.ts) absorb what they can; what is left
 * reaches the customer as a 503 that says nothing was charged, with nothing half-made behind
 * it; and webhooks our side fails are retried by the emulator until the state is the one a
 * fault-free run reaches.
 */
import { PAYMENTS_UNAVAILABLE_MESSAGE } from "@portal/core/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FaultCustomer,
  type FaultStack,
  faultCustomer,
  type Json,
  payCheckout,
  startFaultStack,
} from "./faults.support";

let local: FaultStack;

beforeAll(async () => {
  local = await startFaultStack();
});

afterAll(async () => {
  await local?.stack.stop();
});

const webhooksIdle = async () => {
  const answer = await local.emulator("POST", "/webhooks/idle", { timeoutMs: 45_000 });
  expect(answer.idle).toBe(true);
};

async function stripeCustomerOf(customer: FaultCustomer) {
  const { data } = await local.stripe.customers.list({ email: customer.email });
  return data;
}

/** What a customer's subscription left behind: on our side and on Stripe's. */
async function billingState(customer: FaultCustomer) {
  const me = await customer.json("GET", "/api/auth/user");
  const [stripeCustomer] = await stripeCustomerOf(customer);
  const id = stripeCustomer?.id ?? "";
  const subscriptions = id ? (await local.stripe.subscriptions.list({ customer: id })).data : [];
  const invoices = id ? (await local.stripe.invoices.list({ customer: id })).data : [];
  const activities = await customer.json<{ type: string }[]>("GET", "/api/activities");
  return {
    user: {
      subscriptionPlan: me.subscriptionPlan,
      subscriptionActive: me.subscriptionActive,
      hasSubscription: me.stripeSubscriptionId === subscriptions[0]?.id,
    },
    subscriptions: subscriptions.map((s) => s.status),
    paidInvoices: invoices.filter((i) => i.status === "paid").map((i) => i.amount_paid),
    activities: activities.map((a) => a.type).sort(),
  };
}

describe("subscribing while Stripe fails", () => {
  let customer: FaultCustomer;

  beforeAll(async () => {
    customer = await faultCustomer(local.stack.url, "Outage");
  });

  it("answers a clear 503 after the SDK's own retries, and leaves nothing half-made", async () => {
    await local.fault("stripe", { kind: "error" });
    const answer = await customer.call("POST", "/api/create-subscription", {
      planName: "Professional",
    });
    const failed = (await local.faultState("stripe")).failed;
    await local.fault("stripe", null);

    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = (await answer.json()) as Json;
    expect(body.error).toMatchObject({
      code: "temporarily_unavailable",
      message: PAYMENTS_UNAVAILABLE_MESSAGE,
    });
    // One try and the SDK's two retries (maxNetworkRetries), no loop of ours on top.
    expect(failed).toBe(3);
    // Nothing made on either side: no Stripe customer, none stored on the user.
    expect(await stripeCustomerOf(customer)).toEqual([]);
    expect((await customer.json("GET", "/api/auth/user")).stripeCustomerId).toBeNull();
  });

  it("after recovery, a retry whose answer Stripe lost still ends in one subscription and one charge", async () => {
    // Stripe makes the Checkout Session but its answer never arrives: the SDK times out and
    // sends the same request again under the same idempotency key.
    await local.fault("stripe", {
      kind: "hang",
      path: "/v1/checkout/sessions",
      method: "POST",
      times: 1,
    });
    const started = await customer.json<{ paymentUrl: string }>(
      "POST",
      "/api/create-subscription",
      { planName: "Professional" },
    );
    expect((await local.faultState("stripe")).failed).toBe(1);
    const [stripeCustomer] = await stripeCustomerOf(customer);
    const sessions = await local.stripe.checkout.sessions.list({ customer: stripeCustomer?.id });
    expect(sessions.data).toHaveLength(1);

    // The customer clicks again before paying: the open session is handed back, not a second.
    const again = await customer.json<{ paymentUrl: string }>("POST", "/api/create-subscription", {
      planName: "Professional",
    });
    expect(again.paymentUrl).toBe(started.paymentUrl);

    expect((await payCheckout(started.paymentUrl)).status).toBe(303);
    await webhooksIdle();
    const state = await billingState(customer);
    expect(state.subscriptions).toEqual(["active"]);
    expect(state.paidInvoices).toHaveLength(1);
    expect(state.user).toEqual({
      subscriptionPlan: "pro",
      subscriptionActive: true,
      hasSubscription: true,
    });
  }, 60_000);

  it("the billing page's reads answer 503 with Stripe's Retry-After and a message, then recover", async () => {
    await local.fault("stripe", { kind: "rate_limit", method: "GET", retryAfterSeconds: 7 });
    for (const path of ["/api/billing/invoices", "/api/billing/payment-methods"]) {
      const answer = await customer.call("GET", path);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get("retry-after"), path).toBe("7");
      expect(((await answer.json()) as Json).error.message).toBe(PAYMENTS_UNAVAILABLE_MESSAGE);
    }
    await local.fault("stripe", null);
    const invoices = await customer.json<{ invoices: unknown[] }>("GET", "/api/billing/invoices");
    expect(invoices.invoices).toHaveLength(1);
  });
});

describe("webhooks our side fails", () => {
  it("are retried by the emulator as Stripe retries, to the state a fault-free run reaches", async () => {
    const calm = await faultCustomer(local.stack.url, "Calm");
    const stormy = await faultCustomer(local.stack.url, "Stormy");

    // The fault-free run.
    const calmStart = await calm.json<{ paymentUrl: string }>("POST", "/api/create-subscription", {
      planName: "Starter",
    });
    expect((await payCheckout(calmStart.paymentUrl)).status).toBe(303);
    await webhooksIdle();

    // The same, with our table refusing every call while the events arrive: the webhook
    // handler throws, answers 500, and Stripe (the emulator) tries again later.
    const stormyStart = await stormy.json<{ paymentUrl: string }>(
      "POST",
      "/api/create-subscription",
      { planName: "Starter" },
    );
    const [stripeCustomer] = await stripeCustomerOf(stormy);
    const customerId = stripeCustomer?.id ?? "";
    await local.emulator("POST", "/webhooks/hold", { customer: customerId });
    expect((await payCheckout(stormyStart.paymentUrl)).status).toBe(303);
    await local.fault("dynamodb", { error: "ProvisionedThroughputExceededException" });
    const released = await local.emulator("POST", "/webhooks/release", {
      customer: customerId,
      order: "original",
    });
    const eventIds = (released.released as { id: string }[]).map((e) => e.id);
    expect(eventIds.length).toBeGreaterThan(0);
    const firstTry = async () =>
      (await local.emulator("GET", `/webhooks/deliveries?event=${eventIds[0]}`)).deliveries as {
        status: number | null;
      }[];
    await expect
      .poll(async () => (await firstTry()).length, { timeout: 40_000, interval: 250 })
      .toBeGreaterThan(0);
    await local.fault("dynamodb", null);
    await webhooksIdle();

    const tries = await firstTry();
    expect(tries[0]?.status).toBe(500);
    expect(tries.at(-1)?.status).toBe(200);
    expect(await billingState(stormy)).toEqual(await billingState(calm));
  }, 120_000);
});
