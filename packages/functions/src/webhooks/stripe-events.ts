/**
 * What the Stripe webhook does per event type. Empty until billing (issue 4) adds handlers:
 * one entry per type, typed by Stripe's own event union. Types without an entry are logged
 * and acknowledged, so Stripe does not retry events the portal has no use for.
 */
import type Stripe from "stripe";

export type StripeEventHandlers = {
  [T in Stripe.Event.Type]?: (event: Extract<Stripe.Event, { type: T }>) => Promise<void>;
};

export const stripeEventHandlers: StripeEventHandlers = {};
