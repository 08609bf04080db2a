/**
 * The one port to the card payment provider: every Stripe call the product makes, on the
 * `stripe` SDK with a pinned API version. In production the SDK talks to api.stripe.com; in
 * the local stack STRIPE_API_HOST / _PORT / _PROTOCOL point it at the Stripe emulator. Same
 * code, same requests, either way.
 */
import { Config } from "sst/node/config";
import Stripe from "stripe";
import type { PlanId } from "../contracts/users";
import { PLANS } from "../users/enums";
import { readBinding } from "./bindings";
import { STRIPE_API_VERSION } from "./stripe-version";

declare module "sst/node/config" {
  export interface SecretResources {
    STRIPE_SECRET_KEY: { value: string };
  }
  export interface ParameterResources {
    STRIPE_PRICE_STARTER: { value: string };
    STRIPE_PRICE_PRO: { value: string };
    STRIPE_PRICE_ENTERPRISE: { value: string };
    /** Empty (or unbound) in production: the SDK's own api.stripe.com:443 over https. */
    STRIPE_API_HOST: { value: string };
    STRIPE_API_PORT: { value: string };
    STRIPE_API_PROTOCOL: { value: string };
    APP_URL: { value: string };
  }
}

export type { Stripe };
export { STRIPE_API_VERSION };

/** The SDK's own retry settings for every Stripe call (no retry loop of ours anywhere). */
export const STRIPE_NETWORK_RETRIES = 2;
export const STRIPE_TIMEOUT_MS = 8_000;

/** A Config parameter that may not be bound at all (production leaves the emulator's unset). */
function optional(read: () => string): string {
  try {
    return read().trim();
  } catch {
    return "";
  }
}

let client: Stripe | undefined;

export function stripe(): Stripe {
  if (client) return client;
  const host = optional(() => Config.STRIPE_API_HOST);
  const port = optional(() => Config.STRIPE_API_PORT);
  const protocol = optional(() => Config.STRIPE_API_PROTOCOL);
  client = new Stripe(
    readBinding("payments", () => Config.STRIPE_SECRET_KEY),
    {
      apiVersion: STRIPE_API_VERSION,
      // The SDK retries network failures, timeouts and 409/5xx answers with an idempotency key of
      // its own, so a retried POST never doubles a charge or a customer. Three tries of 8 s and
      // the backoff between them end inside API Gateway's 30 s, so a hung Stripe reaches the
      // customer as our 503, not as the gateway's timeout (docs/operations.md).
      maxNetworkRetries: STRIPE_NETWORK_RETRIES,
      timeout: STRIPE_TIMEOUT_MS,
      appInfo: { name: "site-portal" },
      ...(host ? { host } : {}),
      ...(port ? { port: Number(port) } : {}),
      ...(protocol === "http" || protocol === "https" ? { protocol } : {}),
    },
  );
  return client;
}

/** Our public origin, for the addresses Stripe sends the browser back to. */
export function appUrl(): string {
  return Config.APP_URL.replace(/\/+$/, "");
}

// ---------------------------------------------------------------- plans ↔ prices

export function priceIdForPlan(plan: PlanId): string {
  const id = {
    starter: Config.STRIPE_PRICE_STARTER,
    pro: Config.STRIPE_PRICE_PRO,
    enterprise: Config.STRIPE_PRICE_ENTERPRISE,
  }[plan].trim();
  if (!id) throw new Error(`No Stripe price is configured for the ${plan} plan`);
  return id;
}

/** The plan a Stripe price sells, or undefined for a price that is none of ours. */
export function planForPriceId(priceId: string | null | undefined): PlanId | undefined {
  if (!priceId) return undefined;
  return PLANS.find((plan) => optional(() => priceIdForPlan(plan)) === priceId);
}

// ---------------------------------------------------------------- errors

/** Stripe said the object does not exist (a bad or foreign id). */
export function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing"
  );
}

// ---------------------------------------------------------------- customers

export function createCustomer(
  input: { userId: string; email: string; name?: string },
  idempotencyKey: string,
) {
  return stripe().customers.create(
    { email: input.email, name: input.name, metadata: { userId: input.userId } },
    { idempotencyKey },
  );
}

/** A customer, or null if Stripe deleted it. */
export async function retrieveCustomer(customerId: string): Promise<Stripe.Customer | null> {
  const customer = await stripe().customers.retrieve(customerId);
  return customer.deleted ? null : customer;
}

export function setCustomerDefaultPaymentMethod(customerId: string, paymentMethodId: string) {
  return stripe().customers.update(customerId, {
    invoice_settings: { default_payment_method: paymentMethodId },
  });
}

// ---------------------------------------------------------------- checkout

export function createSubscriptionCheckout(input: {
  customerId: string;
  priceId: string;
  userId: string;
  plan: PlanId;
  successUrl: string;
  cancelUrl: string;
}) {
  const metadata = { userId: input.userId, plan: input.plan };
  return stripe().checkout.sessions.create({
    mode: "subscription",
    customer: input.customerId,
    client_reference_id: input.userId,
    line_items: [{ price: input.priceId, quantity: 1 }],
    metadata,
    subscription_data: { metadata },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  });
}

