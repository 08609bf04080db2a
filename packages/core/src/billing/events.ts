/**
 * What billing does with each Stripe event the webhook receives. Each effect re-reads the
 * object from Stripe and stores the customer's current state, so redeliveries, retries after a
 * failure and events arriving out of order all end in Stripe's state. Activities are recorded
 * under ids derived from the event, once.
 */

import type { Stripe } from "../adapters/payments";
import * as Payments from "../adapters/payments";
import type { SubscriptionEnding } from "../users/enums";
import { recordOnce } from "./activity-log";
import { findUser, linkCustomer, syncCustomer, userForCustomer } from "./customers";
import { paymentFailed, subscriptionEnding } from "./notify";
import { suspendSites } from "./site-retention";
import {
  ACTIVE_STATUSES,
  BILLING_STATUSES,
  keptSubscription,
  planName,
} from "./subscription-state";
import { markUpsellPurchased, SEO_UPSELL_TITLE } from "./upsells";

export interface EventContext {
  id: string;
  /** Unix seconds, when Stripe created the event. */
  created: number;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function syncByCustomer(customerId: string | null) {
  if (!customerId) return null;
  const user = await userForCustomer(customerId);
  // A customer none of our users owns (made in the Dashboard, say): nothing of ours changes.
  if (!user) return null;
  return syncCustomer(user.userId, customerId);
}

/** Re-reads the customer's state, then tells them of the event once (an activity per event id). */
async function syncAndTell(
  event: EventContext,
  customer: string | { id: string } | null | undefined,
  activity: Parameters<typeof recordOnce>[2],
) {
  const synced = await syncByCustomer(idOf(customer));
  if (!synced) return null;
  await recordOnce(
    synced.user.userId,
    { key: `event:${event.id}`, atSeconds: event.created },
    activity,
  );
  return synced;
}

/**
 * A completed Checkout Session links its Stripe customer to one of our users only when the
 * session and the customer both say so in the metadata our own API calls wrote (docs/billing.md).
 * `client_reference_id` alone is not enough: Payment Links and pricing tables copy it from
 * their URL, so anyone could name someone else's user id there.
 */
export async function onCheckoutCompleted(
  event: EventContext,
  object: Stripe.Checkout.Session,
): Promise<void> {
  const session = await Payments.retrieveCheckoutSession(object.id);
  const customerId = idOf(session.customer);
  const userId = session.metadata?.userId;
  if (!customerId || !userId) return;
  if (session.client_reference_id && session.client_reference_id !== userId) return;
  const customer = await Payments.retrieveCustomer(customerId);
  // ensureCustomer() writes the user id into every customer it creates for a user.
  if (customer?.metadata?.userId !== userId) return;
  const user = await findUser(userId);
  if (!user) return;
  const linked = await linkCustomer(userId, customerId);
  if (linked !== customerId) return;

  if (session.mode === "subscription") {
    const subscriptionId = idOf(session.subscription);
    if (subscriptionId && (await refuseSecondSubscription(event, userId, customerId, session))) {
      return;
    }
    const { current } = await syncCustomer(userId, customerId);
    if (current) {
      await recordOnce(
        userId,
        { key: `event:${event.id}`, atSeconds: event.created },
        {
          type: "subscription_started",
          description: `Subscribed to the ${planName(current.plan)} plan`,
        },
      );
    }
    return;
  }
  if (session.mode === "setup") {
    // A card added from the billing page becomes the default if the customer has none yet.
    const intent = session.setup_intent;
    const paymentMethodId =
      intent && typeof intent !== "string" ? idOf(intent.payment_method) : null;
    if (!paymentMethodId) return;
    if (!customer.invoice_settings.default_payment_method) {
      await Payments.setCustomerDefaultPaymentMethod(customerId, paymentMethodId);
    }
  }
}

/**
 * Two Checkout tabs (or a request that raced past the reuse of open sessions) can both be
 * paid: the customer would have two subscriptions and be billed twice. The first created is
 * kept; this session's, if it is a later one, is canceled at once and its first payment
 * refunded in full, and the customer is told (docs/billing.md). Answers whether it refused.
 * Safe to run again: the cancellation is noted on the subscription before it happens, the
 * refund has an idempotency key and the activity is recorded once.
 */
async function refuseSecondSubscription(
  event: EventContext,
  userId: string,
  customerId: string,
  session: Stripe.Checkout.Session,
): Promise<boolean> {
  const subscriptionId = idOf(session.subscription) as string;
  const subscriptions = await Payments.listSubscriptions(customerId);
  const mine = subscriptions.find((s) => s.id === subscriptionId);
  if (!mine) return false;
  // Refused by an earlier run of this handler, which may have stopped half-way.
  const refusedBefore = Boolean(mine.metadata?.duplicate_of);
  // A subscription that ended for any other reason (a late redelivery) is not touched.
  if (!refusedBefore && !BILLING_STATUSES.has(mine.status)) return false;
  const kept = keptSubscription(subscriptions, Payments.planForPriceId);
  if (!refusedBefore && (!kept || kept.id === subscriptionId)) return false;
  const keptId = kept && kept.id !== subscriptionId ? kept.id : (mine.metadata?.duplicate_of ?? "");

  if (mine.status !== "canceled")
    await Payments.cancelDuplicateSubscription(subscriptionId, keptId);
  const invoiceId = idOf(session.invoice) ?? idOf(mine.latest_invoice);
  const paymentIntentId = invoiceId ? await Payments.paidInvoicePaymentIntent(invoiceId) : null;
  if (paymentIntentId) {
    await Payments.refundPayment(
      paymentIntentId,
      { subscription: subscriptionId, duplicate_of: keptId, checkout_session: session.id },
      `refund-duplicate-${subscriptionId}`,
    );
  }
  await syncCustomer(userId, customerId);
  const amount = session.amount_total
    ? ` and its payment of ${dollars(session.amount_total)} refunded`
    : "";
  await recordOnce(
    userId,
    { key: `duplicate-subscription:${subscriptionId}`, atSeconds: event.created },
    {
      type: "subscription_canceled",
      description: `You already had a subscription, so the second one started from another checkout was canceled${amount}.`,
    },
  );
  return true;
}

export async function onSubscriptionChanged(
  _event: EventContext,
  object: Stripe.Subscription,
): Promise<void> {
  const synced = await syncByCustomer(idOf(object.customer));
  const current = synced?.current;
  // Cancelled from the billing page or Stripe's portal: the same event id either way.
  if (
    synced &&
    current?.subscription.cancel_at_period_end &&
    ACTIVE_STATUSES.has(current.subscription.status)
  ) {
    await subscriptionEnding(synced.user.userId, current);
  }
}

/**
 * Why Stripe ended the subscription: after the last retry of an unpaid invoice ("payment_failed")
 * or a lost dispute ("payment_disputed"), a payment issue; otherwise a cancellation.
 */
export function endingOf(subscription: Stripe.Subscription): SubscriptionEnding {
  const reason = subscription.cancellation_details?.reason;
  return reason === "payment_failed" || reason === "payment_disputed" ? "unpaid" : "cancelled";
}

export async function onSubscriptionDeleted(
  event: EventContext,
  object: Stripe.Subscription,
): Promise<void> {
  const synced = await syncAndTell(event, object.customer, {
    type: "subscription_canceled",
    description: "Your subscription has ended",
  });
  // Suspended only when nothing bills any more: a refused duplicate ending, or a subscription
  // replaced by a newer one, leaves the sites alone (docs/billing.md "When a subscription ends").
  if (!synced || synced.user.subscriptionActive) return;
  if (synced.current && BILLING_STATUSES.has(synced.current.subscription.status)) return;
  const endedAt = new Date((object.ended_at ?? event.created) * 1000);
  await suspendSites(synced.user, endedAt, endingOf(object));
}

export async function onInvoicePaid(_event: EventContext, object: Stripe.Invoice): Promise<void> {
  await syncByCustomer(idOf(object.customer));
}

export async function onInvoicePaymentFailed(
  event: EventContext,
  object: Stripe.Invoice,
): Promise<void> {
  const synced = await syncAndTell(event, object.customer, {
    type: "payment_failed",
    description: `A payment of ${dollars(object.amount_due)} failed. Update your card on the Billing page.`,
  });
  if (!synced) return;
  await paymentFailed(synced.user.userId, event.id, object);
}

/**
 * A renewal (or a resumption) the bank wants the customer to confirm (3-D Secure): the
 * subscription is past due until they do, on the Billing page (Complete Payment).
 */
export async function onInvoicePaymentActionRequired(
  event: EventContext,
  object: Stripe.Invoice,
): Promise<void> {
  await syncAndTell(event, object.customer, {
    type: "payment_action_required",
    description: `Your bank asks you to confirm a payment of ${dollars(object.amount_due)}. Confirm it on the Billing page to keep your plan.`,
  });
}

/**
 * An invoice written off (by hand, or by the account's retry settings): depending on those
 * settings Stripe leaves the subscription past due, marks it unpaid or cancels it. Re-read.
 */
export async function onInvoiceMarkedUncollectible(
  _event: EventContext,
  object: Stripe.Invoice,
): Promise<void> {
  await syncByCustomer(idOf(object.customer));
}

/** A paused subscription makes no invoices and gives no access until resumed. */
export async function onSubscriptionPaused(
  event: EventContext,
  object: Stripe.Subscription,
): Promise<void> {
  await syncAndTell(event, object.customer, {
    type: "subscription_paused",
    description: "Your subscription is paused",
  });
}

export async function onSubscriptionResumed(
  event: EventContext,
  object: Stripe.Subscription,
): Promise<void> {
  await syncAndTell(event, object.customer, {
    type: "subscription_reactivated",
    description: "Your subscription has resumed",
  });
}

/**
 * A payment that failed. The SEO package's (our metadata says so) is told to its buyer once;
 * the intent stays payable and the next attempt reuses it. Any other payment belongs to a
 * subscription invoice, whose customer's state is re-read (invoice.payment_failed tells them).
 */
export async function onPaymentIntentFailed(
  event: EventContext,
  object: Stripe.PaymentIntent,
): Promise<void> {
  if (object.metadata?.kind !== "seo_upsell") {
    await syncByCustomer(idOf(object.customer));
    return;
  }
  // Read from Stripe rather than trusting the event, and only for an intent of ours.
  const intent = await Payments.retrievePaymentIntent(object.id);
  const { userId } = intent.metadata;
  if (intent.metadata.kind !== "seo_upsell" || !userId || intent.status === "succeeded") return;
  const customerId = idOf(intent.customer);
  const user = customerId ? await userForCustomer(customerId) : null;
  // The intent's customer must be the one stored for the user the metadata names.
  if (!user || user.userId !== userId) return;
  await recordOnce(
    userId,
    { key: `event:${event.id}`, atSeconds: event.created },
    {
      type: "payment_failed",
      description: `Your payment of ${dollars(intent.amount)} for the ${SEO_UPSELL_TITLE} did not go through. No money was taken; you can try again with another card.`,
      ...(intent.metadata.siteId ? { siteId: intent.metadata.siteId } : {}),
    },
  );
}

/**
 * A payment canceled (by Stripe or from the Dashboard). Nothing was collected: a canceled SEO
 * package payment is replaced by a new one the next time the customer buys (upsells.ts), and
 * a subscription invoice's is re-read with its customer (voiding a first invoice ends an
 * incomplete subscription).
 */
export async function onPaymentIntentCanceled(
  _event: EventContext,
  object: Stripe.PaymentIntent,
): Promise<void> {
  if (object.metadata?.kind === "seo_upsell") return;
  await syncByCustomer(idOf(object.customer));
}

export async function onPaymentIntentSucceeded(
  _event: EventContext,
  object: Stripe.PaymentIntent,
): Promise<void> {
  // Subscription invoices' payments arrive here too; they carry no upsell and are skipped.
  if (object.metadata?.kind !== "seo_upsell") return;
  await markUpsellPurchased(object.id);
}
