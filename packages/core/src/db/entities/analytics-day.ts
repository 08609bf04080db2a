/**
 * First-party page-view analytics: one item of day totals per site per UTC day, under the site
 * owner's partition and sorted by day, so a date range of one site is one Query. The per-path,
 * referrer, country and device counts live in their own small items (analytics-count.ts).
 *
 * The page-views consumer (analytics/aggregate.ts) ADDs a batch's views to the totals in one
 * update, and takes slots in `pageKeys` and `referrerKeys` for values the day has not seen.
 *
 * Items written before the counters existed also hold maps of counts (`pages`, `countries`,
 * `devices`, `referrers`), which the report still adds up. Their keys went through ElectroDB's
 * expression names, which drop characters outside [A-Za-z0-9], hence encodeAnalyticsKey.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, type EntityOf, lazyEntity, model, updatedAt } from "./common";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const AnalyticsDay = lazyEntity({
  model: model("analyticsDay"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    /** UTC day, YYYY-MM-DD. */
    day: { type: "string", required: true, readOnly: true, validate: DAY },
    pageViews: { type: "number", required: true, default: 0 },
    /** Distinct visitors, estimated (daily salted hashes, never raw addresses: docs/analytics.md). */
    visitors: { type: "number", required: true, default: 0 },
    /** Of those, visitors who viewed one page only that day (the cookie-free bounce figure). */
    singlePageVisitors: { type: "number", required: true, default: 0 },
    /** key → count maps, on items written before the counters only (read, never written) */
    pages: { type: "any" },
    countries: { type: "any" },
    devices: { type: "any" },
    referrers: { type: "any" },
    /**
     * How many distinct paths and referring hosts the day counts apart: the consumer caps them
     * and folds further new ones into "(other)" (analytics/aggregate.ts).
     */
    pageKeys: { type: "number", default: 0 },
    referrerKeys: { type: "number", default: 0 },
    updatedAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["siteId", "day"], casing: CASE_SENSITIVE },
    },
  },
});

export type AnalyticsDayItem = EntityItem<EntityOf<typeof AnalyticsDay>>;

/**
 * A map key that survives ElectroDB's expression-name sanitising unchanged and distinct:
 * lower-case hex of the UTF-8 bytes. DynamoDB caps an expression name at 255 characters, so
 * values longer than 120 bytes (deep paths) must be cut before encoding.
 */
export function encodeAnalyticsKey(value: string): string {
  return `k${Buffer.from(value, "utf8").toString("hex")}`;
}

export function decodeAnalyticsKey(key: string): string {
  return Buffer.from(key.slice(1), "hex").toString("utf8");
}
