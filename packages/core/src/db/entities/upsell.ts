/** upsells (docs/data.md): extra services offered for a site, e.g. the $49 SEO package. */
import type { EntityItem } from "electrodb";
import { UPSELL_WORK_STATUSES } from "../../billing/enums";
import { newId } from "../ids";
import { CASE_SENSITIVE, createdAt, type EntityOf, idFrom, lazyEntity, model } from "./common";

/** decimal(10, 2): up to 8 digits, a point, exactly 2 decimals. */
const PRICE = /^\d{1,8}\.\d{2}$/;

export const Upsell = lazyEntity({
  model: model("upsell"),
  attributes: {
    upsellId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("upsellId"),
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string" },
    type: { type: "string" },
    title: { type: "string", required: true },
    description: { type: "string" },
    /**
     * Dollars as a decimal string ("49.00"), never a float, so the stored amount is exact.
     * Build it with toPrice().
     */
    price: { type: "string", required: true, validate: PRICE },
    isPurchased: { type: "boolean", required: true, default: false },
    /** The provider's payment (Stripe PaymentIntent `pi_…`) that buys it. */
    paymentIntentId: { type: "string" },
    purchasedAt: { type: "string" },
    /** The team's progress on a bought upgrade (the customer sees it on the dashboard). */
    workStatus: {
      type: UPSELL_WORK_STATUSES,
      required: true,
      default: "not_started",
    },
    createdAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["upsellId"], casing: CASE_SENSITIVE },
    },
    /** The staff's upgrade work: every customer's upsells by when they were offered. */
    byCreation: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: [], casing: CASE_SENSITIVE },
      sk: { field: "gsi2sk", composite: ["createdAt"], casing: CASE_SENSITIVE },
    },
  },
});

export type UpsellItem = EntityItem<EntityOf<typeof Upsell>>;

/** 49 → "49.00"; cents → dollars with toPrice(cents / 100). */
export function toPrice(dollars: number): string {
  if (!Number.isFinite(dollars) || dollars < 0) throw new RangeError(`Not a price: ${dollars}`);
  return dollars.toFixed(2);
}
