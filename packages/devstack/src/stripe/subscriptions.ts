/**
 * Subscriptions: started by Checkout (checkout.ts), changed (cancel at period end, card,
 * price), paused and resumed, cancelled, and renewed when the emulator's clock says the
 * period ended.
 */
import type Stripe from "stripe";
import type { FormObject, FormValue } from "./form";
import { createInvoice, payInvoice, voidInvoice } from "./invoices";
import {
  addInterval,
  type CheckoutLine,
  invalidRequest,
  listOf,
  mergeMetadata,
  missing,
  nested,
  newObjectId,
  type StoredCustomer,
  type StoredPaymentMethod,
  type StoredSubscription,
  text,
} from "./objects";
import type { EmulatorStore } from "./store";

/** Statuses a subscription can still be paid or used in. */
export const LIVE_SUBSCRIPTION = new Set<Stripe.Subscription.Status>([
  "active",
  "trialing",
  "past_due",
  "unpaid",
  "incomplete",
]);

/** The current period end: on the items since API version 2025-03-31. */
export function periodEnd(subscription: StoredSubscription): number | null {
  return subscription.items.data[0]?.current_period_end ?? null;
}

/** The end of a period that starts at `start`, by the first item's price. */
function periodFrom(store: EmulatorStore, subscription: StoredSubscription, start: number) {
  const recurring = store.get("price", subscription.items.data[0]?.price).recurring;
  return addInterval(start, recurring?.interval ?? "month", recurring?.interval_count ?? 1);
}

