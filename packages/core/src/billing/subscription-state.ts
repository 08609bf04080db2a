/**
 * Pure rules about Stripe subscriptions: which of a customer's subscriptions is the current
 * one, what plan it sells, and what the portal shows and stores for it.
 */
import type { BillingSubscription } from "../contracts/billing";
import { plans } from "../contracts/plans";
import { type PlanId, planIdSchema } from "../contracts/users";

/** The few fields of a Stripe subscription these rules read (Stripe.Subscription has them). */
export interface SubscriptionLike {
  id: string;
  status: string;
  created: number;
  cancel_at_period_end: boolean;
  metadata: Record<string, string> | null;
  items: {
    data: {
      current_period_start: number;
      current_period_end: number;
      price: {
        id: string;
        unit_amount: number | null;
        currency: string;
        recurring: { interval: string } | null;
      };
    }[];
  };
}

/** Paid up: what opens the portal (the access gate reads subscriptionActive). */
export const ACTIVE_STATUSES = new Set(["active", "trialing"]);

/** Still running but owing money: the customer completes the payment rather than resubscribes. */
export const UNPAID_STATUSES = new Set(["past_due", "unpaid", "incomplete"]);

// Lower is more current. A paid-up subscription beats one that owes money, which beats one
// that has ended; among equals the newest wins, except that of two that bill the first
// (the one a duplicate refusal keeps) does.
const RANK: Record<string, number> = {
  active: 0,
  trialing: 0,
  past_due: 1,
  unpaid: 2,
  incomplete: 3,
  paused: 4,
  canceled: 5,
  incomplete_expired: 6,
};

/**
 * The plan a subscription sells: by its price (what the customer actually pays for), else by
 * the plan our checkout wrote into its metadata (a price id that has since been rotated).
 */
export function planOf(
  subscription: SubscriptionLike,
  planForPriceId: (priceId: string) => PlanId | undefined,
): PlanId | undefined {
  const priceId = subscription.items.data[0]?.price.id;
  const byPrice = priceId ? planForPriceId(priceId) : undefined;
  if (byPrice) return byPrice;
  const parsed = planIdSchema.safeParse(subscription.metadata?.plan);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The subscription that decides the customer's state, among those selling one of our plans.
 * Events arrive in any order and for old subscriptions too; choosing from the full current
 * list makes the outcome independent of which event triggered the look.
 */
export function currentSubscription<S extends SubscriptionLike>(
  subscriptions: S[],
  planForPriceId: (priceId: string) => PlanId | undefined,
): { subscription: S; plan: PlanId } | null {
  const ours = subscriptions
    .map((subscription) => ({ subscription, plan: planOf(subscription, planForPriceId) }))
    .filter((s): s is { subscription: S; plan: PlanId } => s.plan !== undefined);
  // Two that bill are a duplicate being refused: the one kept (the first) is the current one.
  const kept = keptSubscription(subscriptions, planForPriceId);
  ours.sort(
    (a, b) =>
      (RANK[a.subscription.status] ?? 9) - (RANK[b.subscription.status] ?? 9) ||
      Number(b.subscription === kept) - Number(a.subscription === kept) ||
      b.subscription.created - a.subscription.created,
  );
  return ours[0] ?? null;
}

/** Subscriptions that bill the customer or owe money: a second one of these would bill twice. */
export const BILLING_STATUSES: ReadonlySet<string> = new Set([
  "active",
  "trialing",
  "past_due",
  "unpaid",
]);

/**
 * The one subscription a customer keeps when Checkout made more than one (two tabs, two
 * quick clicks): the first created among those that bill, so every webhook delivery, in any
 * order, picks the same one and the later ones are refused (docs/billing.md). A paused
 * subscription bills nothing and does not count.
 */
export function keptSubscription<S extends SubscriptionLike>(
  subscriptions: S[],
  planForPriceId: (priceId: string) => PlanId | undefined,
): S | null {
  const billing = subscriptions.filter(
    (s) => BILLING_STATUSES.has(s.status) && planOf(s, planForPriceId) !== undefined,
  );
  billing.sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return billing[0] ?? null;
}

/** A first payment that never went through: the plan was never paid for. */
const NEVER_PAID = new Set(["incomplete", "incomplete_expired"]);

/**
 * The user fields a subscription decides. The plan is stored once a subscription has been
 * paid for: the access gate treats "a plan, not active" as a customer whose later payment
 * failed (past due, canceled), and "no plan" as one still completing the first payment.
 */
export function userFieldsFor(current: { subscription: SubscriptionLike; plan: PlanId }) {
  const { status } = current.subscription;
  return {
    stripeSubscriptionId: current.subscription.id,
    subscriptionStatus: status,
    ...(NEVER_PAID.has(status) ? {} : { subscriptionPlan: current.plan }),
    subscriptionActive: ACTIVE_STATUSES.has(status),
  };
}

const iso = (seconds: number | undefined) =>
  seconds === undefined ? null : new Date(seconds * 1000).toISOString();

export function planName(plan: PlanId | null): string {
  return plans.find((p) => p.id === plan)?.name ?? "Subscription";
}

/** GET /api/billing/subscription's shape (contracts/billing.ts). */
export function toBillingSubscription(
  subscription: SubscriptionLike,
  plan: PlanId | null,
): BillingSubscription {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    plan: {
      id: plan,
      name: planName(plan),
      amount: item?.price.unit_amount ?? 0,
      currency: item?.price.currency ?? "usd",
      interval: item?.price.recurring?.interval ?? "month",
    },
    status: subscription.status,
    currentPeriodStart: iso(item?.current_period_start),
    currentPeriodEnd: iso(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}