export function createSetupCheckout(input: {
  customerId: string;
  userId: string;
  successUrl: string;
  cancelUrl: string;
}) {
  return stripe().checkout.sessions.create({
    mode: "setup",
    customer: input.customerId,
    client_reference_id: input.userId,
    allowed_payment_method_types: ["card"],
    metadata: { userId: input.userId, purpose: "add_payment_method" },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  });
}

/** The customer's Checkout Sessions that can still be paid, newest first. */
export async function listOpenCheckoutSessions(customerId: string) {
  const page = await stripe().checkout.sessions.list({
    customer: customerId,
    status: "open",
    limit: 20,
    expand: ["data.line_items"],
  });
  return page.data;
}

/** Makes an open Checkout Session unpayable; false if it is no longer open. */
export async function expireCheckoutSession(sessionId: string): Promise<boolean> {
  try {
    await stripe().checkout.sessions.expire(sessionId);
    return true;
  } catch (error) {
    // Completed or expired meanwhile: Stripe answers 400 for anything but an open session.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
    throw error;
  }
}

export function retrieveCheckoutSession(sessionId: string) {
  return stripe().checkout.sessions.retrieve(sessionId, { expand: ["setup_intent"] });
}

export function createPortalSession(customerId: string, returnUrl: string) {
  return stripe().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
}

// ---------------------------------------------------------------- subscriptions

/** Every subscription of a customer, canceled ones included, newest first. */
export async function listSubscriptions(customerId: string): Promise<Stripe.Subscription[]> {
  const page = await stripe().subscriptions.list({
    customer: customerId,
    status: "all",
    limit: 20,
  });
  return page.data;
}

export function retrieveSubscription(subscriptionId: string) {
  return stripe().subscriptions.retrieve(subscriptionId);
}

/** The subscription with its latest invoice and that invoice's payment client secret. */
export function retrieveSubscriptionWithPayment(subscriptionId: string) {
  return stripe().subscriptions.retrieve(subscriptionId, {
    expand: ["latest_invoice.confirmation_secret"],
  });
}

/**
 * Ends a subscription now, without a final invoice or proration: for one that should never
 * have been created (docs/billing.md). Noted in its metadata first, so a retry after a crash
 * recognises it.
 */
export async function cancelDuplicateSubscription(subscriptionId: string, keptId: string) {
  await stripe().subscriptions.update(subscriptionId, { metadata: { duplicate_of: keptId } });
  try {
    await stripe().subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false });
  } catch (error) {
    // Already canceled (a retry): nothing left to do.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
  }
}

/** The PaymentIntent that paid an invoice, if one did. */
export async function paidInvoicePaymentIntent(invoiceId: string): Promise<string | null> {
  const invoice = await stripe().invoices.retrieve(invoiceId, { expand: ["payments"] });
  const paid = invoice.payments?.data.find((p) => p.status === "paid");
  const intent = paid?.payment.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/** Gives a payment back in full, once whatever the retries (idempotency key). */
export async function refundPayment(
  paymentIntentId: string,
  metadata: Record<string, string>,
  idempotencyKey: string,
) {
  try {
    return await stripe().refunds.create(
      { payment_intent: paymentIntentId, reason: "duplicate", metadata },
      { idempotencyKey },
    );
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === "charge_already_refunded"
    ) {
      return null;
    }
    throw error;
  }
}

/**
 * Moves a subscription to another plan: its item takes the plan's price, the difference is
 * prorated on the next invoice (Stripe's default), and the metadata names the new plan.
 */
export function changeSubscriptionPlan(subscription: Stripe.Subscription, plan: PlanId) {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no item to change`);
  return stripe().subscriptions.update(subscription.id, {
    items: [{ id: item.id, price: priceIdForPlan(plan) }],
    proration_behavior: "create_prorations",
    metadata: { plan },
  });
}

export function setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
  return stripe().subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
}

export function setSubscriptionDefaultPaymentMethod(
  subscriptionId: string,
  paymentMethodId: string,
) {
  return stripe().subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId });
}

// ---------------------------------------------------------------- invoices and payment methods

export async function listInvoices(customerId: string, limit = 24): Promise<Stripe.Invoice[]> {
  const page = await stripe().invoices.list({ customer: customerId, limit });
  return page.data;
}

export async function listCardPaymentMethods(customerId: string): Promise<Stripe.PaymentMethod[]> {
  const page = await stripe().customers.listPaymentMethods(customerId, { limit: 50 });
  return page.data;
}

export function retrievePaymentMethod(paymentMethodId: string) {
  return stripe().paymentMethods.retrieve(paymentMethodId);
}

// ---------------------------------------------------------------- one-off payments (upsells)

export function createPaymentIntent(
  input: {
    amount: number;
    currency: string;
    customerId: string;
    description: string;
    metadata: Record<string, string>;
  },
  idempotencyKey: string,
) {
  return stripe().paymentIntents.create(
    {
      amount: input.amount,
      currency: input.currency,
      customer: input.customerId,
      description: input.description,
      metadata: input.metadata,
      automatic_payment_methods: { enabled: true },
    },
    { idempotencyKey },
  );
}

export function retrievePaymentIntent(paymentIntentId: string) {
  return stripe().paymentIntents.retrieve(paymentIntentId);
}
