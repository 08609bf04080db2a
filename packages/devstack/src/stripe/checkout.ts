/**
 * Checkout Sessions: the hosted page that takes a card, in subscription mode (the plan's
 * first payment starts the subscription) or setup mode (a card saved for later).
 */
import type Stripe from "stripe";
import {
  AUTHENTICATION_FAILED,
  type CardError,
  type CardInput,
  chargeError,
  checkCard,
  needsAuthentication,
} from "./cards";
import { createCustomer } from "./customers";
import type { FormObject } from "./form";
import { createInvoice, payInvoice } from "./invoices";
import {
  type CheckoutLine,
  invalidRequest,
  listOf,
  metadataFrom,
  money,
  nested,
  newObjectId,
  randomToken,
  type StoredCheckoutSession,
  type StoredPaymentMethod,
  type StoredSetupIntent,
  text,
  type Wire,
} from "./objects";
import { attachPaymentMethod, createCardPaymentMethod } from "./payment-methods";
import type { EmulatorStore } from "./store";
import { newSubscription } from "./subscriptions";

export type CheckoutOutcome =
  | { kind: "redirect"; url: string }
  | { kind: "requires_action" }
  | { kind: "expired" }
  | { kind: "error"; error: CardError };

const RECURRING_PRICE_REQUIRED =
  "You must provide at least one recurring price in `subscription` mode when using prices.";

export function createCheckoutSession(
  store: EmulatorStore,
  params: FormObject,
): StoredCheckoutSession {
  const mode = text(params.mode);
  if (!mode) throw invalidRequest("Missing required param: mode.", "mode");
  if (mode !== "subscription" && mode !== "setup") {
    throw invalidRequest(
      `The emulator supports Checkout in subscription and setup mode only, not '${mode}'.`,
      "mode",
    );
  }
  const successUrl = text(params.success_url);
  if (!successUrl) {
    throw invalidRequest("Missing required param: success_url.", "success_url");
  }
  const customerId = text(params.customer);
  const customer = customerId ? store.get("customer", customerId, "customer") : null;
  const allowedList = listOf(params.allowed_payment_method_types);
  const allowed = allowedList ? allowedList.filter((type) => typeof type === "string") : null;
  if (allowed?.some((type) => type !== "card")) {
    throw invalidRequest(
      "The emulator supports the card payment method type only.",
      "allowed_payment_method_types",
    );
  }
  const currency = text(params.currency);
  if (mode === "setup" && !allowed && !currency) {
    throw invalidRequest(
      "Missing required param: currency. It is required in setup mode when allowed_payment_method_types is not set.",
      "currency",
    );
  }
  if (mode === "setup" && !customer) {
    throw invalidRequest("The emulator needs `customer` for setup mode sessions.", "customer");
  }
  const lines: CheckoutLine[] = [];
  if (mode === "subscription") {
    const items = listOf(params.line_items) ?? [];
    if (items.length === 0) throw invalidRequest(RECURRING_PRICE_REQUIRED, "line_items");
    items.forEach((value, index) => {
      const item = nested(value) ?? {};
      const price = store.get("price", text(item.price), `line_items[${index}][price]`);
      if (!price.recurring) {
        throw invalidRequest(RECURRING_PRICE_REQUIRED, `line_items[${index}][price]`);
      }
      lines.push({
        id: newObjectId("li", 24),
        price: price.id,
        quantity: Number(item.quantity ?? 1),
      });
    });
  }
  const total = lines.reduce(
    (sum, line) => sum + (store.find(line.price, "price")?.unit_amount ?? 0) * line.quantity,
    0,
  );
  const firstPrice = store.find(lines[0]?.price, "price");
  const id = newObjectId("cs_test", 58);
  const session = store.put<StoredCheckoutSession>({
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: allowed,
    amount_subtotal: mode === "subscription" ? total : null,
    amount_total: mode === "subscription" ? total : null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: text(params.cancel_url) ?? null,
    client_reference_id: text(params.client_reference_id) ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: store.seconds(),
    currency: firstPrice?.currency ?? currency ?? null,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: customer?.id ?? null,
    customer_account: null,
    customer_creation: null,
    customer_details: customer
      ? {
          address: null,
          business_name: null,
          email: customer.email,
          individual_name: null,
          name: customer.name ?? null,
          phone: null,
          tax_exempt: "none",
          tax_ids: null,
        }
      : null,
    customer_email: text(params.customer_email) ?? null,
    discounts: [],
    expires_at: store.seconds() + 24 * 3600,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: metadataFrom(params.metadata),
    mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "always",
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_status: mode === "setup" ? "no_payment_required" : "unpaid",
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details:
      mode === "subscription" ? { amount_discount: 0, amount_shipping: 0, amount_tax: 0 } : null,
    ui_mode: "hosted",
    url: `${store.publicUrl}/checkout/${id}`,
    wallet_options: null,
    __line_items: lines,
    __subscription_metadata: metadataFrom(nested(params.subscription_data)?.metadata),
  });
  store.changed();
  return session;
}

/** What the hosted page shows for a session (not an API shape). */
export function checkoutSummary(store: EmulatorStore, id: string) {
  const session = store.get("checkout.session", id);
  const lines = session.__line_items.map((line) => {
    const price = store.find(line.price, "price");
    const product = store.find(price?.product, "product");
    return {
      name: product?.name ?? "Subscription",
      amount: money(price?.unit_amount ?? 0, price?.currency ?? "usd"),
      interval: price?.recurring?.interval ?? null,
    };
  });
  const customer = store.find(session.customer, "customer");
  return {
    session,
    lines,
    total: money(session.amount_total ?? 0, session.currency ?? "usd"),
    email: customer?.email ?? session.customer_email ?? null,
    accountName: store.accountName,
  };
}

