/**
 * The monthly care report (docs/reports.md), under the site owner's partition:
 * - monthlyReport: one per site and calendar month once the monthly job (or a staff note)
 *   touched it: the figures as built when the month closed (so a report stays what it said
 *   after the day-level data it came from expires), the staff's personal note, the PDF's key,
 *   and the "sent" marker the job sets with a conditional write so a month mails once;
 * - uptimeIncident: one per incident of a site, sorted by start, so a month's incidents and
 *   their durations are one Query (the monitor item keeps only the latest);
 * - reportRun: one per month, the monthly job's cursor over the live sites, so a run that
 *   stops at its bound resumes where it stopped.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, type EntityOf, lazyEntity, model, updatedAt } from "./common";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const MonthlyReport = lazyEntity({
  model: model("monthlyReport"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    /** Calendar month, YYYY-MM (UTC). */
    month: { type: "string", required: true, readOnly: true, validate: MONTH },
    /** The built report (contracts/reports.ts monthlyReportSchema), frozen by the job. */
    report: { type: "any" },
    builtAt: { type: "string" },
    /** The staff's short personal note, shown at the top of the report and the mail. */
    note: { type: "string" },
    noteBy: { type: "string" },
    noteAt: { type: "string" },
    /** The PDF's object key in the screenshots bucket (reports/ prefix). */
    pdfKey: { type: "string" },
    /** Set once, conditionally, when the month's mail was handed to the notifications queue. */
    sentAt: { type: "string" },
    updatedAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["siteId", "month"], casing: CASE_SENSITIVE },
    },
  },
});

/** How long an incident is kept: a report compares a month with the one before. */
export const INCIDENT_TTL_DAYS = 100;

export const UptimeIncident = lazyEntity({
  model: model("uptimeIncident"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    /** ISO time of the first failed check. */
    startedAt: { type: "string", required: true, readOnly: true },
    endedAt: { type: "string" },
    reason: { type: "string", required: true },
    /** DynamoDB TTL: epoch seconds. */
    expiresAt: { type: "number" },
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["siteId", "startedAt"], casing: CASE_SENSITIVE },
    },
  },
});

export const ReportRun = lazyEntity({
  model: model("reportRun"),
  attributes: {
    month: { type: "string", required: true, readOnly: true, validate: MONTH },
    /** The byStatus query's last evaluated key, serialised; absent when the run is done. */
    cursor: { type: "string" },
    done: { type: "boolean", required: true, default: false },
    updatedAt,
  },
  indexes: {
    byMonth: {
      pk: { field: "pk", composite: ["month"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type MonthlyReportItem = EntityItem<EntityOf<typeof MonthlyReport>>;
export type UptimeIncidentItem = EntityItem<EntityOf<typeof UptimeIncident>>;
export type ReportRunItem = EntityItem<EntityOf<typeof ReportRun>>;
