/**
 * The Stripe emulator's state and behaviour: customers, products, prices, Checkout Sessions,
 * subscriptions, invoices, PaymentIntents, PaymentMethods, SetupIntents, billing portal
 * sessions and events, shaped as the pinned API version returns them. The HTTP layer
 * (api.ts, pages.ts) turns requests into calls here; every change that Stripe would announce
 * becomes an event, handed to the webhook sender.
 */
import { randomBytes } from "node:crypto";
import {
  AUTHENTICATION_FAILED,
  AUTHENTICATION_REQUIRED,
  type CardError,
  type CardInput,
  chargeError,
  checkCard,
  needsAuthentication,
  TEST_CARDS,
} from "./cards";

/** The API version the objects are shaped for: the one packages/core pins. */
export const EMULATED_API_VERSION = "2026-10-28.endive";

// Stripe objects are open JSON documents; typing each of the ~15 shapes field by field would
// duplicate the SDK's types without checking anything the integration tests do not.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Obj = { [key: string]: any };

/** A Stripe API error: status plus the body's `error` member. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: {
      type: string;
      code?: string;
      message: string;
      param?: string;
      decline_code?: string;
      payment_intent?: Obj;
    },
  ) {
    super(error.message);
  }
}

export function invalidRequest(message: string, param?: string, code?: string) {
  return new StripeApiError(400, {
    type: "invalid_request_error",
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });
}

function missing(kind: string, id: string, param = "id") {
  return new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

const KIND_NAMES: Record<string, string> = {
  customer: "customer",
  product: "product",
  price: "price",
  "checkout.session": "checkout.session",
  subscription: "subscription",
  invoice: "invoice",
  payment_intent: "payment_intent",
  payment_method: "PaymentMethod",
  setup_intent: "setupintent",
  "billing_portal.session": "billing portal session",
  refund: "refund",
  event: "event",
};

export interface Snapshot {
  version: 1;
  objects: Record<string, Obj>;
  nextSeq: number;
}

export interface EmulatorOptions {
  /** Where a browser reaches the hosted pages, e.g. http://127.0.0.1:3000/__stripe. */
  publicUrl: string;
  accountName?: string;
  /** Called with each new event, in order. */
  onEvent?: (event: Obj) => void;
  /** Called after each change, with the whole state (persistence). */
  onChange?: (snapshot: Snapshot) => void;
  snapshot?: Snapshot;
  /** Milliseconds since the epoch; tests may move time. */
  now?: () => number;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomToken(length: number) {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += BASE62[byte % 62];
  return out;
}

export function newObjectId(prefix: string, length = 24) {
  return `${prefix}_${randomToken(length)}`;
}

/** Same day next month (clamped: 31 Jan → 28/29 Feb), as Stripe bills monthly plans. */
export function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

function addInterval(seconds: number, interval: string, count: number) {
  switch (interval) {
    case "day":
      return seconds + 86400 * count;
    case "week":
      return seconds + 7 * 86400 * count;
    case "year":
      return addMonths(seconds, 12 * count);
    default:
      return addMonths(seconds, count);
  }
}

function money(cents: number, currency: string) {
  const symbol = currency === "usd" ? "$" : `${currency.toUpperCase()} `;
  return `${symbol}${(cents / 100).toFixed(2)}`;
}

/** Statuses a subscription can still be paid or used in. */
const LIVE_SUBSCRIPTION = new Set(["active", "trialing", "past_due", "unpaid", "incomplete"]);

export type CheckoutOutcome =
  | { kind: "redirect"; url: string }
  | { kind: "requires_action" }
  | { kind: "expired" }
  | { kind: "error"; error: CardError };

export class StripeEmulator {
  private objects: Record<string, Obj>;
  private nextSeq: number;
  private readonly now: () => number;

  constructor(readonly options: EmulatorOptions) {
    this.objects = options.snapshot?.objects ?? {};
    this.nextSeq = options.snapshot?.nextSeq ?? 1;
    this.now = options.now ?? Date.now;
  }

  get publicUrl() {
    return this.options.publicUrl;
  }

  snapshot(): Snapshot {
    return { version: 1, objects: this.objects, nextSeq: this.nextSeq };
  }

  private seconds() {
    return Math.floor(this.now() / 1000);
  }

  private changed() {
    this.options.onChange?.(this.snapshot());
  }

  // ---------------------------------------------------------------- storage and rendering

  private put(object: Obj): Obj {
    object.__seq ??= this.nextSeq++;
    this.objects[object.id] = object;
    return object;
  }

  find(id: string | null | undefined, kind?: string): Obj | undefined {
    if (!id) return undefined;
    const object = this.objects[id];
    if (!object || (kind && object.object !== kind)) return undefined;
    return object;
  }

  get(kind: string, id: string, param = "id"): Obj {
    const object = this.find(id, kind);
    if (!object || object.deleted) throw missing(KIND_NAMES[kind] ?? kind, id, param);
    return object;
  }

  /** Newest first, as Stripe lists. */
  all(kind: string, filter: (o: Obj) => boolean = () => true): Obj[] {
    return Object.values(this.objects)
      .filter((o) => o.object === kind && !o.deleted && filter(o))
      .sort((a, b) => b.__seq - a.__seq);
  }

  /**
   * The object as the API answers it: internal fields dropped, nested objects Stripe always
   * embeds filled in, then each `expand` path replaced by the object it names.
   */
  render(object: Obj, expand: string[] = []): Obj {
    const out = this.view(object);
    for (const path of expand) this.expandPath(out, path.split("."), path);
    return out;
  }

