/**
 * A customer's export of their own data (docs/privacy.md): one item per customer, the latest
 * request, so "one export at a time" is a condition on a single item. The file itself lives in
 * the private bucket under `exports/` (core/privacy/export.ts).
 */
import type { EntityItem } from "electrodb";
import { DATA_EXPORT_STATUSES } from "../../privacy/enums";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model, updatedAt } from "./common";

export const DataExport = lazyEntity({
  model: model("dataExport"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    /** A new id per request: the file's name and the guard against a stale job's write. */
    exportId: { type: "string", required: true },
    status: { type: DATA_EXPORT_STATUSES, required: true },
    requestedAt: { type: "string", required: true },
    finishedAt: { type: "string" },
    /** The object in the private bucket, once written. */
    objectKey: { type: "string" },
    sizeBytes: { type: "number" },
    /** Until when the file is kept and can be downloaded (ISO). */
    availableUntil: { type: "string" },
    error: { type: "string" },
    createdAt,
    updatedAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type DataExportItem = EntityItem<EntityOf<typeof DataExport>>;