/** The Pay / Save button of the hosted page. */
export function submitCheckout(
  store: EmulatorStore,
  id: string,
  input: CardInput & { name?: string },
): CheckoutOutcome {
  const session = store.get("checkout.session", id);
  if (session.status === "expired") return { kind: "expired" };
  if (session.status !== "open") return { kind: "redirect", url: successUrl(session) };
  const checked = checkCard(input, new Date(store.now()));
  if ("error" in checked) return { kind: "error", error: checked.error };
  const pm = createCardPaymentMethod(
    store,
    { number: checked.number, ...checked.card, expMonth: input.expMonth, expYear: input.expYear },
    input.name,
  );
  if (session.mode === "setup") return completeSetup(store, session, pm);
  const error = chargeError(checked.card);
  if (error) {
    store.changed();
    return { kind: "error", error };
  }
  if (needsAuthentication(checked.card, false)) {
    session.__pending_payment_method = pm.id;
    store.changed();
    return { kind: "requires_action" };
  }
  return completeSubscription(store, session, pm);
}

/** The extra confirmation screen of a card that needs one. */
export function authenticateCheckout(
  store: EmulatorStore,
  id: string,
  approve: boolean,
): CheckoutOutcome {
  const session = store.get("checkout.session", id);
  if (session.status === "expired") return { kind: "expired" };
  if (session.status !== "open") return { kind: "redirect", url: successUrl(session) };
  const pm = store.find(session.__pending_payment_method, "payment_method");
  delete session.__pending_payment_method;
  if (!pm || !approve) {
    store.changed();
    return { kind: "error", error: AUTHENTICATION_FAILED };
  }
  return completeSubscription(store, session, pm);
}

export function checkoutPendingAuthentication(store: EmulatorStore, id: string) {
  return Boolean(store.get("checkout.session", id).__pending_payment_method);
}

/** POST /v1/checkout/sessions/:id/expire: only an open session; nobody can complete it after. */
export function expireCheckoutSession(store: EmulatorStore, id: string): StoredCheckoutSession {
  const session = store.get("checkout.session", id, "session");
  if (session.status !== "open") {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of ${session.status}.`,
      "session",
    );
  }
  delete session.__pending_payment_method;
  store.update(session, { status: "expired", url: null });
  store.emit("checkout.session.expired", session);
  store.changed();
  return session;
}

function successUrl(session: StoredCheckoutSession) {
  return String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", session.id);
}

function completeSetup(
  store: EmulatorStore,
  session: StoredCheckoutSession,
  pm: StoredPaymentMethod,
): CheckoutOutcome {
  const customer = store.get("customer", session.customer);
  attachPaymentMethod(store, pm.id, customer.id);
  const setupIntent = store.put<StoredSetupIntent>({
    id: newObjectId("seti", 24),
    object: "setup_intent",
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: null,
    created: store.seconds(),
    customer: customer.id,
    description: null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: pm.id,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    single_use_mandate: null,
    status: "succeeded",
    usage: "off_session",
  });
  setupIntent.client_secret = `${setupIntent.id}_secret_${randomToken(24)}`;
  store.emit("setup_intent.succeeded", setupIntent);
  store.update(session, { status: "complete", setup_intent: setupIntent.id, url: null });
  store.emit("checkout.session.completed", session);
  store.changed();
  return { kind: "redirect", url: successUrl(session) };
}

function completeSubscription(
  store: EmulatorStore,
  session: StoredCheckoutSession,
  pm: StoredPaymentMethod,
): CheckoutOutcome {
  let customer = store.find(session.customer, "customer");
  if (!customer) {
    customer = createCustomer(
      store,
      session.customer_email ? { email: session.customer_email } : {},
    );
    session.customer = customer.id;
  }
  attachPaymentMethod(store, pm.id, customer.id);
  const subscription = newSubscription(
    store,
    customer,
    pm,
    session.__line_items,
    session.__subscription_metadata,
  );
  const start = subscription.start_date;
  const end = subscription.items.data[0]?.current_period_end ?? start;
  const invoice = createInvoice(store, subscription, "subscription_create", start, end);
  payInvoice(store, invoice, pm, false);
  store.update(session, {
    status: "complete",
    payment_status: "paid",
    subscription: subscription.id,
    invoice: invoice.id,
    customer: customer.id,
    url: null,
  });
  store.emit("checkout.session.completed", session);
  store.changed();
  return { kind: "redirect", url: successUrl(session) };
}

/** A session's fields Stripe returns only when expanded. */
export function checkoutIncludable(store: EmulatorStore, id: string, field: string): unknown {
  if (field !== "line_items") return undefined;
  const session = store.find(id, "checkout.session");
  const data: Wire<Stripe.LineItem>[] = (session?.__line_items ?? []).map((line) => {
    const price = store.find(line.price, "price");
    const amount = (price?.unit_amount ?? 0) * line.quantity;
    return {
      id: line.id,
      object: "item",
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price?.currency ?? "usd",
      description: store.find(price?.product, "product")?.name ?? "",
      metadata: {},
      price: price ? store.render(price) : null,
      quantity: line.quantity,
    };
  });
  return {
    object: "list",
    data,
    has_more: false,
    url: `/v1/checkout/sessions/${id}/line_items`,
  };
}
