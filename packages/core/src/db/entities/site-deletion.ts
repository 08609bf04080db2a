/**
 * Customers whose sites are due for deletion after their subscription ended
 * (docs/billing.md "When a subscription ends"): one item per customer, sorted by when, so the
 * hourly deletion job reads the ones that are due with one Query instead of a Scan. All in
 * one partition: a handful of customers a day end a subscription, far below its limits.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model } from "./common";

export const SiteDeletion = lazyEntity({
  model: model("siteDeletion"),
  attributes: {
    /** ISO time from which the customer's sites may be deleted. */
    deleteAfter: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    createdAt,
  },
  indexes: {
    byDue: {
      pk: { field: "pk", composite: [], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["deleteAfter", "userId"], casing: CASE_SENSITIVE },
    },
  },
});

export type SiteDeletionItem = EntityItem<EntityOf<typeof SiteDeletion>>;
