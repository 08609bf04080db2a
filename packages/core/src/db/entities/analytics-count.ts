/**
 * One page-view counter per site, UTC day, dimension (page, referrer, country, device) and
 * value: a small item of fixed shape, so adding to it costs one write unit however many other
 * paths or referrers the site has (docs/analytics.md "Write path").
 *
 * Partition = the site, sorted by day then dimension then value: a date range of one site's
 * counters is one Query (paged), and a busy site's counters sit apart from its owner's other
 * items (the staff view reads the owner's whole partition). The page-views consumer
 * (analytics/aggregate.ts) adds a whole batch of views to each counter in one ADD.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, type EntityOf, lazyEntity, model } from "./common";

export const COUNT_DIMENSIONS = ["page", "referrer", "country", "device"] as const;
export type CountDimension = (typeof COUNT_DIMENSIONS)[number];

export const AnalyticsCount = lazyEntity({
  model: model("analyticsCount"),
  attributes: {
    siteId: { type: "string", required: true, readOnly: true },
    /** UTC day, YYYY-MM-DD. */
    day: { type: "string", required: true, readOnly: true, validate: /^\d{4}-\d{2}-\d{2}$/ },
    dimension: { type: COUNT_DIMENSIONS, required: true, readOnly: true },
    /** The path, referring host, country code or device type, as the report shows it. */
    key: { type: "string", required: true, readOnly: true },
    views: { type: "number", required: true, default: 0 },
  },
  indexes: {
    bySite: {
      pk: { field: "pk", composite: ["siteId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["day", "dimension", "key"], casing: CASE_SENSITIVE },
    },
  },
});

export type AnalyticsCountItem = EntityItem<EntityOf<typeof AnalyticsCount>>;
