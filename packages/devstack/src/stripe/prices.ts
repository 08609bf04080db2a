/** Products and their prices: what the plans sell (seeded by service.ts). */
import type Stripe from "stripe";
import type { FormObject } from "./form";
import {
  invalidRequest,
  metadataFrom,
  nested,
  newObjectId,
  type StoredPrice,
  type StoredProduct,
  text,
  type Unexpanded,
} from "./objects";
import type { EmulatorStore } from "./store";

export function createProduct(store: EmulatorStore, params: FormObject, id?: string) {
  const name = text(params.name);
  if (!name) throw invalidRequest("Missing required param: name.", "name");
  if (id && store.find(id)) return store.get("product", id);
  const product = store.put<StoredProduct>({
    id: id ?? newObjectId("prod", 14),
    object: "product",
    active: params.active !== "false",
    created: store.seconds(),
    default_price: null,
    description: text(params.description) ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: metadataFrom(params.metadata),
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: store.seconds(),
    url: null,
  });
  return store.created("product.created", product);
}

export function createPrice(store: EmulatorStore, params: FormObject, id?: string) {
  if (id && store.find(id)) return store.get("price", id);
  const currency = text(params.currency);
  if (!currency) throw invalidRequest("Missing required param: currency.", "currency");
  const product = store.get("product", text(params.product), "product");
  const amount = Number(params.unit_amount);
  if (!Number.isInteger(amount) || amount < 0) {
    throw invalidRequest("Invalid integer: unit_amount", "unit_amount");
  }
  const recurringParams = nested(params.recurring);
  const recurring: Stripe.Price.Recurring | null = recurringParams
    ? {
        interval: (text(recurringParams.interval) ?? "month") as Stripe.Price.Recurring.Interval,
        interval_count: Number(recurringParams.interval_count ?? 1),
        meter: null,
        trial_period_days: null,
        usage_type: "licensed",
      }
    : null;
  const price = store.put<StoredPrice>({
    id: id ?? newObjectId("price", 24),
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: store.seconds(),
    currency: currency.toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: text(params.lookup_key) ?? null,
    metadata: metadataFrom(params.metadata),
    nickname: text(params.nickname) ?? null,
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
  return store.created("price.created", price);
}

/** What the Dashboard changes on a price: whether new subscriptions may use it, its nickname. */
export function updatePrice(store: EmulatorStore, id: string, params: FormObject) {
  const price = store.get("price", id);
  const changes: Partial<StoredPrice> = {};
  if (params.active !== undefined) changes.active = text(params.active) === "true";
  if (params.nickname !== undefined) changes.nickname = text(params.nickname) || null;
  store.update(price, changes, "price.updated");
  store.changed();
  return price;
}

/** The legacy `plan` Stripe still embeds beside each subscription item's price. */
export function planFromPrice(price: StoredPrice): Unexpanded<Stripe.Plan> {
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
