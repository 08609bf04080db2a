/**
 * The billing domain events (contracts/events.ts), with ids derived from what Stripe says so
 * that every path that notices the same change (a webhook, its redelivery, the billing page
 * reading Stripe) emits the same event id, and the customer gets one mail.
 */

import type { PlanId } from "../contracts/users";
import { emit } from "../events/emit";
import { gracePeriodDaysFromConfig } from "./grace-period";
import { planName, type SubscriptionLike } from "./subscription-state";

const periodEnd = (subscription: SubscriptionLike) =>
  subscription.items.data[0]?.current_period_end ?? 0;

/** A subscription became paid up (first payment, or a failed renewal finally paid). */
export function subscriptionActivated(
  userId: string,
  current: { subscription: SubscriptionLike; plan: PlanId },
) {
  const started = current.subscription.items.data[0]?.current_period_start ?? 0;
  return emit({
    type: "subscription.activated",
    eventId: `billing:${current.subscription.id}:active:${started}`,
    userId,
    plan: planName(current.plan),
  });
}

/** Set to cancel at the end of the period: once per subscription and period. */
export function subscriptionEnding(
  userId: string,
  current: { subscription: SubscriptionLike; plan: PlanId },
) {
  const end = periodEnd(current.subscription);
  return emit({
    type: "subscription.ending",
    eventId: `billing:${current.subscription.id}:ending:${end}`,
    userId,
    plan: planName(current.plan),
    endsAt: new Date(end * 1000).toISOString(),
    gracePeriodDays: gracePeriodDaysFromConfig(),
  });
}

export function paymentFailed(
  userId: string,
  stripeEventId: string,
  invoice: { amount_due: number; currency: string },
) {
  return emit({
    type: "payment.failed",
    eventId: `billing:${stripeEventId}:payment_failed`,
    userId,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
  });
}
