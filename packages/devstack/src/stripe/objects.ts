/**
 * The Stripe objects the emulator keeps, typed with the `stripe` package's own types, and the
 * small rules every resource shares (ids, errors, request parameters, money, periods).
 *
 * A stored object is the API's object as Stripe keeps it: references to other objects are
 * ids (an expanded reference is filled in when rendered, store.ts), and fields starting with
 * `__` are the emulator's own bookkeeping, never returned.
 */
import { randomBytes } from "node:crypto";
import { STRIPE_API_VERSION } from "@portal/core/adapters/stripe-version";
import type Stripe from "stripe";
import type { FormObject, FormValue } from "./form";

/** The API version the objects are shaped for: the one the product's Stripe client pins. */
export const EMULATED_API_VERSION = STRIPE_API_VERSION;

// ---------------------------------------------------------------- stored shapes

/** An expandable reference as the SDK types it: an object with an id and its `object` name. */
type Reference = { id: string; object: string };

/** The SDK turns decimal strings into its Decimal class; on the wire they stay strings. */
type SdkDecimal = ReturnType<(typeof Stripe)["Decimal"]["from"]>;
export type Wire<V> = V extends SdkDecimal
  ? string
  : V extends string | number | boolean | bigint | null | undefined
    ? V
    : V extends (infer E)[]
      ? Wire<E>[]
      : { [K in keyof V]: Wire<V[K]> };

/**
 * `T` as the API sends it and the emulator stores it: each expandable top-level reference
 * narrowed to its id, decimals as strings.
 */
export type Unexpanded<T> = {
  [K in keyof T]: K extends "object" ? T[K] : Wire<Exclude<T[K], Reference>>;
};

/** Bookkeeping every stored object carries: its insertion order (lists sort by it). */
interface Kept {
  __seq?: number;
  deleted?: boolean;
}

export type StoredCustomer = Unexpanded<Stripe.Customer> &
  Kept & {
    invoice_settings: Unexpanded<Stripe.Customer.InvoiceSettings>;
  };
export type StoredProduct = Unexpanded<Stripe.Product> & Kept;
export type StoredPrice = Unexpanded<Stripe.Price> & Kept;
export type StoredPaymentMethod = Unexpanded<Stripe.PaymentMethod> &
  Kept & {
    /** The card number, kept to decide later charges (renewals); never returned. */
    __number?: string;
  };
export type StoredPaymentIntent = Unexpanded<Stripe.PaymentIntent> &
  Kept & {
    /** The invoice this PaymentIntent collects, if any. */
    __invoice?: string;
    __amount_refunded?: number;
  };
export type StoredSetupIntent = Unexpanded<Stripe.SetupIntent> & Kept;
export type StoredRefund = Unexpanded<Stripe.Refund> & Kept;

/** A list as the API nests it in an object (Stripe adds `total_count` to embedded lists). */
export interface WireList<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  total_count?: number;
  url: string;
}

/** A subscription item keeps its price as an id; the rendered item embeds the price and plan. */
export type StoredSubscriptionItem = Omit<Stripe.SubscriptionItem, "price" | "plan"> & {
  price: string;
};
export type StoredSubscription = Omit<Unexpanded<Stripe.Subscription>, "items" | "status_details"> &
  Kept & {
    items: WireList<StoredSubscriptionItem>;
    /** Set while paused; the emulator clears it to null on resume. */
    status_details?: Stripe.Subscription.StatusDetails | null;
  };

export type StoredInvoice = Omit<Unexpanded<Stripe.Invoice>, "lines"> &
  Kept & {
    lines: WireList<Unexpanded<Stripe.InvoiceLineItem>>;
    /** The PaymentIntent that collects it (Stripe shows it through `payments`). */
    __payment_intent?: string;
  };

/** A line of a Checkout Session, as asked for; rendered through `line_items` when expanded. */
export interface CheckoutLine {
  id: string;
  price: string;
  quantity: number;
}
export type StoredCheckoutSession = Unexpanded<Stripe.Checkout.Session> &
  Kept & {
    __line_items: CheckoutLine[];
    __subscription_metadata: Record<string, string>;
    /** The card waiting for its extra confirmation on the hosted page. */
    __pending_payment_method?: string;
  };
