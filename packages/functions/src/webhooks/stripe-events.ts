/**
 * What the Stripe webhook does per event type: billing's handlers (billing-events.ts), one
 * entry per type, typed by Stripe's own event union. Types without an entry are logged
 * and acknowledged, so Stripe does not retry events the portal has no use for.
 */
import type Stripe from "stripe";
import { billingEventHandlers } from "./billing-events";

export type StripeEventHandlers = {
  [T in Stripe.Event.Type]?: (event: Extract<Stripe.Event, { type: T }>) => Promise<void>;
};

export const stripeEventHandlers: StripeEventHandlers = { ...billingEventHandlers };
