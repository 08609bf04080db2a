/**
 * The plans a user can hold, as stored, written once. A plain array with no imports, so both
 * the zod contract (contracts/users.ts) and the ElectroDB entity (db/entities/user.ts) derive
 * from it. The names the client may send ("Professional"…) map onto these in contracts/plans.ts.
 */
export const PLANS = ["starter", "pro", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

/**
 * How a subscription that took the customer's sites offline ended (docs/billing.md "When a
 * subscription ends"): the customer cancelled it, or Stripe cancelled it after the last retry
 * of an unpaid invoice failed, which is a payment issue the dashboard must show.
 */
export const SUBSCRIPTION_ENDINGS = ["cancelled", "unpaid"] as const;
export type SubscriptionEnding = (typeof SUBSCRIPTION_ENDINGS)[number];
