/**
 * Stripe events seen by the webhook (docs/billing.md). An item is created `processing`, with
 * a lease, by the delivery that runs the event's handler (a conditional create, so one
 * delivery at a time), and becomes `done` only after the handler succeeded. Stripe delivers
 * at least once: a delivery of a `done` event is acknowledged without effect; one whose lease
 * has run out (its Lambda crashed or timed out) runs the handler again.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model } from "./common";

export const StripeEvent = lazyEntity({
  model: model("stripeEvent"),
  attributes: {
    /** Stripe's `evt_…`. */
    eventId: { type: "string", required: true, readOnly: true },
    type: { type: "string", required: true, readOnly: true },
    /** Absent on items stored before leases: those were recorded as processed. */
    status: { type: ["processing", "done"] as const },
    /** Which delivery holds the lease: only it may mark the event done or give the lease up. */
    leaseId: { type: "string" },
    /** ISO time after which another delivery may take the event over. */
    leaseUntil: { type: "string" },
    processedAt: { type: "string" },
    createdAt,
  },
  indexes: {
    byEventId: {
      pk: { field: "pk", composite: ["eventId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type StripeEventItem = EntityItem<EntityOf<typeof StripeEvent>>;
