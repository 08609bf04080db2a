/**
 * The billing page (docs/billing.md, "The Billing page"): the current subscription, payment methods
 * and invoices as Stripe has them, cancel at period end, reactivate, the billing portal, adding a
 * card through Checkout in setup mode, and choosing the default card.
 */

import * as Activities from "../activities/index";
import * as Payments from "../adapters/payments";
import type {
  BillingSubscriptionResponse,
  Invoice,
  InvoicesResponse,
  PaymentMethod,
  PaymentMethodsResponse,
  RedirectUrlResponse,
  SubscriptionChangeResponse,
} from "../contracts/billing";
import { ConflictError, NotFoundError, UnprocessableError } from "../errors";
import { longDate } from "../long-date";
import { ensureCustomer, loadUser, syncCustomer } from "./customers";
import { gracePeriodDaysFromConfig } from "./grace-period";
import { subscriptionEnding } from "./notify";
import { ACTIVE_STATUSES, planName, toBillingSubscription } from "./subscription-state";

const iso = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString() : null;

const periodEndText = (seconds: number | undefined) =>
  seconds ? longDate(new Date(seconds * 1000).toISOString()) : "the end of the period";

/** Reading the subscription also stores it: the page is where a missed webhook shows. */
export async function getSubscription(userId: string): Promise<BillingSubscriptionResponse> {
  const user = await loadUser(userId);
  const gracePeriodDays = gracePeriodDaysFromConfig();
  if (!user.stripeCustomerId) return { subscription: null, gracePeriodDays };
  const { current } = await syncCustomer(userId, user.stripeCustomerId);
  return {
    subscription: current ? toBillingSubscription(current.subscription, current.plan) : null,
    gracePeriodDays,
  };
}

export async function listPaymentMethods(userId: string): Promise<PaymentMethodsResponse> {
  const user = await loadUser(userId);
  if (!user.stripeCustomerId) return { paymentMethods: [] };
  const customerId = user.stripeCustomerId;
  const [methods, customer, subscriptions] = await Promise.all([
    Payments.listCardPaymentMethods(customerId),
    Payments.retrieveCustomer(customerId),
    Payments.listSubscriptions(customerId),
  ]);
  // Checkout saves the card on the subscription; the portal and our page set the customer's.
  const fromCustomer = customer?.invoice_settings.default_payment_method;
  const live = subscriptions.find((s) => s.status !== "canceled" && s.default_payment_method);
  const fromSubscription = live?.default_payment_method;
  const defaultId =
    (typeof fromCustomer === "string" ? fromCustomer : fromCustomer?.id) ??
    (typeof fromSubscription === "string" ? fromSubscription : fromSubscription?.id) ??
    null;
  return {
    paymentMethods: methods.map(
      (pm): PaymentMethod => ({
        id: pm.id,
        type: pm.type,
        card: pm.card
          ? {
              brand: pm.card.brand,
              last4: pm.card.last4,
              expMonth: pm.card.exp_month,
              expYear: pm.card.exp_year,
            }
          : null,
        link: pm.link ? { email: pm.link.email ?? null } : null,
        isDefault: pm.id === defaultId,
      }),
    ),
  };
}

export async function listInvoices(userId: string): Promise<InvoicesResponse> {
  const user = await loadUser(userId);
  if (!user.stripeCustomerId) return { invoices: [] };
  const invoices = await Payments.listInvoices(user.stripeCustomerId);
  return {
    invoices: invoices
      // A draft is not a bill yet: Stripe may still change it.
      .filter((invoice) => invoice.status !== "draft")
      .map(
        (invoice): Invoice => ({
          id: invoice.id,
          number: invoice.number,
          total: invoice.total,
          currency: invoice.currency,
          status: invoice.status,
          created: new Date(invoice.created * 1000).toISOString(),
          paidAt: iso(invoice.status_transitions.paid_at),
          hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
          invoicePdf: invoice.invoice_pdf ?? null,
        }),
      ),
  };
}

async function currentOrFail(userId: string) {
  const user = await loadUser(userId);
  if (!user.stripeCustomerId) throw new UnprocessableError("No active subscription found.");
  const { current } = await syncCustomer(userId, user.stripeCustomerId);
  if (!current) throw new UnprocessableError("No active subscription found.");
  return { user, customerId: user.stripeCustomerId, current };
}

