/**
 * The Stripe events billing acts on, each handed to its core function with the event's id
 * and time (activities are recorded once per event). Registered in stripe-events.ts.
 */
import * as Billing from "@portal/core/billing/index";
import type Stripe from "stripe";
import type { StripeEventHandlers } from "./stripe-events";

const context = (event: Stripe.Event) => ({ id: event.id, created: event.created });

export const billingEventHandlers: StripeEventHandlers = {
  "checkout.session.completed": (event) =>
    Billing.Events.onCheckoutCompleted(context(event), event.data.object),
  "customer.subscription.created": (event) =>
    Billing.Events.onSubscriptionChanged(context(event), event.data.object),
  "customer.subscription.updated": (event) =>
    Billing.Events.onSubscriptionChanged(context(event), event.data.object),
  "customer.subscription.deleted": (event) =>
    Billing.Events.onSubscriptionDeleted(context(event), event.data.object),
  "customer.subscription.paused": (event) =>
    Billing.Events.onSubscriptionPaused(context(event), event.data.object),
  "customer.subscription.resumed": (event) =>
    Billing.Events.onSubscriptionResumed(context(event), event.data.object),
  "invoice.paid": (event) => Billing.Events.onInvoicePaid(context(event), event.data.object),
  "invoice.payment_failed": (event) =>
    Billing.Events.onInvoicePaymentFailed(context(event), event.data.object),
  "invoice.payment_action_required": (event) =>
    Billing.Events.onInvoicePaymentActionRequired(context(event), event.data.object),
  "invoice.marked_uncollectible": (event) =>
    Billing.Events.onInvoiceMarkedUncollectible(context(event), event.data.object),
  "payment_intent.succeeded": (event) =>
    Billing.Events.onPaymentIntentSucceeded(context(event), event.data.object),
  "payment_intent.payment_failed": (event) =>
    Billing.Events.onPaymentIntentFailed(context(event), event.data.object),
  "payment_intent.canceled": (event) =>
    Billing.Events.onPaymentIntentCanceled(context(event), event.data.object),
};
