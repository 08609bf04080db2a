/**
 * Stripe event ids already processed. Stripe delivers at least once; a conditional create of
 * the id makes a second delivery detectable (the create fails, see isConditionFailure).
 */
import { Entity, type EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, model } from "./common";

export const StripeEvent = new Entity({
  model: model("stripeEvent"),
  attributes: {
    /** Stripe's `evt_…`. */
    eventId: { type: "string", required: true, readOnly: true },
    type: { type: "string", required: true, readOnly: true },
    createdAt,
  },
  indexes: {
    byEventId: {
      pk: { field: "pk", composite: ["eventId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type StripeEventItem = EntityItem<typeof StripeEvent>;
