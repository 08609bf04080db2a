/**
 * Invoices: one per subscription period, collected through a PaymentIntent charged to the
 * saved card (off session on renewals), or paid on their hosted page.
 */
import type Stripe from "stripe";
import {
  AUTHENTICATION_FAILED,
  AUTHENTICATION_REQUIRED,
  type CardError,
  chargeError,
  needsAuthentication,
} from "./cards";
import {
  invalidRequest,
  money,
  newObjectId,
  type StoredInvoice,
  type StoredPaymentIntent,
  type StoredPaymentMethod,
  type StoredSubscription,
  type Unexpanded,
} from "./objects";
import { failIntent, newPaymentIntent, requireAction, succeedIntent } from "./payment-intents";
import { cardOf } from "./payment-methods";
import type { EmulatorStore } from "./store";

export function createInvoice(
  store: EmulatorStore,
  subscription: StoredSubscription,
  reason: Stripe.Invoice.BillingReason,
  start: number,
  end: number,
): StoredInvoice {
  const customer = store.get("customer", subscription.customer);
  const id = newObjectId("in", 24);
  const lines: Unexpanded<Stripe.InvoiceLineItem>[] = subscription.items.data.map((item) => {
    const price = store.get("price", item.price);
    const product = store.find(price.product, "product");
    const quantity = item.quantity ?? 1;
    const unitAmount = price.unit_amount ?? 0;
    const amount = unitAmount * quantity;
    return {
      id: newObjectId("il", 24),
      object: "line_item",
      amount,
      currency: price.currency,
      description: `${quantity} × ${product?.name ?? "Subscription"} (at ${money(unitAmount, price.currency)} / ${price.recurring?.interval ?? "month"})`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
        type: "subscription_item_details",
      },
      period: { end, start },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: price.id, product: price.product },
        type: "price_details",
        unit_amount_decimal: String(unitAmount),
      },
      quantity,
      quantity_decimal: String(quantity),
      subscription: subscription.id,
      subtotal: amount,
      taxes: [],
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, "0")}`;
  customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1;
  const now = store.seconds();
  const invoice = store.put<StoredInvoice>({
    id,
    object: "invoice",
    account_country: "US",
    account_name: store.accountName,
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: reason,
    collection_method: "charge_automatically",
    created: now,
    currency: subscription.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${store.publicUrl}/invoices/${id}`,
    invoice_pdf: `${store.publicUrl}/invoices/${id}/pdf`,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: "list",
      data: lines,
      has_more: false,
      total_count: lines.length,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: {
        metadata: { ...subscription.metadata },
        subscription: subscription.id,
      },
      type: "subscription_details",
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: end,
    period_start: start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: "open",
    status_transitions: {
      finalized_at: now,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  });
  const intent = newPaymentIntent(store, {
    amount: total,
    currency: subscription.currency,
    customer: customer.id,
    description: reason === "subscription_create" ? "Subscription creation" : "Subscription update",
  });
  intent.__invoice = invoice.id;
  invoice.__payment_intent = intent.id;
  subscription.latest_invoice = invoice.id;
  store.emit("invoice.created", invoice);
  store.emit("invoice.finalized", invoice);
  store.changed();
  return invoice;
}

/** The subscription an invoice bills, if any. */
export function subscriptionOf(store: EmulatorStore, invoice: StoredInvoice) {
  return store.find(invoice.parent?.subscription_details?.subscription as string, "subscription");
}

/** Charges an invoice's PaymentIntent with a card and applies the result everywhere. */
export function payInvoice(
  store: EmulatorStore,
  invoice: StoredInvoice,
  pm: StoredPaymentMethod,
  offSession: boolean,
): CardError | undefined {
  const intent = store.get("payment_intent", invoice.__payment_intent);
  const card = cardOf(pm);
  const error = card ? chargeError(card) : AUTHENTICATION_FAILED;
  invoice.attempt_count += 1;
  invoice.attempted = true;
  intent.payment_method = pm.id;
  if (offSession && card && needsAuthentication(card, true)) {
    return invoiceNeedsAction(store, invoice, intent, pm);
  }
  if (error) {
    failIntent(store, intent, pm, error);
    invoice.next_payment_attempt = offSession ? store.seconds() + 3 * 86400 : null;
    store.emit("invoice.payment_failed", invoice);
    subscriptionPastDue(store, invoice);
    return error;
  }
  succeedIntent(store, intent, pm);
  markInvoicePaid(store, invoice);
  return undefined;
}

/**
 * An off-session charge the bank wants the customer to confirm: the PaymentIntent waits in
 * `requires_action`, the invoice stays open (no automatic retry can confirm it), and Stripe
 * announces both the failed attempt and the action required; the subscription is past due.
 */
