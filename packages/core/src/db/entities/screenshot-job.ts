/**
 * Screenshot requests as jobs: the API stores one per queued preview, the worker marks it
 * running and done or failed. The record is what the limits count and what a second request
 * for the same site finds in flight (sites/screenshots.ts). It is bookkeeping, not history:
 * the table's TTL removes it a week after it was asked for.
 */
import type { EntityItem } from "electrodb";
import { JOB_STATUSES } from "../../audits/enums";
import { newId } from "../ids";
import {
  CASE_SENSITIVE,
  createdAt,
  type EntityOf,
  idFrom,
  lazyEntity,
  model,
  updatedAt,
} from "./common";

export const ScreenshotJob = lazyEntity({
  model: model("screenshotJob"),
  attributes: {
    jobId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("jobId"),
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    status: { type: JOB_STATUSES, required: true, default: "queued" },
    /** Why the capture failed, for logs and the staff console. */
    error: { type: "string" },
    startedAt: { type: "string" },
    finishedAt: { type: "string" },
    /** Epoch seconds: the table's TTL attribute (stacks/Storage.ts). */
    expiresAt: { type: "number" },
    createdAt,
    updatedAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["jobId"], casing: CASE_SENSITIVE },
    },
  },
});

export type ScreenshotJobItem = EntityItem<EntityOf<typeof ScreenshotJob>>;