  private view(object: Obj): Obj {
    const out: Obj = structuredClone(
      Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith("__"))),
    );
    if (object.object === "subscription") {
      out.items.data = out.items.data.map((item: Obj) => {
        const price = this.find(item.price, "price");
        return price ? { ...item, price: this.view(price), plan: planFromPrice(price) } : item;
      });
    }
    return out;
  }

  private expandPath(target: Obj, parts: string[], full: string) {
    const [head, ...rest] = parts;
    if (!head || target === null || typeof target !== "object") return;
    if (Array.isArray(target)) {
      for (const item of target) this.expandPath(item, parts, full);
      return;
    }
    if (target.object === "list" && head === "data") {
      for (const item of target.data) this.expandPath(item, rest, full);
      return;
    }
    const includable = this.includable(target, head);
    if (includable !== undefined) target[head] = includable;
    const value = target[head];
    if (typeof value === "string") {
      const referenced = this.find(value);
      if (!referenced) {
        throw invalidRequest(`This property cannot be expanded (${full}).`, "expand");
      }
      target[head] = this.view(referenced);
    } else if (value === undefined) {
      throw invalidRequest(`This property cannot be expanded (${full}).`, "expand");
    }
    if (rest.length > 0 && target[head] && typeof target[head] === "object") {
      this.expandPath(target[head], rest, full);
    }
  }

  /** Fields Stripe returns only when asked for with `expand` ("includable"). */
  private includable(target: Obj, field: string): unknown {
    if (target.object === "invoice" && field === "confirmation_secret") {
      const invoice = this.find(target.id, "invoice");
      const intent = this.find(invoice?.__payment_intent, "payment_intent");
      if (!intent || invoice?.status !== "open") return null;
      return { client_secret: intent.client_secret, type: "payment_intent" };
    }
    if (target.object === "invoice" && field === "payments") {
      const invoice = this.find(target.id, "invoice");
      const intent = this.find(invoice?.__payment_intent, "payment_intent");
      const data = intent
        ? [
            {
              id: `inpay_${intent.id.slice(3)}`,
              object: "invoice_payment",
              amount_paid: intent.status === "succeeded" ? intent.amount : null,
              amount_requested: intent.amount,
              created: intent.created,
              currency: intent.currency,
              invoice: target.id,
              is_default: true,
              livemode: false,
              payment: { payment_intent: intent.id, type: "payment_intent" },
              status: intent.status === "succeeded" ? "paid" : "open",
              status_transitions: {
                canceled_at: null,
                paid_at: intent.status === "succeeded" ? invoice?.status_transitions.paid_at : null,
              },
            },
          ]
        : [];
      return {
        object: "list",
        data,
        has_more: false,
        url: `/v1/invoices/${target.id}/payments`,
      };
    }
    if (target.object === "checkout.session" && field === "line_items") {
      const session = this.find(target.id, "checkout.session");
      return {
        object: "list",
        data: (session?.__line_items ?? []).map((line: Obj) => {
          const price = this.find(line.price, "price");
          return {
            id: line.id,
            object: "item",
            amount_discount: 0,
            amount_subtotal: (price?.unit_amount ?? 0) * line.quantity,
            amount_tax: 0,
            amount_total: (price?.unit_amount ?? 0) * line.quantity,
            currency: price?.currency ?? "usd",
            description: this.find(price?.product, "product")?.name ?? "",
            price: price ? this.view(price) : null,
            quantity: line.quantity,
          };
        }),
        has_more: false,
        url: `/v1/checkout/sessions/${target.id}/line_items`,
      };
    }
    return undefined;
  }

  // ---------------------------------------------------------------- events

  private emit(type: string, object: Obj, previous?: Obj): Obj {
    const event: Obj = {
      id: newObjectId("evt"),
      object: "event",
      api_version: EMULATED_API_VERSION,
      created: this.seconds(),
      data: {
        object: this.render(object),
        ...(previous && Object.keys(previous).length ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.put(event);
    this.options.onEvent?.(event);
    return event;
  }

  /** Changes fields and announces `<kind>.updated` with the previous values, if any changed. */
  private update(object: Obj, changes: Obj, eventType?: string): boolean {
    const previous: Obj = {};
    for (const [key, value] of Object.entries(changes)) {
      if (JSON.stringify(object[key]) !== JSON.stringify(value)) {
        previous[key] = structuredClone(object[key] ?? null);
        object[key] = value;
      }
    }
    const changedAny = Object.keys(previous).length > 0;
    if (changedAny && eventType) this.emit(eventType, object, previous);
    return changedAny;
  }

  // ---------------------------------------------------------------- customers

  createCustomer(params: Obj): Obj {
    const customer = this.put({
      id: newObjectId("cus", 14),
      object: "customer",
      address: null,
      balance: 0,
      created: this.seconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: params.description ?? null,
      discount: null,
      email: params.email ?? null,
      invoice_prefix: randomToken(8)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, "X"),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: metadataFrom(params.metadata),
      name: params.name ?? null,
      next_invoice_sequence: 1,
      phone: params.phone ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: null,
    });
    this.emit("customer.created", customer);
    this.changed();
    return customer;
  }

  updateCustomer(id: string, params: Obj): Obj {
    const customer = this.get("customer", id);
    const changes: Obj = {};
    for (const field of ["email", "name", "description", "phone"]) {
      if (params[field] !== undefined) changes[field] = params[field] || null;
    }
    if (params.metadata !== undefined) {
      changes.metadata = mergeMetadata(customer.metadata, params.metadata);
    }
    const defaultPm = params.invoice_settings?.default_payment_method;
    if (defaultPm !== undefined) {
      if (defaultPm) {
        const pm = this.get(
          "payment_method",
          defaultPm,
          "invoice_settings[default_payment_method]",
        );
        if (pm.customer !== id) {
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${defaultPm}. The payment method must be attached to the customer.`,
            "invoice_settings[default_payment_method]",
          );
        }
      }
      changes.invoice_settings = {
        ...customer.invoice_settings,
        default_payment_method: defaultPm || null,
      };
    }
    this.update(customer, changes, "customer.updated");
    this.changed();
    return customer;
  }

  // ---------------------------------------------------------------- products and prices

  createProduct(params: Obj, id?: string): Obj {
    if (!params.name) throw invalidRequest("Missing required param: name.", "name");
    if (id && this.find(id)) return this.get("product", id);
    const product = this.put({
      id: id ?? newObjectId("prod", 14),
      object: "product",
      active: params.active !== "false",
      created: this.seconds(),
      default_price: null,
      description: params.description ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: metadataFrom(params.metadata),
      name: params.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: "service",
      unit_label: null,
      updated: this.seconds(),
      url: null,
    });
    this.emit("product.created", product);
    this.changed();
    return product;
  }

  createPrice(params: Obj, id?: string): Obj {
    if (id && this.find(id)) return this.get("price", id);
    if (!params.currency) throw invalidRequest("Missing required param: currency.", "currency");
    const product = this.get("product", params.product, "product");
    const amount = Number(params.unit_amount);
    if (!Number.isInteger(amount) || amount < 0) {
      throw invalidRequest("Invalid integer: unit_amount", "unit_amount");
    }
    const recurring = params.recurring
      ? {
          interval: params.recurring.interval ?? "month",
          interval_count: Number(params.recurring.interval_count ?? 1),
          meter: null,
          trial_period_days: null,
          usage_type: "licensed",
        }
      : null;
    const price = this.put({
      id: id ?? newObjectId("price", 24),
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created: this.seconds(),
      currency: String(params.currency).toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: params.lookup_key ?? null,
      metadata: metadataFrom(params.metadata),
      nickname: params.nickname ?? null,
      product: product.id,
      recurring,
      tax_behavior: "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? "recurring" : "one_time",
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    });
    if (!product.default_price) product.default_price = price.id;
    this.emit("price.created", price);
    this.changed();
    return price;
  }

  // ---------------------------------------------------------------- payment methods

  createCardPaymentMethod(
    card: { number: string; brand: string; funding: string; expMonth: number; expYear: number },
    name?: string,
  ): Obj {
    const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    return this.put({
      id: newObjectId("pm", 24),
      object: "payment_method",
      allow_redisplay: "unspecified",
      billing_details: {
        address: {
          city: null,
          country: null,
          line1: null,
          line2: null,
          postal_code: null,
          state: null,
        },
        email: null,
        name: name || null,
        phone: null,
        tax_id: null,
      },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
        country: "US",
        display_brand: card.brand,
        exp_month: card.expMonth,
        exp_year: year,
        fingerprint: randomToken(16),
        funding: card.funding,
        generated_from: null,
        last4: card.number.slice(-4),
        networks: { available: [card.brand], preferred: null },
        regulated_status: "unregulated",
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: this.seconds(),
      customer: null,
      livemode: false,
      metadata: {},
      type: "card",
      // Kept to decide later charges (renewals); never returned.
      __number: card.number,
    });
  }

  attachPaymentMethod(id: string, customerId: string): Obj {
    const pm = this.get("payment_method", id);
    this.get("customer", customerId, "customer");
    if (pm.customer && pm.customer !== customerId) {
      throw invalidRequest(
        "The payment method you provided has already been attached to a customer.",
        undefined,
        "payment_method_already_attached",
      );
    }
    if (!pm.customer) {
      pm.customer = customerId;
      this.emit("payment_method.attached", pm);
      this.changed();
    }
    return pm;
  }

  detachPaymentMethod(id: string): Obj {
    const pm = this.get("payment_method", id);
    if (!pm.customer) {
      throw invalidRequest(
        "The payment method you provided is not attached to a customer so detachment is impossible.",
      );
    }
    const customer = this.find(pm.customer, "customer");
    pm.customer = null;
    if (customer?.invoice_settings.default_payment_method === id) {
      this.update(
        customer,
        { invoice_settings: { ...customer.invoice_settings, default_payment_method: null } },
        "customer.updated",
      );
    }
    for (const sub of this.all("subscription", (s) => s.default_payment_method === id)) {
      this.update(sub, { default_payment_method: null }, "customer.subscription.updated");
    }
    this.emit("payment_method.detached", pm);
    this.changed();
    return pm;
  }

  private cardOf(pm: Obj | undefined) {
    return pm?.__number ? TEST_CARDS[pm.__number] : undefined;
  }

  // ---------------------------------------------------------------- checkout

  createCheckoutSession(params: Obj): Obj {
    const mode = params.mode;
    if (!mode) throw invalidRequest("Missing required param: mode.", "mode");
    if (!["subscription", "setup"].includes(mode)) {
      throw invalidRequest(
        `The emulator supports Checkout in subscription and setup mode only, not '${mode}'.`,
        "mode",
      );
    }
    if (!params.success_url) {
      throw invalidRequest("Missing required param: success_url.", "success_url");
    }
    const customer = params.customer ? this.get("customer", params.customer, "customer") : null;
    const allowed = Array.isArray(params.allowed_payment_method_types)
      ? (params.allowed_payment_method_types as string[])
      : null;
    if (allowed?.some((type) => type !== "card")) {
      throw invalidRequest(
        "The emulator supports the card payment method type only.",
        "allowed_payment_method_types",
      );
    }
    if (mode === "setup" && !allowed && !params.currency) {
      throw invalidRequest(
        "Missing required param: currency. It is required in setup mode when allowed_payment_method_types is not set.",
        "currency",
      );
    }
    if (mode === "setup" && !customer) {
      throw invalidRequest("The emulator needs `customer` for setup mode sessions.", "customer");
    }
    const lines: Obj[] = [];
    if (mode === "subscription") {
      const items = Array.isArray(params.line_items) ? params.line_items : [];
      if (items.length === 0) {
        throw invalidRequest(
          "You must provide at least one recurring price in `subscription` mode when using prices.",
          "line_items",
        );
      }
      items.forEach((item: Obj, index: number) => {
        const price = this.get("price", item.price, `line_items[${index}][price]`);
        if (!price.recurring) {
          throw invalidRequest(
            "You must provide at least one recurring price in `subscription` mode when using prices.",
            `line_items[${index}][price]`,
          );
        }
        lines.push({
          id: newObjectId("li", 24),
          price: price.id,
          quantity: Number(item.quantity ?? 1),
        });
      });
    }
    const total = lines.reduce(
      (sum, line) => sum + (this.find(line.price, "price")?.unit_amount ?? 0) * line.quantity,
      0,
    );
    const firstPrice = this.find(lines[0]?.price, "price");
    const id = newObjectId("cs_test", 58);
    const session = this.put({
      id,
      object: "checkout.session",
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: allowed,
      amount_subtotal: mode === "subscription" ? total : null,
      amount_total: mode === "subscription" ? total : null,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      client_secret: null,
      created: this.seconds(),
      currency: firstPrice?.currency ?? params.currency ?? null,
      customer: customer?.id ?? null,
      customer_creation: null,
      customer_details: customer
        ? { email: customer.email, name: customer.name, phone: null, tax_exempt: "none" }
        : null,
      customer_email: params.customer_email ?? null,
      expires_at: this.seconds() + 24 * 3600,
      invoice: null,
      livemode: false,
      locale: null,
      metadata: metadataFrom(params.metadata),
      mode,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: "always",
      payment_method_types: ["card"],
      payment_status: mode === "setup" ? "no_payment_required" : "unpaid",
      setup_intent: null,
      status: "open",
      submit_type: null,
      subscription: null,
      success_url: params.success_url,
      ui_mode: "hosted",
      url: `${this.publicUrl}/checkout/${id}`,
      __line_items: lines,
      __subscription_metadata: metadataFrom(params.subscription_data?.metadata),
    });
    this.changed();
    return session;
  }

  /** What the hosted page shows for a session (not an API shape). */
  checkoutSummary(id: string) {
    const session = this.get("checkout.session", id);
    const lines = (session.__line_items as Obj[]).map((line) => {
      const price = this.find(line.price, "price");
      const product = this.find(price?.product, "product");
      return {
        name: product?.name ?? "Subscription",
        amount: money(price?.unit_amount ?? 0, price?.currency ?? "usd"),
        interval: price?.recurring?.interval ?? null,
      };
    });
    const customer = this.find(session.customer, "customer");
    return {
      session,
      lines,
      total: money(session.amount_total ?? 0, session.currency ?? "usd"),
      email: customer?.email ?? session.customer_email ?? null,
      accountName: this.options.accountName ?? "Portal",
    };
  }

  /** The Pay / Save button of the hosted page. */
  submitCheckout(id: string, input: CardInput & { name?: string }): CheckoutOutcome {
    const session = this.get("checkout.session", id);
    if (session.status === "expired") return { kind: "expired" };
    if (session.status !== "open") return { kind: "redirect", url: this.successUrl(session) };
    const checked = checkCard(input, new Date(this.now()));
    if ("error" in checked) return { kind: "error", error: checked.error };
    const pm = this.createCardPaymentMethod(
      { number: checked.number, ...checked.card, expMonth: input.expMonth, expYear: input.expYear },
      input.name,
    );
    if (session.mode === "setup") return this.completeSetup(session, pm);
    const error = chargeError(checked.card);
    if (error) {
      this.changed();
      return { kind: "error", error };
    }
    if (needsAuthentication(checked.card, false)) {
      session.__pending_payment_method = pm.id;
      this.changed();
      return { kind: "requires_action" };
    }
    return this.completeSubscription(session, pm);
  }

  /** The extra confirmation screen of a card that needs one. */
  authenticateCheckout(id: string, approve: boolean): CheckoutOutcome {
    const session = this.get("checkout.session", id);
    if (session.status === "expired") return { kind: "expired" };
    if (session.status !== "open") return { kind: "redirect", url: this.successUrl(session) };
    const pm = this.find(session.__pending_payment_method, "payment_method");
    delete session.__pending_payment_method;
    if (!pm || !approve) {
      this.changed();
      return { kind: "error", error: AUTHENTICATION_FAILED };
    }
    return this.completeSubscription(session, pm);
  }

  checkoutPendingAuthentication(id: string) {
    return Boolean(this.get("checkout.session", id).__pending_payment_method);
  }

  /** POST /v1/checkout/sessions/:id/expire: only an open session; nobody can complete it after. */
  expireCheckoutSession(id: string): Obj {
    const session = this.get("checkout.session", id, "session");
    if (session.status !== "open") {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of ${session.status}.`,
        "session",
      );
    }
    delete session.__pending_payment_method;
    this.update(session, { status: "expired", url: null });
    this.emit("checkout.session.expired", session);
    this.changed();
    return session;
  }

  private successUrl(session: Obj) {
    return String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", session.id);
  }

  private completeSetup(session: Obj, pm: Obj): CheckoutOutcome {
    this.attachPaymentMethod(pm.id, session.customer);
    const setupIntent = this.put({
      id: newObjectId("seti", 24),
      object: "setup_intent",
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: null,
      created: this.seconds(),
      customer: session.customer,
      description: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: {},
      next_action: null,
      on_behalf_of: null,
      payment_method: pm.id,
      payment_method_types: ["card"],
      single_use_mandate: null,
      status: "succeeded",
      usage: "off_session",
    });
    setupIntent.client_secret = `${setupIntent.id}_secret_${randomToken(24)}`;
    this.emit("setup_intent.succeeded", setupIntent);
    this.update(session, { status: "complete", setup_intent: setupIntent.id, url: null });
    this.emit("checkout.session.completed", session);
    this.changed();
    return { kind: "redirect", url: this.successUrl(session) };
  }

  private completeSubscription(session: Obj, pm: Obj): CheckoutOutcome {
    let customer = this.find(session.customer, "customer");
    if (!customer) {
      customer = this.createCustomer({ email: session.customer_email });
      session.customer = customer.id;
    }
    this.attachPaymentMethod(pm.id, customer.id);
    const now = this.seconds();
    const lines = session.__line_items as Obj[];
    const first = this.get("price", lines[0]?.price);
    const periodEnd = addInterval(now, first.recurring.interval, first.recurring.interval_count);
    const subscriptionId = newObjectId("sub", 24);
    const subscription = this.put({
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
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      created: now,
      currency: first.currency,
      customer: customer.id,
      days_until_due: null,
      default_payment_method: pm.id,
      default_source: null,
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
      items: {
        object: "list",
        data: lines.map((line) => ({
          id: newObjectId("si", 14),
          object: "subscription_item",
          billing_thresholds: null,
          created: now,
          current_period_end: periodEnd,
          current_period_start: now,
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
      metadata: { ...session.__subscription_metadata },
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
      trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
      trial_start: null,
    });
    this.emit("customer.subscription.created", subscription);
    const invoice = this.createInvoice(subscription, "subscription_create", now, periodEnd);
    this.payInvoice(invoice, pm, false);
    this.update(session, {
      status: "complete",
      payment_status: "paid",
      subscription: subscription.id,
      invoice: invoice.id,
      customer: customer.id,
      url: null,
    });
    this.emit("checkout.session.completed", session);
    this.changed();
    return { kind: "redirect", url: this.successUrl(session) };
  }

  // ---------------------------------------------------------------- invoices

  private createInvoice(subscription: Obj, reason: string, start: number, end: number): Obj {
    const customer = this.get("customer", subscription.customer);
    const lines = (subscription.items.data as Obj[]).map((item) => {
      const price = this.get("price", item.price);
      const product = this.find(price.product, "product");
      const amount = price.unit_amount * item.quantity;
      return {
        id: newObjectId("il", 24),
        object: "line_item",
        amount,
        currency: price.currency,
        description: `${item.quantity} × ${product?.name ?? "Subscription"} (at ${money(price.unit_amount, price.currency)} / ${price.recurring?.interval ?? "month"})`,
        discount_amounts: [],
        discountable: true,
        discounts: [],
        invoice: null as string | null,
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
          unit_amount_decimal: String(price.unit_amount),
        },
        quantity: item.quantity,
        subtotal: amount,
        taxes: [],
      };
    });
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const id = newObjectId("in", 24);
    for (const line of lines) line.invoice = id;
    const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, "0")}`;
    customer.next_invoice_sequence += 1;
    const now = this.seconds();
    const invoice = this.put({
      id,
      object: "invoice",
      account_country: "US",
      account_name: this.options.accountName ?? "Portal",
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
      customer_address: null,
      customer_email: customer.email,
      customer_name: customer.name,
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
      hosted_invoice_url: `${this.publicUrl}/invoices/${id}`,
      invoice_pdf: `${this.publicUrl}/invoices/${id}/pdf`,
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
    const intent = this.newPaymentIntent({
      amount: total,
      currency: subscription.currency,
      customer: customer.id,
      description:
        reason === "subscription_create" ? "Subscription creation" : "Subscription update",
    });
    intent.__invoice = invoice.id;
    invoice.__payment_intent = intent.id;
    subscription.latest_invoice = invoice.id;
    this.emit("invoice.created", invoice);
    this.emit("invoice.finalized", invoice);
    this.changed();
    return invoice;
  }

  /** Charges an invoice's PaymentIntent with a card and applies the result everywhere. */
  private payInvoice(invoice: Obj, pm: Obj, offSession: boolean): CardError | undefined {
    const intent = this.get("payment_intent", invoice.__payment_intent);
    const card = this.cardOf(pm);
    const error = card ? chargeError(card) : AUTHENTICATION_FAILED;
    invoice.attempt_count += 1;
    invoice.attempted = true;
    intent.payment_method = pm.id;
    if (offSession && card && needsAuthentication(card, true)) {
      return this.invoiceNeedsAction(invoice, intent, pm);
    }
    if (error) {
      this.failIntent(intent, pm, error);
      invoice.next_payment_attempt = offSession ? this.seconds() + 3 * 86400 : null;
      this.emit("invoice.payment_failed", invoice);
      const subscription = this.find(invoice.parent?.subscription_details?.subscription);
      if (subscription && subscription.status === "active") {
        this.update(subscription, { status: "past_due" }, "customer.subscription.updated");
      }
      this.changed();
      return error;
    }
    this.succeedIntent(intent, pm);
    this.markInvoicePaid(invoice);
    return undefined;
  }

  /**
   * An off-session charge the bank wants the customer to confirm: the PaymentIntent waits in
   * `requires_action`, the invoice stays open (no automatic retry can confirm it), and Stripe
   * announces both the failed attempt and the action required; the subscription is past due.
   */
  private invoiceNeedsAction(invoice: Obj, intent: Obj, pm: Obj): CardError {
    intent.payment_method = pm.id;
    intent.last_payment_error = {
      ...AUTHENTICATION_REQUIRED,
      doc_url: "https://docs.stripe.com/error-codes/authentication-required",
      payment_method: this.render(pm),
    };
    this.update(
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
    invoice.next_payment_attempt = null;
    this.emit("invoice.payment_failed", invoice);
    this.emit("invoice.payment_action_required", invoice);
    const subscription = this.find(invoice.parent?.subscription_details?.subscription);
    if (subscription && subscription.status === "active") {
      this.update(subscription, { status: "past_due" }, "customer.subscription.updated");
    }
    this.changed();
    return AUTHENTICATION_REQUIRED;
  }

  /** POST /v1/invoices/:id/mark_uncollectible: an open invoice written off as bad debt. */
  markInvoiceUncollectible(id: string): Obj {
    const invoice = this.get("invoice", id, "invoice");
    if (invoice.status !== "open") {
      throw invalidRequest(
        `You can only mark an invoice as uncollectible if it is open. This invoice is ${invoice.status}.`,
        "invoice",
      );
    }
    const now = this.seconds();
    invoice.status = "uncollectible";
    invoice.next_payment_attempt = null;
    invoice.status_transitions = { ...invoice.status_transitions, marked_uncollectible_at: now };
    invoice.status_details = { uncollectible: { reason: "user_forgiven" } };
    this.emit("invoice.marked_uncollectible", invoice);
    this.changed();
    return invoice;
  }

  private markInvoicePaid(invoice: Obj) {
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions = { ...invoice.status_transitions, paid_at: this.seconds() };
    this.emit("invoice.paid", invoice);
    this.emit("invoice.payment_succeeded", invoice);
    const subscription = this.find(invoice.parent?.subscription_details?.subscription);
    if (subscription && ["incomplete", "past_due", "unpaid"].includes(subscription.status)) {
      this.update(subscription, { status: "active" }, "customer.subscription.updated");
    }
    this.changed();
  }

  // ---------------------------------------------------------------- payment intents

  private newPaymentIntent(params: Obj): Obj {
    const id = newObjectId("pi", 24);
    return this.put({
      id,
      object: "payment_intent",
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
      created: this.seconds(),
      currency: params.currency,
      customer: params.customer ?? null,
      description: params.description ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
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

  createPaymentIntent(params: Obj): Obj {
    const amount = Number(params.amount);
    if (params.amount === undefined)
      throw invalidRequest("Missing required param: amount.", "amount");
    if (!Number.isInteger(amount) || amount < 50) {
      throw invalidRequest("Amount must be at least $0.50 usd", "amount", "amount_too_small");
    }
    if (!params.currency) throw invalidRequest("Missing required param: currency.", "currency");
    if (params.customer) this.get("customer", params.customer, "customer");
    const intent = this.newPaymentIntent({
      amount,
      currency: String(params.currency).toLowerCase(),
      customer: params.customer,
      description: params.description,
      metadata: metadataFrom(params.metadata),
      receipt_email: params.receipt_email,
      setup_future_usage: params.setup_future_usage,
      automatic_payment_methods:
        params.automatic_payment_methods?.enabled === "true"
          ? {
              allow_redirects: params.automatic_payment_methods.allow_redirects ?? "always",
              enabled: true,
            }
          : null,
    });
    this.emit("payment_intent.created", intent);
    this.changed();
    return intent;
  }

  updatePaymentIntent(id: string, params: Obj): Obj {
    const intent = this.get("payment_intent", id);
    if (["succeeded", "canceled"].includes(intent.status)) {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's status is ${intent.status}, so it cannot be updated.`,
      });
    }
    if (params.metadata !== undefined) {
      intent.metadata = mergeMetadata(intent.metadata, params.metadata);
    }
    if (params.description !== undefined) intent.description = params.description || null;
    this.changed();
    return intent;
  }

  /** POST /v1/payment_intents/:id/cancel: only while nothing has been collected. */
  cancelPaymentIntent(id: string, params: Obj): Obj {
    const intent = this.get("payment_intent", id, "intent");
    const cancelable = [
      "requires_payment_method",
      "requires_capture",
      "requires_confirmation",
      "requires_action",
      "processing",
    ];
    if (!cancelable.includes(intent.status)) {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(", ")}.`,
      });
    }
    if (intent.__invoice) {
      throw invalidRequest(
        "You cannot cancel this PaymentIntent because it was created by an invoice.",
        "intent",
      );
    }
    const reasons = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];
    const reason = params.cancellation_reason;
    if (reason !== undefined && !reasons.includes(reason)) {
      throw invalidRequest(
        `Invalid cancellation_reason: must be one of ${reasons.join(", ")}`,
        "cancellation_reason",
      );
    }
    intent.status = "canceled";
    intent.canceled_at = this.seconds();
    intent.cancellation_reason = reason ?? null;
    intent.next_action = null;
    this.emit("payment_intent.canceled", intent);
    this.changed();
    return intent;
  }

  /** POST /v1/refunds: all (or part) of a succeeded PaymentIntent's amount, back to the card. */
  createRefund(params: Obj): Obj {
    const intentId = params.payment_intent;
    if (!intentId) {
      throw invalidRequest("The emulator refunds by `payment_intent` only.", "payment_intent");
    }
    const intent = this.get("payment_intent", intentId, "payment_intent");
    if (intent.status !== "succeeded") {
      throw invalidRequest(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        "payment_intent",
        "charge_not_refundable",
      );
    }
    const refunded = (intent.__amount_refunded as number | undefined) ?? 0;
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
    const reasons = ["duplicate", "fraudulent", "requested_by_customer"];
    if (params.reason !== undefined && !reasons.includes(params.reason)) {
      throw invalidRequest(`Invalid reason: must be one of ${reasons.join(", ")}`, "reason");
    }
    intent.__amount_refunded = refunded + amount;
    const refund = this.put({
      id: newObjectId("re", 24),
      object: "refund",
      amount,
      balance_transaction: null,
      charge: intent.latest_charge,
      created: this.seconds(),
      currency: intent.currency,
      destination_details: { card: { type: "refund" }, type: "card" },
      metadata: metadataFrom(params.metadata),
      payment_intent: intent.id,
      reason: params.reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    });
    this.emit("refund.created", refund);
    this.changed();
    return refund;
  }

  /**
   * What Stripe.js does with a client secret and card details: the browser-side confirmation
   * the local card form uses (stripe.confirmPayment against Stripe).
   */
  confirmFromBrowser(id: string, clientSecret: string, input: CardInput): Obj {
    const intent = this.intentForSecret(id, clientSecret);
    const checked = checkCard(input, new Date(this.now()));
    if ("error" in checked) throw this.cardFailure(intent, checked.error);
    const pm = this.createCardPaymentMethod({
      number: checked.number,
      ...checked.card,
      expMonth: input.expMonth,
      expYear: input.expYear,
    });
    const error = chargeError(checked.card);
    if (error) {
      this.failIntent(intent, pm, error);
      this.changed();
      throw this.cardFailure(intent, error);
    }
    if (needsAuthentication(checked.card, false)) {
      intent.payment_method = pm.id;
      this.update(
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
      this.changed();
      return intent;
    }
    this.settleBrowserPayment(intent, pm);
    return intent;
  }

  authenticateFromBrowser(id: string, clientSecret: string, approve: boolean): Obj {
    const intent = this.intentForSecret(id, clientSecret);
    if (intent.status !== "requires_action") {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent has a status of ${intent.status}; there is nothing to authenticate.`,
      });
    }
    const pm = this.get("payment_method", intent.payment_method);
    if (!approve) {
      this.failIntent(intent, pm, AUTHENTICATION_FAILED);
      this.changed();
      throw this.cardFailure(intent, AUTHENTICATION_FAILED);
    }
    this.settleBrowserPayment(intent, pm);
    return intent;
  }

  /** The PaymentIntent behind an invoice, for its hosted page's pay form. */
  invoicePayment(invoiceId: string): { id: string; clientSecret: string; status: string } | null {
    const invoice = this.find(invoiceId, "invoice");
    const intent = this.find(invoice?.__payment_intent, "payment_intent");
    if (!intent) return null;
    return { id: intent.id, clientSecret: intent.client_secret, status: intent.status };
  }

  private intentForSecret(id: string, clientSecret: string): Obj {
    const intent = this.find(id, "payment_intent");
    if (!intent || intent.client_secret !== clientSecret) {
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such payment_intent: '${id}'`,
        param: "intent",
      });
    }
    if (
      !["requires_payment_method", "requires_confirmation", "requires_action"].includes(
        intent.status,
      )
    ) {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: this.render(intent),
      });
    }
    return intent;
  }

  private settleBrowserPayment(intent: Obj, pm: Obj) {
    const invoice = this.find(intent.__invoice, "invoice");
    if (intent.customer && (intent.setup_future_usage || invoice)) {
      this.attachPaymentMethod(pm.id, intent.customer);
    }
    this.succeedIntent(intent, pm);
    if (invoice && invoice.status === "open") {
      invoice.attempt_count += 1;
      invoice.attempted = true;
      this.markInvoicePaid(invoice);
      // Paying the open invoice on session with a new card makes it the subscription's card.
      const subscription = this.find(invoice.parent?.subscription_details?.subscription);
      if (subscription) {
        this.update(
          subscription,
          { default_payment_method: pm.id },
          "customer.subscription.updated",
        );
      }
    }
    this.changed();
  }

  private succeedIntent(intent: Obj, pm: Obj) {
    intent.payment_method = pm.id;
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    intent.next_action = null;
    intent.latest_charge = newObjectId("ch", 24);
    this.emit("payment_intent.succeeded", intent);
  }

  private failIntent(intent: Obj, pm: Obj, error: CardError) {
    intent.payment_method = null;
    intent.status = "requires_payment_method";
    intent.next_action = null;
    intent.last_payment_error = {
      ...error,
      doc_url: `https://docs.stripe.com/error-codes/${error.code.replaceAll("_", "-")}`,
      payment_method: this.render(pm),
    };
    this.emit("payment_intent.payment_failed", intent);
  }

  private cardFailure(intent: Obj, error: CardError) {
    return new StripeApiError(402, { ...error, payment_intent: this.render(intent) });
  }

  // ---------------------------------------------------------------- subscriptions

  updateSubscription(id: string, params: Obj): Obj {
    const subscription = this.get("subscription", id);
    if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
      throw invalidRequest(
        `A canceled subscription can only update its cancellation_details and metadata.`,
      );
    }
    const changes: Obj = {};
    if (params.cancel_at_period_end !== undefined) {
      const cancel = params.cancel_at_period_end === "true";
      changes.cancel_at_period_end = cancel;
      changes.cancel_at = cancel ? periodEnd(subscription) : null;
      changes.canceled_at = cancel ? this.seconds() : null;
      changes.cancellation_details = {
        comment: null,
        feedback: null,
        reason: cancel ? "cancellation_requested" : null,
      };
    }
    if (params.default_payment_method !== undefined) {
      const pmId = params.default_payment_method;
      if (pmId) {
        const pm = this.get("payment_method", pmId, "default_payment_method");
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
      changes.items = this.changedItems(subscription, params.items);
    }
    this.update(subscription, changes, "customer.subscription.updated");
    this.changed();
    return subscription;
  }

  /**
   * `items[n][id]` with a new `items[n][price]`: the item sells that price from now on. The
   * emulator bills no proration: the next renewal charges the new price.
   */
  private changedItems(subscription: Obj, items: unknown): Obj {
    const list = Array.isArray(items) ? (items as Obj[]) : [];
    const data = structuredClone(subscription.items.data) as Obj[];
    list.forEach((change, index) => {
      const item = data.find((candidate) => candidate.id === change.id);
      if (!item) {
        throw invalidRequest(
          `Invalid subscription item ID: ${change.id ?? ""}`,
          `items[${index}][id]`,
        );
      }
      if (change.price !== undefined) {
        item.price = this.get("price", change.price, `items[${index}][price]`).id;
      }
    });
    return { ...subscription.items, data };
  }

  cancelSubscription(id: string): Obj {
    const subscription = this.get("subscription", id);
    if (subscription.status === "canceled") {
      throw invalidRequest(
        `No such subscription: '${id}'. This subscription has already been canceled.`,
        undefined,
        "resource_missing",
      );
    }
    this.endSubscription(subscription, "cancellation_requested");
    this.changed();
    return subscription;
  }

  /**
   * POST /v1/subscriptions/:id/pause (API 2026-09-30.endive): flexible billing mode only. A
   * paused subscription makes no invoices and does not advance its period.
   */
  pauseSubscription(id: string): Obj {
    const subscription = this.get("subscription", id);
    if (subscription.billing_mode?.type !== "flexible") {
      throw invalidRequest("Only subscriptions in flexible billing mode can be paused.");
    }
    if (!["active", "trialing", "past_due", "unpaid"].includes(subscription.status)) {
      throw invalidRequest(`A subscription with status ${subscription.status} cannot be paused.`);
    }
    const now = this.seconds();
    this.update(
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
    this.emit("customer.subscription.paused", subscription);
    this.changed();
    return subscription;
  }

  /**
   * POST /v1/subscriptions/:id/resume with the default payment_behavior
   * (resume_on_payment_attempt): the billing cycle restarts now (the default) with an invoice
   * charged to the saved card, and the subscription is active again, or past due if that
   * payment fails. With `billing_cycle_anchor=unchanged` the period is kept and nothing is
   * billed now (the emulator models no prorations).
   */
  resumeSubscription(id: string, params: Obj): Obj {
    const subscription = this.get("subscription", id);
    if (subscription.status !== "paused") {
      throw invalidRequest(`Subscription ${id} is not paused, so it cannot be resumed.`);
    }
    const anchor = params.billing_cycle_anchor ?? "now";
    const changes: Obj = { status: "active", status_details: null };
    this.update(subscription, changes, "customer.subscription.updated");
    this.emit("customer.subscription.resumed", subscription);
    if (anchor === "now") {
      const start = this.seconds();
      const first = this.get("price", subscription.items.data[0]?.price);
      const end = addInterval(start, first.recurring.interval, first.recurring.interval_count);
      for (const item of subscription.items.data) {
        item.current_period_start = start;
        item.current_period_end = end;
      }
      subscription.billing_cycle_anchor = start;
      const invoice = this.createInvoice(subscription, "subscription_cycle", start, end);
      const customer = this.get("customer", subscription.customer);
      const pm = this.find(
        subscription.default_payment_method ?? customer.invoice_settings.default_payment_method,
        "payment_method",
      );
      if (pm) this.payInvoice(invoice, pm, true);
      else {
        this.emit("invoice.payment_failed", invoice);
        this.update(subscription, { status: "past_due" }, "customer.subscription.updated");
      }
    }
    this.changed();
    return subscription;
  }

  private endSubscription(subscription: Obj, reason: string) {
    const now = this.seconds();
    subscription.status = "canceled";
    subscription.ended_at = now;
    subscription.canceled_at ??= now;
    subscription.cancellation_details = { comment: null, feedback: null, reason };
    const invoice = this.find(subscription.latest_invoice, "invoice");
    if (invoice?.status === "open") {
      invoice.status = "void";
      invoice.status_transitions = { ...invoice.status_transitions, voided_at: now };
      this.emit("invoice.voided", invoice);
      // Voiding an invoice cancels its unpaid PaymentIntent.
      const intent = this.find(invoice.__payment_intent, "payment_intent");
      if (intent && intent.status !== "succeeded" && intent.status !== "canceled") {
        intent.status = "canceled";
        intent.canceled_at = now;
        intent.cancellation_reason = "void_invoice";
        intent.next_action = null;
        this.emit("payment_intent.canceled", intent);
      }
    }
    this.emit("customer.subscription.deleted", subscription);
  }

  /**
   * Emulator control: the billing period ends now. A subscription set to cancel ends; any
   * other is invoiced for the next period and its saved card charged off session.
   */
  renewSubscription(id: string): Obj {
    const subscription = this.get("subscription", id);
    if (!LIVE_SUBSCRIPTION.has(subscription.status)) {
      throw invalidRequest(`Subscription ${id} is ${subscription.status}; it does not renew.`);
    }
    if (subscription.cancel_at_period_end) {
      this.endSubscription(subscription, "cancellation_requested");
      this.changed();
      return subscription;
    }
    const start = periodEnd(subscription) ?? this.seconds();
    const first = this.get("price", subscription.items.data[0]?.price);
    const end = addInterval(start, first.recurring.interval, first.recurring.interval_count);
    const previousItems = structuredClone(subscription.items);
    for (const item of subscription.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
    this.emit("customer.subscription.updated", subscription, { items: previousItems });
    const invoice = this.createInvoice(subscription, "subscription_cycle", start, end);
    const customer = this.get("customer", subscription.customer);
    const pm = this.find(
      subscription.default_payment_method ?? customer.invoice_settings.default_payment_method,
      "payment_method",
    );
    if (pm) this.payInvoice(invoice, pm, true);
    else {
      invoice.attempt_count += 1;
      invoice.attempted = true;
      this.emit("invoice.payment_failed", invoice);
      this.update(subscription, { status: "past_due" }, "customer.subscription.updated");
    }
    this.changed();
    return subscription;
  }

  // ---------------------------------------------------------------- billing portal

  createPortalSession(params: Obj): Obj {
    if (!params.customer) throw invalidRequest("Missing required param: customer.", "customer");
    const customer = this.get("customer", params.customer, "customer");
    const id = newObjectId("bps", 24);
    const session = this.put({
      id,
      object: "billing_portal.session",
      configuration: "bpc_emulator",
      created: this.seconds(),
      customer: customer.id,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: params.return_url ?? null,
      url: `${this.publicUrl}/portal/${id}`,
    });
    this.changed();
    return session;
  }

  /** What the portal page shows: the customer's subscriptions, cards and invoices. */
  portalView(id: string) {
    const session = this.get("billing_portal.session", id);
    const customer = this.get("customer", session.customer);
    const subscriptions = this.all(
      "subscription",
      (s) => s.customer === customer.id && LIVE_SUBSCRIPTION.has(s.status),
    ).map((s) => this.render(s));
    const defaultPm =
      customer.invoice_settings.default_payment_method ??
      subscriptions[0]?.default_payment_method ??
      null;
    const paymentMethods = this.all("payment_method", (pm) => pm.customer === customer.id).map(
      (pm) => ({ ...this.render(pm), isDefault: pm.id === defaultPm }),
    );
    const invoices = this.all("invoice", (i) => i.customer === customer.id).map((i) =>
      this.render(i),
    );
    const productNames = Object.fromEntries(
      this.all("product").map((product) => [product.id, String(product.name)]),
    );
    return {
      session,
      customer: this.render(customer),
      subscriptions,
      paymentMethods,
      invoices,
      productNames,
      accountName: this.options.accountName ?? "Portal",
    };
  }

  /** The portal's "add card": saved and made the default for the customer's subscriptions. */
  portalAddCard(id: string, input: CardInput & { name?: string }): CardError | undefined {
    const session = this.get("billing_portal.session", id);
    const checked = checkCard(input, new Date(this.now()));
    if ("error" in checked) return checked.error;
    const pm = this.createCardPaymentMethod(
      { number: checked.number, ...checked.card, expMonth: input.expMonth, expYear: input.expYear },
      input.name,
    );
    this.attachPaymentMethod(pm.id, session.customer);
    this.portalSetDefault(id, pm.id);
    return undefined;
  }

  portalSetDefault(id: string, paymentMethodId: string) {
    const session = this.get("billing_portal.session", id);
    this.updateCustomer(session.customer, {
      invoice_settings: { default_payment_method: paymentMethodId },
    });
    for (const subscription of this.all(
      "subscription",
      (s) => s.customer === session.customer && LIVE_SUBSCRIPTION.has(s.status),
    )) {
      this.updateSubscription(subscription.id, { default_payment_method: paymentMethodId });
    }
  }

  portalSetCancel(id: string, subscriptionId: string, cancel: boolean) {
    const session = this.get("billing_portal.session", id);
    const subscription = this.get("subscription", subscriptionId);
    if (subscription.customer !== session.customer) throw missing("subscription", subscriptionId);
    this.updateSubscription(subscriptionId, { cancel_at_period_end: cancel ? "true" : "false" });
  }
}

/** The current period end: on the items since API version 2025-03-31. */
export function periodEnd(subscription: Obj): number | null {
  return subscription.items?.data?.[0]?.current_period_end ?? null;
}

function planFromPrice(price: Obj): Obj {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: "per_unit",
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? "month",
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

function metadataFrom(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => typeof v === "string" && v !== "")
      .map(([k, v]) => [k, v as string]),
  );
}

/** Stripe merges metadata updates; an empty value deletes a key, an empty string all keys. */
function mergeMetadata(current: Record<string, string>, update: unknown): Record<string, string> {
  if (update === "") return {};
  const next = { ...current };
  if (update && typeof update === "object") {
    for (const [key, value] of Object.entries(update as Record<string, unknown>)) {
      if (value === "" || value === null) delete next[key];
      else if (typeof value === "string") next[key] = value;
    }
  }
  return next;
}