function invoiceNeedsAction(
  store: EmulatorStore,
  invoice: StoredInvoice,
  intent: StoredPaymentIntent,
  pm: StoredPaymentMethod,
): CardError {
  intent.last_payment_error = {
    ...AUTHENTICATION_REQUIRED,
    doc_url: "https://docs.stripe.com/error-codes/authentication-required",
    payment_method: store.render(pm),
  };
  requireAction(store, intent, pm);
  invoice.next_payment_attempt = null;
  store.emit("invoice.payment_failed", invoice);
  store.emit("invoice.payment_action_required", invoice);
  subscriptionPastDue(store, invoice);
  return AUTHENTICATION_REQUIRED;
}

/** An unpaid invoice makes its active subscription past due. */
function subscriptionPastDue(store: EmulatorStore, invoice: StoredInvoice) {
  const subscription = subscriptionOf(store, invoice);
  if (subscription && subscription.status === "active") {
    store.update(subscription, { status: "past_due" }, "customer.subscription.updated");
  }
  store.changed();
}

/** POST /v1/invoices/:id/mark_uncollectible: an open invoice written off as bad debt. */
export function markInvoiceUncollectible(store: EmulatorStore, id: string): StoredInvoice {
  const invoice = store.get("invoice", id, "invoice");
  if (invoice.status !== "open") {
    throw invalidRequest(
      `You can only mark an invoice as uncollectible if it is open. This invoice is ${invoice.status}.`,
      "invoice",
    );
  }
  const now = store.seconds();
  invoice.status = "uncollectible";
  invoice.next_payment_attempt = null;
  invoice.status_transitions = { ...invoice.status_transitions, marked_uncollectible_at: now };
  invoice.status_details = { uncollectible: { reason: "user_forgiven" } };
  store.emit("invoice.marked_uncollectible", invoice);
  store.changed();
  return invoice;
}

export function markInvoicePaid(store: EmulatorStore, invoice: StoredInvoice) {
  invoice.status = "paid";
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions = { ...invoice.status_transitions, paid_at: store.seconds() };
  store.emit("invoice.paid", invoice);
  store.emit("invoice.payment_succeeded", invoice);
  const subscription = subscriptionOf(store, invoice);
  if (subscription && ["incomplete", "past_due", "unpaid"].includes(subscription.status)) {
    store.update(subscription, { status: "active" }, "customer.subscription.updated");
  }
  store.changed();
}

/** Voids an open invoice (its subscription ended) and cancels its unpaid PaymentIntent. */
export function voidInvoice(store: EmulatorStore, invoice: StoredInvoice, now: number) {
  invoice.status = "void";
  invoice.status_transitions = { ...invoice.status_transitions, voided_at: now };
  store.emit("invoice.voided", invoice);
  const intent = store.find(invoice.__payment_intent, "payment_intent");
  if (intent && intent.status !== "succeeded" && intent.status !== "canceled") {
    intent.status = "canceled";
    intent.canceled_at = now;
    intent.cancellation_reason = "void_invoice";
    intent.next_action = null;
    store.emit("payment_intent.canceled", intent);
  }
}

/** The PaymentIntent behind an invoice, for its hosted page's pay form. */
export function invoicePayment(
  store: EmulatorStore,
  invoiceId: string,
): { id: string; clientSecret: string; status: string } | null {
  const invoice = store.find(invoiceId, "invoice");
  const intent = store.find(invoice?.__payment_intent, "payment_intent");
  if (!intent) return null;
  return { id: intent.id, clientSecret: intent.client_secret ?? "", status: intent.status };
}

/** An invoice's fields Stripe returns only when expanded. */
export function invoiceIncludable(store: EmulatorStore, id: string, field: string): unknown {
  const invoice = store.find(id, "invoice");
  const intent = store.find(invoice?.__payment_intent, "payment_intent");
  if (field === "confirmation_secret") {
    if (!intent || invoice?.status !== "open") return null;
    return { client_secret: intent.client_secret, type: "payment_intent" };
  }
  if (field === "payments") {
    const data: Stripe.InvoicePayment[] = intent
      ? [
          {
            id: `inpay_${intent.id.slice(3)}`,
            object: "invoice_payment",
            amount_paid: intent.status === "succeeded" ? intent.amount : null,
            amount_requested: intent.amount,
            created: intent.created,
            currency: intent.currency,
            invoice: id,
            is_default: true,
            livemode: false,
            payment: { payment_intent: intent.id, type: "payment_intent" },
            status: intent.status === "succeeded" ? "paid" : "open",
            status_transitions: {
              canceled_at: null,
              paid_at:
                intent.status === "succeeded"
                  ? (invoice?.status_transitions.paid_at ?? null)
                  : null,
            },
          },
        ]
      : [];
    return { object: "list", data, has_more: false, url: `/v1/invoices/${id}/payments` };
  }
  return undefined;
}