/**
 * Cancels at the end of the paid period (docs/billing.md, "The Billing page"); access lasts until
 * then.
 */
export async function cancelSubscription(
  userId: string,
  by: string,
): Promise<SubscriptionChangeResponse> {
  const { customerId, current } = await currentOrFail(userId);
  if (!ACTIVE_STATUSES.has(current.subscription.status)) {
    throw new UnprocessableError("Only an active subscription can be canceled.");
  }
  if (current.subscription.cancel_at_period_end) {
    throw new ConflictError("Your subscription is already set to cancel at the end of the period.");
  }
  const updated = await Payments.setCancelAtPeriodEnd(current.subscription.id, true);
  await syncCustomer(userId, customerId);
  await subscriptionEnding(userId, { subscription: updated, plan: current.plan });
  await Activities.record(userId, {
    type: "subscription_canceled",
    description: `${planName(current.plan)} subscription canceled; it ends on ${periodEndText(updated.items.data[0]?.current_period_end)}`,
    actorId: by,
  });
  return { success: true, subscription: toBillingSubscription(updated, current.plan) };
}

export async function reactivateSubscription(
  userId: string,
  by: string,
): Promise<SubscriptionChangeResponse> {
  const { customerId, current } = await currentOrFail(userId);
  if (current.subscription.status === "canceled" || !current.subscription.cancel_at_period_end) {
    throw new UnprocessableError("There is no canceled subscription to reactivate.");
  }
  const updated = await Payments.setCancelAtPeriodEnd(current.subscription.id, false);
  await syncCustomer(userId, customerId);
  await Activities.record(userId, {
    type: "subscription_reactivated",
    description: `${planName(current.plan)} subscription reactivated`,
    actorId: by,
  });
  return { success: true, subscription: toBillingSubscription(updated, current.plan) };
}

/** Stripe's billing portal; it returns to our own billing page, never to a caller's address. */
export async function createPortalSession(userId: string): Promise<RedirectUrlResponse> {
  const user = await loadUser(userId);
  if (!user.stripeCustomerId) {
    throw new UnprocessableError("There is no billing account yet. Choose a plan first.");
  }
  const session = await Payments.createPortalSession(
    user.stripeCustomerId,
    `${Payments.appUrl()}/billing`,
  );
  return { url: session.url };
}

export async function addPaymentMethod(userId: string): Promise<RedirectUrlResponse> {
  const user = await loadUser(userId);
  const customerId = await ensureCustomer(user);
  const session = await Payments.createSetupCheckout({
    customerId,
    userId,
    successUrl: `${Payments.appUrl()}/billing`,
    cancelUrl: `${Payments.appUrl()}/billing`,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return { url: session.url };
}

const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,250}$/;

/**
 * Makes one of the caller's own cards the default for future invoices. A card of another
 * customer, or an id that is no card at all, is "not found": the caller learns nothing more.
 */
export async function setDefaultPaymentMethod(
  userId: string,
  paymentMethodId: string,
): Promise<{ success: true }> {
  const notFound = () => new NotFoundError("Payment method not found");
  const user = await loadUser(userId);
  const customerId = user.stripeCustomerId;
  if (!customerId || !PAYMENT_METHOD_ID.test(paymentMethodId)) throw notFound();
  let method: Payments.Stripe.PaymentMethod;
  try {
    method = await Payments.retrievePaymentMethod(paymentMethodId);
  } catch (error) {
    if (Payments.isMissing(error)) throw notFound();
    throw error;
  }
  const owner = typeof method.customer === "string" ? method.customer : method.customer?.id;
  if (owner !== customerId) throw notFound();
  await Payments.setCustomerDefaultPaymentMethod(customerId, paymentMethodId);
  const subscriptions = await Payments.listSubscriptions(customerId);
  for (const subscription of subscriptions) {
    if (subscription.status === "canceled" || subscription.status === "incomplete_expired")
      continue;
    // Checkout put the first card on the subscription, which Stripe prefers over the customer's.
    await Payments.setSubscriptionDefaultPaymentMethod(subscription.id, paymentMethodId);
  }
  return { success: true };
}
