/**
 * The Stripe webhook's time limits, in a module without imports so stacks/Webhooks.ts can read
 * them at synthesis (docs/billing.md).
 */

/** The webhook function's timeout. */
export const STRIPE_WEBHOOK_TIMEOUT_SECONDS = 30;

/**
 * How long a delivery holds an event it is processing. Longer than the function may run, so a
 * lease only runs out once its delivery is dead; far shorter than Stripe's retry delays.
 */
export const EVENT_LEASE_MS = 3 * STRIPE_WEBHOOK_TIMEOUT_SECONDS * 1000;
