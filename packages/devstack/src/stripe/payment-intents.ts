/**
 * PaymentIntents and refunds: the intents invoices collect through (invoices.ts), those the
 * API creates directly, and what a charge's outcome does to one.
 */
import type Stripe from "stripe";
import type { CardError } from "./cards";
import type { FormObject } from "./form";
import {
  invalidRequest,
  mergeMetadata,
  metadataFrom,
  nested,
  newObjectId,
  randomToken,
  type StoredPaymentIntent,
  type StoredPaymentMethod,
  type StoredRefund,
  StripeApiError,
  text,
  unexpectedState,
} from "./objects";
import type { EmulatorStore } from "./store";

interface NewIntent {
  amount: number;
  currency: string;
  customer?: string | null;
  description?: string | null;
  metadata?: Record<string, string>;
  receipt_email?: string | null;
  setup_future_usage?: Stripe.PaymentIntent.SetupFutureUsage | null;
  automatic_payment_methods?: Stripe.PaymentIntent.AutomaticPaymentMethods | null;
}

export function newPaymentIntent(store: EmulatorStore, params: NewIntent): StoredPaymentIntent {
  const id = newObjectId("pi", 24);
  return store.put<StoredPaymentIntent>({
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: params.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: params.automatic_payment_methods ?? null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: "automatic",
    created: store.seconds(),
    currency: params.currency,
    customer: params.customer ?? null,
    customer_account: null,
    description: params.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: params.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_details: { customer_reference: null, order_reference: null },
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: {
        installments: null,
        mandate_options: null,
        network: null,
        request_three_d_secure: "automatic",
      },
    },
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: params.receipt_email ?? null,
    review: null,
    setup_future_usage: params.setup_future_usage ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_data: null,
    transfer_group: null,
  });
}

export function createPaymentIntent(store: EmulatorStore, params: FormObject) {
  const amount = Number(params.amount);
  if (params.amount === undefined) {
    throw invalidRequest("Missing required param: amount.", "amount");
  }
  if (!Number.isInteger(amount) || amount < 50) {
    throw invalidRequest("Amount must be at least $0.50 usd", "amount", "amount_too_small");
  }
  const currency = text(params.currency);
  if (!currency) throw invalidRequest("Missing required param: currency.", "currency");
  const customer = text(params.customer);
  if (customer) store.get("customer", customer, "customer");
  const automatic = nested(params.automatic_payment_methods);
  const intent = newPaymentIntent(store, {
    amount,
    currency: currency.toLowerCase(),
    customer,
    description: text(params.description),
    metadata: metadataFrom(params.metadata),
    receipt_email: text(params.receipt_email),
    setup_future_usage: text(params.setup_future_usage) as
      | Stripe.PaymentIntent.SetupFutureUsage
      | undefined,
    automatic_payment_methods:
      automatic?.enabled === "true"
        ? {
            allow_redirects: (text(automatic.allow_redirects) ??
              "always") as Stripe.PaymentIntent.AutomaticPaymentMethods.AllowRedirects,
            enabled: true,
          }
        : null,
  });
  return store.created("payment_intent.created", intent);
}

export function updatePaymentIntent(store: EmulatorStore, id: string, params: FormObject) {
  const intent = store.get("payment_intent", id);
  if (intent.status === "succeeded" || intent.status === "canceled") {
    throw unexpectedState(
      `This PaymentIntent's status is ${intent.status}, so it cannot be updated.`,
    );
  }
  if (params.metadata !== undefined) {
    intent.metadata = mergeMetadata(intent.metadata, params.metadata);
  }
  if (params.description !== undefined) intent.description = text(params.description) || null;
  store.changed();
  return intent;
}

const CANCELABLE: readonly Stripe.PaymentIntent.Status[] = [
  "requires_payment_method",
  "requires_capture",
  "requires_confirmation",
  "requires_action",
  "processing",
];
const CANCELLATION_REASONS = [
  "duplicate",
  "fraudulent",
  "requested_by_customer",
  "abandoned",
] as const;

