/**
 * Uptime monitoring (docs/monitoring.md), under the site owner's partition:
 * - siteMonitor: one per site, the latest check, the incident state and the certificate expiry;
 * - uptimeDay: one per site per UTC day, counts of checks and failures, sorted by day so the
 *   30-day history of a site is one Query. Each day expires (DynamoDB TTL, `expiresAt`) 70
 *   days after it began, so the history stays bounded without a clean-up job.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, type EntityOf, lazyEntity, model, updatedAt } from "./common";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * How long a day of history is kept: the monthly report built on the first of a month compares
 * the month before with the one before that, whose first day is up to 62 days back
 * (docs/reports.md), plus slack for a late run.
 */
export const UPTIME_DAY_TTL_DAYS = 70;

const incident = {
  type: "map",
  properties: {
    startedAt: { type: "string", required: true },
    endedAt: { type: "string" },
    reason: { type: "string", required: true },
  },
} as const;

export const SiteMonitor = lazyEntity({
  model: model("siteMonitor"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    url: { type: "string" },
    consecutiveFailures: { type: "number", required: true, default: 0 },
    failingSince: { type: "string" },
    lastCheckedAt: { type: "string" },
    lastOk: { type: "boolean" },
    lastStatus: { type: "number" },
    lastResponseMs: { type: "number" },
    lastError: { type: "string" },
    openIncident: incident,
    lastIncident: incident,
    certExpiresAt: { type: "string" },
    certWarnedFor: { type: "string" },
    updatedAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["siteId"], casing: CASE_SENSITIVE },
    },
  },
});

export const UptimeDay = lazyEntity({
  model: model("uptimeDay"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    /** UTC day, YYYY-MM-DD. */
    day: { type: "string", required: true, readOnly: true, validate: DAY },
    checks: { type: "number", required: true, default: 0 },
    failures: { type: "number", required: true, default: 0 },
    /** Sum of the good checks' response times, for the day's average. */
    responseMsTotal: { type: "number", required: true, default: 0 },
    /** DynamoDB TTL: epoch seconds. */
    expiresAt: { type: "number" },
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["siteId", "day"], casing: CASE_SENSITIVE },
    },
  },
});

export type SiteMonitorItem = EntityItem<EntityOf<typeof SiteMonitor>>;
export type UptimeDayItem = EntityItem<EntityOf<typeof UptimeDay>>;