/** A subscription for a paid Checkout Session, incomplete until its first invoice is paid. */
export function newSubscription(
  store: EmulatorStore,
  customer: StoredCustomer,
  pm: StoredPaymentMethod,
  lines: CheckoutLine[],
  metadata: Record<string, string>,
): StoredSubscription {
  const now = store.seconds();
  const first = store.get("price", lines[0]?.price);
  const periodEnd = addInterval(
    now,
    first.recurring?.interval ?? "month",
    first.recurring?.interval_count ?? 1,
  );
  const subscriptionId = newObjectId("sub", 24);
  const subscription = store.put<StoredSubscription>({
    id: subscriptionId,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    // The default for new subscriptions since API version 2025-09-30.clover, Checkout's too.
    billing_mode: {
      flexible: { proration_discounts: "included" },
      type: "flexible",
      updated_at: now,
    },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created: now,
    currency: first.currency,
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: pm.id,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: "self" },
    },
    items: {
      object: "list",
      data: lines.map((line) => ({
        id: newObjectId("si", 14),
        object: "subscription_item",
        billing_thresholds: null,
        created: now,
        current_period_end: periodEnd,
        current_period_start: now,
        current_trial: null,
        discounts: [],
        metadata: {},
        price: line.price,
        quantity: line.quantity,
        subscription: subscriptionId,
        tax_rates: [],
      })),
      has_more: false,
      total_count: lines.length,
      url: `/v1/subscription_items?subscription=${subscriptionId}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: { ...metadata },
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: "off",
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: "incomplete",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" },
    },
    trial_start: null,
  });
  store.emit("customer.subscription.created", subscription);
  return subscription;
}

export function updateSubscription(
  store: EmulatorStore,
  id: string,
  params: FormObject,
): StoredSubscription {
  const subscription = store.get("subscription", id);
  if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
    throw invalidRequest(
      `A canceled subscription can only update its cancellation_details and metadata.`,
    );
  }
  const changes: Partial<StoredSubscription> = {};
  if (params.cancel_at_period_end !== undefined) {
    const cancel = params.cancel_at_period_end === "true";
    changes.cancel_at_period_end = cancel;
    changes.cancel_at = cancel ? periodEnd(subscription) : null;
    changes.canceled_at = cancel ? store.seconds() : null;
    changes.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: cancel ? "cancellation_requested" : null,
    };
  }
  if (params.default_payment_method !== undefined) {
    const pmId = text(params.default_payment_method);
    if (pmId) {
      const pm = store.get("payment_method", pmId, "default_payment_method");
      if (pm.customer !== subscription.customer) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
          "default_payment_method",
        );
      }
    }
    changes.default_payment_method = pmId || null;
  }
  if (params.metadata !== undefined) {
    changes.metadata = mergeMetadata(subscription.metadata, params.metadata);
  }
  if (params.items !== undefined) {
    changes.items = changedItems(store, subscription, params.items);
  }
  store.update(subscription, changes, "customer.subscription.updated");
  store.changed();
  return subscription;
}

/**
 * `items[n][id]` with a new `items[n][price]`: the item sells that price from now on. The
 * emulator bills no proration: the next renewal charges the new price.
 */
function changedItems(
  store: EmulatorStore,
  subscription: StoredSubscription,
  items: FormValue,
): StoredSubscription["items"] {
  const data = structuredClone(subscription.items.data);
  (listOf(items) ?? []).forEach((value, index) => {
    const change = nested(value) ?? {};
    const item = data.find((candidate) => candidate.id === change.id);
    if (!item) {
      throw invalidRequest(
        `Invalid subscription item ID: ${text(change.id) ?? ""}`,
        `items[${index}][id]`,
      );
    }
    if (change.price !== undefined) {
      item.price = store.get("price", text(change.price), `items[${index}][price]`).id;
    }
  });
  return { ...subscription.items, data };
}

export function cancelSubscription(store: EmulatorStore, id: string): StoredSubscription {
  const subscription = store.get("subscription", id);
  if (subscription.status === "canceled") {
    throw invalidRequest(
      `No such subscription: '${id}'. This subscription has already been canceled.`,
      undefined,
      "resource_missing",
    );
  }
  endSubscription(store, subscription, "cancellation_requested");
  store.changed();
  return subscription;
}

/**
 * POST /v1/subscriptions/:id/pause (API 2026-09-30.endive): flexible billing mode only. A
 * paused subscription makes no invoices and does not advance its period.
 */
export function pauseSubscription(store: EmulatorStore, id: string): StoredSubscription {
  const subscription = store.get("subscription", id);
  if (subscription.billing_mode?.type !== "flexible") {
    throw invalidRequest("Only subscriptions in flexible billing mode can be paused.");
  }
  if (!["active", "trialing", "past_due", "unpaid"].includes(subscription.status)) {
    throw invalidRequest(`A subscription with status ${subscription.status} cannot be paused.`);
  }
  const now = store.seconds();
  store.update(
    subscription,
    {
      status: "paused",
      status_details: {
        paused: {
          subscription: { type: "pause_requested" },
          transitioned_at: now,
          type: "subscription",
        },
      },
    },
    "customer.subscription.updated",
  );
  store.emit("customer.subscription.paused", subscription);
  store.changed();
  return subscription;
}

/**
 * POST /v1/subscriptions/:id/resume with the default payment_behavior
 * (resume_on_payment_attempt): the billing cycle restarts now (the default) with an invoice
 * charged to the saved card, and the subscription is active again, or past due if that
 * payment fails. With `billing_cycle_anchor=unchanged` the period is kept and nothing is
 * billed now (the emulator models no prorations).
 */
export function resumeSubscription(
  store: EmulatorStore,
  id: string,
  params: FormObject,
): StoredSubscription {
  const subscription = store.get("subscription", id);
  if (subscription.status !== "paused") {
    throw invalidRequest(`Subscription ${id} is not paused, so it cannot be resumed.`);
  }
  const anchor = text(params.billing_cycle_anchor) ?? "now";
  store.update(
    subscription,
    { status: "active", status_details: null },
    "customer.subscription.updated",
  );
  store.emit("customer.subscription.resumed", subscription);
  if (anchor === "now") {
    const start = store.seconds();
    const end = periodFrom(store, subscription, start);
    for (const item of subscription.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
    subscription.billing_cycle_anchor = start;
    const invoice = createInvoice(store, subscription, "subscription_cycle", start, end);
    const pm = savedCard(store, subscription);
    if (pm) payInvoice(store, invoice, pm, true);
    else {
      store.emit("invoice.payment_failed", invoice);
      store.update(subscription, { status: "past_due" }, "customer.subscription.updated");
    }
  }
  store.changed();
  return subscription;
}

/** The card renewals charge: the subscription's own, else the customer's default. */
function savedCard(store: EmulatorStore, subscription: StoredSubscription) {
  const customer = store.get("customer", subscription.customer);
  return store.find(
    subscription.default_payment_method ?? customer.invoice_settings.default_payment_method,
    "payment_method",
  );
}

function endSubscription(
  store: EmulatorStore,
  subscription: StoredSubscription,
  reason: Stripe.Subscription.CancellationDetails.Reason,
) {
  const now = store.seconds();
  subscription.status = "canceled";
  subscription.ended_at = now;
  subscription.canceled_at ??= now;
  subscription.cancellation_details = {
    comment: null,
    feedback: null,
    feedback_option: null,
    reason,
  };
  const invoice = store.find(subscription.latest_invoice, "invoice");
  if (invoice?.status === "open") voidInvoice(store, invoice, now);
  store.emit("customer.subscription.deleted", subscription);
}

/**
 * Emulator control: the billing period ends now. A subscription set to cancel ends; any
 * other is invoiced for the next period and its saved card charged off session.
 */
export function renewSubscription(store: EmulatorStore, id: string): StoredSubscription {
  const subscription = store.get("subscription", id);
  if (!LIVE_SUBSCRIPTION.has(subscription.status)) {
    throw invalidRequest(`Subscription ${id} is ${subscription.status}; it does not renew.`);
  }
  if (subscription.cancel_at_period_end) {
    endSubscription(store, subscription, "cancellation_requested");
    store.changed();
    return subscription;
  }
  const start = periodEnd(subscription) ?? store.seconds();
  const end = periodFrom(store, subscription, start);
  const previousItems = structuredClone(subscription.items);
  for (const item of subscription.items.data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
  store.emit("customer.subscription.updated", subscription, { items: previousItems });
  const invoice = createInvoice(store, subscription, "subscription_cycle", start, end);
  const pm = savedCard(store, subscription);
  if (pm) payInvoice(store, invoice, pm, true);
  else {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    store.emit("invoice.payment_failed", invoice);
    store.update(subscription, { status: "past_due" }, "customer.subscription.updated");
  }
  store.changed();
  return subscription;
}

/**
 * Emulator control: the last retry of an unpaid invoice failed and the account's setting says
 * to cancel the subscription then, as Stripe's automatic collection does: it ends at once with
 * `cancellation_details.reason` "payment_failed". Only a subscription that owes money can.
 */
export function exhaustRetries(store: EmulatorStore, id: string): StoredSubscription {
  const subscription = store.get("subscription", id);
  if (subscription.status !== "past_due" && subscription.status !== "unpaid") {
    throw invalidRequest(
      `Subscription ${id} is ${subscription.status}; only a past_due or unpaid one has retries to exhaust.`,
    );
  }
  endSubscription(store, subscription, "payment_failed");
  store.changed();
  return subscription;
}

/** A customer's own subscription, or "No such subscription" (the billing portal's check). */
export function ownSubscription(store: EmulatorStore, customerId: string, id: string) {
  const subscription = store.get("subscription", id);
  if (subscription.customer !== customerId) throw missing("subscription", id);
  return subscription;
}