export type StoredPortalSession = Unexpanded<Stripe.BillingPortal.Session> & Kept;
export type StoredPortalConfiguration = Unexpanded<Stripe.BillingPortal.Configuration> & Kept;
/** The signing secret is answered once, on creation, as Stripe does. */
export type StoredWebhookEndpoint = Omit<Stripe.WebhookEndpoint, "secret" | "deleted"> &
  Kept & { __secret: string };
/** An event: Stripe's envelope around the object as rendered when it happened. */
export type StoredEvent = Omit<Stripe.EventBase, "data"> &
  Kept & {
    data: {
      object: Rendered[Exclude<Kind, "event">];
      previous_attributes?: Stripe.Event.Data.PreviousAttributes;
    };
  };

/** Each kind of object by its `object` name. */
export interface Kinds {
  customer: StoredCustomer;
  product: StoredProduct;
  price: StoredPrice;
  "checkout.session": StoredCheckoutSession;
  subscription: StoredSubscription;
  invoice: StoredInvoice;
  payment_intent: StoredPaymentIntent;
  payment_method: StoredPaymentMethod;
  setup_intent: StoredSetupIntent;
  "billing_portal.session": StoredPortalSession;
  "billing_portal.configuration": StoredPortalConfiguration;
  webhook_endpoint: StoredWebhookEndpoint;
  refund: StoredRefund;
  event: StoredEvent;
}
export type Kind = keyof Kinds;
export type StoredObject = Kinds[Kind];

/** Each kind as the API answers it (expanded or not), as JSON (decimals are strings). */
export interface Rendered {
  customer: Wire<Stripe.Customer>;
  product: Wire<Stripe.Product>;
  price: Wire<Stripe.Price>;
  "checkout.session": Wire<Stripe.Checkout.Session>;
  subscription: Wire<Stripe.Subscription>;
  invoice: Wire<Stripe.Invoice>;
  payment_intent: Wire<Stripe.PaymentIntent>;
  payment_method: Wire<Stripe.PaymentMethod>;
  setup_intent: Wire<Stripe.SetupIntent>;
  "billing_portal.session": Wire<Stripe.BillingPortal.Session>;
  "billing_portal.configuration": Wire<Stripe.BillingPortal.Configuration>;
  webhook_endpoint: Wire<Stripe.WebhookEndpoint>;
  refund: Wire<Stripe.Refund>;
  event: Wire<Stripe.Event>;
}

/** Names used in "No such …" messages, as Stripe words them. */
export const KIND_NAMES: Record<Kind, string> = {
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
  "billing_portal.configuration": "configuration",
  webhook_endpoint: "webhook endpoint",
  refund: "refund",
  event: "event",
};

// ---------------------------------------------------------------- errors

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
      payment_intent?: Rendered["payment_intent"];
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

export function missing(kind: string, id: string, param = "id") {
  return new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export function unexpectedState(message: string, paymentIntent?: Rendered["payment_intent"]) {
  return new StripeApiError(400, {
    type: "invalid_request_error",
    code: "payment_intent_unexpected_state",
    message,
    ...(paymentIntent ? { payment_intent: paymentIntent } : {}),
  });
}

// ---------------------------------------------------------------- request parameters

/** A parameter sent as a plain value (form values are strings). */
export function text(value: FormValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** A parameter sent as nested keys (`a[b]=…`). */
export function nested(value: FormValue | undefined): FormObject | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? value : undefined;
}

/** A parameter sent as a list (`a[0]=…`, `a[]=…`). */
export function listOf(value: FormValue | undefined): FormValue[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

export function metadataFrom(value: FormValue | undefined): Record<string, string> {
  const object = nested(value);
  if (!object) return {};
  return Object.fromEntries(
    Object.entries(object).filter((entry): entry is [string, string] => {
      const v = entry[1];
      return typeof v === "string" && v !== "";
    }),
  );
}

/** Stripe merges metadata updates; an empty value deletes a key, an empty string all keys. */
export function mergeMetadata(
  current: Record<string, string>,
  update: FormValue,
): Record<string, string> {
  if (update === "") return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(nested(update) ?? {})) {
    if (value === "") delete next[key];
    else if (typeof value === "string") next[key] = value;
  }
  return next;
}

// ---------------------------------------------------------------- ids, money, periods

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomToken(length: number) {
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

export function addInterval(seconds: number, interval: string, count: number) {
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

export function money(cents: number, currency: string) {
  const symbol = currency === "usd" ? "$" : `${currency.toUpperCase()} `;
  return `${symbol}${(cents / 100).toFixed(2)}`;
}
