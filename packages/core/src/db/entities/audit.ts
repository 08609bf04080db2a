/**
 * SEO and Lighthouse runs: jobs the API queues and the jobs worker completes (docs/tools.md,
 * "Runs are jobs"). The record is both the job and, once done, its result. Ids are ULIDs, so a
 * customer's runs sort by time: newest first is a descending query, and "runs started in the last
 * hour" (in flight, rate limit) is a sort-key range from idFloor(an hour ago).
 */
import type { EntityItem } from "electrodb";
import { JOB_STATUSES, STRATEGIES } from "../../audits/enums";
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

export { JOB_STATUSES, type JobStatus, STRATEGIES, type Strategy } from "../../audits/enums";

const jobAttributes = {
  jobId: { type: "string", required: true, readOnly: true, default: newId },
  id: idFrom("jobId"),
  userId: { type: "string", required: true, readOnly: true },
  /** When the URL was picked from the customer's sites. */
  siteId: { type: "string" },
  url: { type: "string", required: true, readOnly: true },
  status: { type: JOB_STATUSES, required: true, default: "queued" },
  /**
   * The finished result as JSON (contracts/audits.ts; docs/tools.md). A DynamoDB
   * item holds at most 400 KB: store the summary the page shows, not Lighthouse's full report.
   */
  result: { type: "any" },
  /** Why the run failed, in words the page can show. */
  error: { type: "string" },
  startedAt: { type: "string" },
  finishedAt: { type: "string" },
  createdAt,
  updatedAt,
} as const;

export const SeoResult = lazyEntity({
  model: model("seoResult"),
  attributes: jobAttributes,
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["jobId"], casing: CASE_SENSITIVE },
    },
  },
});

export const LighthouseResult = lazyEntity({
  model: model("lighthouseResult"),
  attributes: {
    ...jobAttributes,
    strategy: { type: STRATEGIES, required: true, readOnly: true, default: "mobile" },
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["jobId"], casing: CASE_SENSITIVE },
    },
  },
});

export type SeoResultItem = EntityItem<EntityOf<typeof SeoResult>>;
export type LighthouseResultItem = EntityItem<EntityOf<typeof LighthouseResult>>;
