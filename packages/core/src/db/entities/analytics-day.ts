/**
 * First-party page-view analytics: one aggregate per site per UTC day, under the site owner's
 * partition and sorted by day, so a date range of one site is one Query.
 *
 * Counting a view (analytics/day-aggregate.ts): create the day (conditional, a conflict just
 * means it exists: its maps must exist before DynamoDB can ADD into them), then one update that
 * ADDs 1 to pageViews and to pages[path], countries[code], devices[type], referrers[host],
 * with the number of distinct paths and referrers capped. Map keys go through
 * ElectroDB's expression names, which drop characters outside [A-Za-z0-9]: encode keys that
 * may collide once stripped (paths, hosts), e.g. with encodeAnalyticsKey.
 */
import { Entity, type EntityItem } from "electrodb";
import { CASE_SENSITIVE, model, updatedAt } from "./common";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const emptyCounts = () => ({});

export const AnalyticsDay = new Entity({
  model: model("analyticsDay"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    /** UTC day, YYYY-MM-DD. */
    day: { type: "string", required: true, readOnly: true, validate: DAY },
    pageViews: { type: "number", required: true, default: 0 },
    /** Distinct visitors, estimated (issue 9: daily salted hashes, never raw addresses). */
    visitors: { type: "number", required: true, default: 0 },
    /** Of those, visitors who viewed one page only that day (the cookie-free bounce figure). */
    singlePageVisitors: { type: "number", required: true, default: 0 },
    /** key → count maps */
    pages: { type: "any", required: true, default: emptyCounts },
    countries: { type: "any", required: true, default: emptyCounts },
    devices: { type: "any", required: true, default: emptyCounts },
    referrers: { type: "any", required: true, default: emptyCounts },
    /**
     * How many distinct keys `pages` and `referrers` hold: the write path caps them and folds
     * further new keys into "(other)" (analytics/day-aggregate.ts). Absent on items written
     * before the cap.
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

export type AnalyticsDayItem = EntityItem<typeof AnalyticsDay>;

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
