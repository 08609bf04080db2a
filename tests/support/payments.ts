/**
 * Helpers for the payment suites: a signed-in customer calling the API, the real `stripe`
 * SDK pointed at the stack's Stripe emulator, the emulator's hosted pages posted as a browser
 * would, and its controls (wait for webhooks, hold them, renew a subscription).
 */
import Stripe from "stripe";
import { expect } from "vitest";
import { send } from "./api";
import { bearer, type SignedIn, signUp } from "./dev-identity";
import { stackUrl, useStackEnv } from "./stack";

export const env = useStackEnv();
export const url = stackUrl();
export const secretKey = env.SST_Secret_value_STRIPE_SECRET_KEY ?? "";
export const webhookSecret = env.SST_Secret_value_STRIPE_WEBHOOK_SECRET ?? "";

export const stripe = new Stripe(secretKey, {
  host: env.SST_Parameter_value_STRIPE_API_HOST,
  port: env.SST_Parameter_value_STRIPE_API_PORT,
  protocol: env.SST_Parameter_value_STRIPE_API_PROTOCOL as "http",
  maxNetworkRetries: 0,
});

/** An API or Stripe answer read field by field in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: assertions check the shapes themselves
export type Json = Record<string, any>;

export const GOOD_CARD = "4242424242424242";
export const DECLINED_CARD = "4000000000000002";
export const AUTH_CARD = "4000002500003155";
/** Saves fine; every charge on it is declined (renewals fail). */
export const FAILING_CARD = "4000000000000341";
/** 3-D Secure on every payment: renewals wait for the customer to confirm them. */
export const ALWAYS_AUTH_CARD = "4000002760003184";

export interface Customer extends SignedIn {
  /** Calls the API with a fresh session token (dev tokens live 60 s; suites run longer). */
  call(method: string, path: string, body?: unknown): Promise<Response>;
  json<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  /** GET /api/auth/user. */
  me(): Promise<Record<string, unknown>>;
}

export async function newCustomer(firstName = "Pat"): Promise<Customer> {
  const signedIn = await signUp({ firstName, lastName: "Payer" });
  const token = async () => {
    const answer = await fetch(`${url}/dev-identity/tokens`, {
      method: "POST",
      headers: { cookie: signedIn.cookie },
    });
    if (!answer.ok) throw new Error(`token refresh answered ${answer.status}`);
    return ((await answer.json()) as { jwt: string }).jwt;
  };
  const call = async (method: string, path: string, body?: unknown) =>
    send(url, bearer(await token()), method, path, body);
  const json = async <T>(method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, body);
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  const customer: Customer = {
    ...signedIn,
    call,
    json,
    me: () => json("GET", "/api/auth/user"),
  };
  await customer.me();
  return customer;
}

function form(values: Record<string, string>) {
  return {
    method: "POST",
    redirect: "manual" as const,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values),
  };
}

/** Fills and submits the emulator's hosted Checkout page. */
export function payCheckout(checkoutUrl: string, card: string) {
  return fetch(
    checkoutUrl,
    form({ cardnumber: card, exp: "12 / 34", cvc: "123", name: "Pat Payer" }),
  );
}

export function authenticateCheckout(checkoutUrl: string, action: "complete" | "fail") {
  return fetch(`${checkoutUrl}/authenticate`, form({ action }));
}

/** What the SPA's local card form does: confirm a PaymentIntent by its client secret. */
export async function confirmCard(clientSecret: string, card: string) {
  const id = clientSecret.split("_secret_")[0];
  const answer = await fetch(`${url}/__stripe/js/payment_intents/${id}/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      clientSecret,
      card: { number: card, expMonth: 12, expYear: 2034, cvc: "123" },
    }),
  });
  return { status: answer.status, body: (await answer.json()) as Json };
}

async function control(method: string, path: string, body?: unknown) {
  const answer = await send(url, bearer(secretKey), method, `/__stripe/__emulator${path}`, body);
  if (!answer.ok)
    throw new Error(`emulator ${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as Json;
}

/** Waits until the emulator has delivered every webhook it owes (retries included). */
export async function webhooksDelivered() {
  const answer = await control("POST", "/webhooks/idle", { timeoutMs: 30_000 });
  expect(answer.idle).toBe(true);
}

export const emulator = {
  renew: (subscriptionId: string) => control("POST", `/subscriptions/${subscriptionId}/renew`),
  /** Stripe gives up on the unpaid invoice and cancels the subscription (reason payment_failed). */
  exhaustRetries: (subscriptionId: string) =>
    control("POST", `/subscriptions/${subscriptionId}/exhaust-retries`),
  hold: (customerId: string) => control("POST", "/webhooks/hold", { customer: customerId }),
  release: (customerId: string, order: "original" | "reverse" | "drop") =>
    control("POST", "/webhooks/release", { customer: customerId, order }),
  resend: (eventId: string) => control("POST", `/events/${eventId}/resend`),
  deliveries: async (eventId: string) =>
    (await control("GET", `/webhooks/deliveries?event=${eventId}`)).deliveries as {
      status: number | null;
      body: string;
    }[],
};

/** Subscribes a new customer to a plan through Checkout with the good card. */
export async function subscribedCustomer(planName = "Professional", firstName = "Pat") {
  const customer = await newCustomer(firstName);
  const started = await customer.json<{ paymentUrl: string }>("POST", "/api/create-subscription", {
    planName,
  });
  const paid = await payCheckout(started.paymentUrl, GOOD_CARD);
  expect(paid.status).toBe(303);
  await webhooksDelivered();
  const user = await customer.me();
  return { customer, user };
}

/**
 * Adds FAILING_CARD through Checkout in setup mode and makes it the default card, so the next
 * renewal fails (tests/integration/billing.test.ts checks these steps one by one). Answers the
 * card's payment method id.
 */
export async function makeFailingCardDefault(customer: Customer): Promise<string> {
  const { url: setupUrl } = await customer.json<{ url: string }>(
    "POST",
    "/api/billing/add-payment-method",
  );
  expect((await payCheckout(setupUrl, FAILING_CARD)).status).toBe(303);
  const { paymentMethods } = await customer.json<{
    paymentMethods: { id: string; card: { last4: string } }[];
  }>("GET", "/api/billing/payment-methods");
  const failing = paymentMethods.find((pm) => FAILING_CARD.endsWith(pm.card.last4));
  if (!failing) throw new Error("the failing card is not among the payment methods");
  await customer.json("POST", "/api/billing/set-default-payment-method", {
    paymentMethodId: failing.id,
  });
  return failing.id;
}

export async function activities(customer: Customer) {
  return customer.json<{ type: string; description: string }[]>("GET", "/api/activities");
}

/** The stack's data layer, imported after the stack's env is set (sst/node reads it once). */
export async function useStackEnvDb() {
  const { db } = await import("@portal/core/db/service");
  return db;
}