/** POST /v1/payment_intents/:id/cancel: only while nothing has been collected. */
export function cancelPaymentIntent(store: EmulatorStore, id: string, params: FormObject) {
  const intent = store.get("payment_intent", id, "intent");
  if (!CANCELABLE.includes(intent.status)) {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(", ")}.`,
    );
  }
  if (intent.__invoice) {
    throw invalidRequest(
      "You cannot cancel this PaymentIntent because it was created by an invoice.",
      "intent",
    );
  }
  const reason = params.cancellation_reason;
  const known = CANCELLATION_REASONS.find((r) => r === reason);
  if (reason !== undefined && !known) {
    throw invalidRequest(
      `Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(", ")}`,
      "cancellation_reason",
    );
  }
  intent.status = "canceled";
  intent.canceled_at = store.seconds();
  intent.cancellation_reason = known ?? null;
  intent.next_action = null;
  store.emit("payment_intent.canceled", intent);
  store.changed();
  return intent;
}

const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

/** POST /v1/refunds: all (or part) of a succeeded PaymentIntent's amount, back to the card. */
export function createRefund(store: EmulatorStore, params: FormObject): StoredRefund {
  const intentId = text(params.payment_intent);
  if (!intentId) {
    throw invalidRequest("The emulator refunds by `payment_intent` only.", "payment_intent");
  }
  const intent = store.get("payment_intent", intentId, "payment_intent");
  if (intent.status !== "succeeded") {
    throw invalidRequest(
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      "payment_intent",
      "charge_not_refundable",
    );
  }
  const refunded = intent.__amount_refunded ?? 0;
  const remaining = intent.amount_received - refunded;
  const amount = params.amount === undefined ? remaining : Number(params.amount);
  if (remaining <= 0) {
    throw invalidRequest(
      `Charge ${intent.latest_charge} has already been refunded.`,
      undefined,
      "charge_already_refunded",
    );
  }
  if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
    throw invalidRequest(
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
      "amount",
      "amount_too_large",
    );
  }
  const reason = REFUND_REASONS.find((r) => r === params.reason);
  if (params.reason !== undefined && !reason) {
    throw invalidRequest(`Invalid reason: must be one of ${REFUND_REASONS.join(", ")}`, "reason");
  }
  intent.__amount_refunded = refunded + amount;
  const refund = store.put<StoredRefund>({
    id: newObjectId("re", 24),
    object: "refund",
    amount,
    balance_transaction: null,
    charge: intent.latest_charge,
    created: store.seconds(),
    currency: intent.currency,
    customer: intent.customer,
    customer_account: null,
    destination_details: { card: { type: "refund" }, type: "card" },
    metadata: metadataFrom(params.metadata),
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    reason: reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  });
  return store.created("refund.created", refund);
}

// ---------------------------------------------------------------- a charge's outcome

export function succeedIntent(
  store: EmulatorStore,
  intent: StoredPaymentIntent,
  pm: StoredPaymentMethod,
) {
  intent.payment_method = pm.id;
  intent.status = "succeeded";
  intent.amount_received = intent.amount;
  intent.last_payment_error = null;
  intent.next_action = null;
  intent.latest_charge = newObjectId("ch", 24);
  store.emit("payment_intent.succeeded", intent);
}

export function failIntent(
  store: EmulatorStore,
  intent: StoredPaymentIntent,
  pm: StoredPaymentMethod,
  error: CardError,
) {
  intent.payment_method = null;
  intent.status = "requires_payment_method";
  intent.next_action = null;
  intent.last_payment_error = {
    ...error,
    doc_url: `https://docs.stripe.com/error-codes/${error.code.replaceAll("_", "-")}`,
    payment_method: store.render(pm),
  };
  store.emit("payment_intent.payment_failed", intent);
}

/** The bank wants the customer to confirm: the intent waits for them. */
export function requireAction(
  store: EmulatorStore,
  intent: StoredPaymentIntent,
  pm: StoredPaymentMethod,
) {
  intent.payment_method = pm.id;
  store.update(
    intent,
    {
      status: "requires_action",
      next_action: {
        type: "use_stripe_sdk",
        use_stripe_sdk: { type: "three_d_secure_redirect" },
      },
    },
    "payment_intent.requires_action",
  );
}

export function cardFailure(store: EmulatorStore, intent: StoredPaymentIntent, error: CardError) {
  return new StripeApiError(402, { ...error, payment_intent: store.render(intent) });
}
