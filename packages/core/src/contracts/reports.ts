/**
 * The monthly care report (docs/reports.md): one site, one calendar month, computed from what
 * the portal stored. A figure the month has no data for is null, never a zero.
 */
import * as z from "./zod";

/** A calendar month, YYYY-MM (UTC). */
export const monthSchema = z
  .string()
  .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month is written YYYY-MM, e.g. 2026-10"));

/** How much of the report a plan gets (contracts/plans.ts `report`). */
export const REPORT_LEVELS = ["full", "headline"] as const;
export const reportLevelSchema = z.enum(REPORT_LEVELS);
export type ReportLevel = z.infer<typeof reportLevelSchema>;

const counted = z.object({ key: z.string(), count: z.number().check(z.int()) });

const incident = z.object({
  startedAt: z.string(),
  endedAt: z.nullable(z.string()),
  reason: z.string(),
  /** Minutes the site was down within the month; null while still open at the month's end. */
  minutes: z.nullable(z.number().check(z.int())),
});

const lighthousePoint = z.object({
  at: z.string(),
  strategy: z.string(),
  performance: z.number().check(z.int()),
  accessibility: z.number().check(z.int()),
  bestPractices: z.number().check(z.int()),
  seo: z.number().check(z.int()),
});

export const monthlyReportSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  month: monthSchema,
  previousMonth: monthSchema,
  /** Whether anything at all was stored for the month (checks, views, audits or work). */
  hasData: z.boolean(),
  uptime: z.object({
    /** Good checks over all checks, percent, one decimal; null when no check ran. */
    percent: z.nullable(z.number()),
    previousPercent: z.nullable(z.number()),
    checks: z.number().check(z.int()),
    failures: z.number().check(z.int()),
    avgResponseMs: z.nullable(z.number().check(z.int())),
    incidents: z.array(incident),
  }),
  certificate: z.nullable(z.object({ expiresAt: z.string(), daysLeft: z.number().check(z.int()) })),
  traffic: z.object({
    /** Null when no day of the month has analytics data. */
    visitors: z.nullable(z.number().check(z.int())),
    pageViews: z.nullable(z.number().check(z.int())),
    previousVisitors: z.nullable(z.number().check(z.int())),
    previousPageViews: z.nullable(z.number().check(z.int())),
    /** Percent change against the previous month; null without both months' figures. */
    visitorsChange: z.nullable(z.number()),
    pageViewsChange: z.nullable(z.number()),
    topPages: z.array(counted),
    topReferrers: z.array(counted),
  }),
  lighthouse: z.object({
    latest: z.nullable(lighthousePoint),
    /** The month's finished runs, oldest first. */
    trend: z.array(lighthousePoint),
    /** Performance of the month's last run minus its first; null with fewer than two runs. */
    performanceChange: z.nullable(z.number().check(z.int())),
  }),
  seo: z.nullable(
    z.object({
      at: z.string(),
      url: z.string(),
      score: z.number().check(z.int()),
      openIssues: z.array(
        z.object({ title: z.string(), type: z.enum(["error", "warning"]), impact: z.string() }),
      ),
    }),
  ),
  work: z.object({
    ticketsResolved: z.array(
      z.object({ id: z.string(), title: z.string(), resolvedAt: z.string() }),
    ),
    upgrades: z.array(z.object({ title: z.string(), at: z.string(), status: z.string() })),
    siteChanges: z.array(z.object({ description: z.string(), at: z.string() })),
  }),
  /** One line of what the team recommends next (reports/recommend.ts). */
  recommendation: z.string(),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

/** The figures every plan gets (in the mail and on the page). */
export const reportHeadlineSchema = z.object({
  uptimePercent: z.nullable(z.number()),
  incidents: z.number().check(z.int()),
  visitors: z.nullable(z.number().check(z.int())),
  visitorsChange: z.nullable(z.number()),
  pageViews: z.nullable(z.number().check(z.int())),
  performance: z.nullable(z.number().check(z.int())),
  seoScore: z.nullable(z.number().check(z.int())),
  ticketsResolved: z.number().check(z.int()),
  recommendation: z.string(),
});
export type ReportHeadline = z.infer<typeof reportHeadlineSchema>;

/** GET /api/sites/{id}/reports/{month}: what the caller's plan shows of one month. */
export const reportViewSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  month: monthSchema,
  level: reportLevelSchema,
  headline: reportHeadlineSchema,
  /** The whole report, for plans with the full report; null otherwise. */
  report: z.nullable(monthlyReportSchema),
  note: z.nullable(z.string()),
  /** Whether the month's mail went out. */
  sentAt: z.nullable(z.string()),
  /** Whether a PDF can be downloaded (GET …/pdf). */
  pdfReady: z.boolean(),
});
export type ReportView = z.infer<typeof reportViewSchema>;

/** GET /api/sites/{id}/reports: the months a report exists or can be built for, newest first. */
export const reportMonthsSchema = z.object({
  siteId: z.string(),
  level: reportLevelSchema,
  months: z.array(
    z.object({ month: monthSchema, sentAt: z.nullable(z.string()), note: z.boolean() }),
  ),
});
export type ReportMonths = z.infer<typeof reportMonthsSchema>;

/** PUT /api/staff/customers/{userId}/sites/{siteId}/reports/{month}/note. */
export const REPORT_NOTE_MAX = 600;
export const reportNoteSchema = z.object({
  note: z
    .string()
    .check(
      z.trim(),
      z.maxLength(REPORT_NOTE_MAX, `A note has at most ${REPORT_NOTE_MAX} characters`),
    ),
});
export type ReportNote = z.infer<typeof reportNoteSchema>;

/** GET …/reports/{month}/pdf: a short-lived presigned GET of the stored PDF. */
export const reportPdfSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ReportPdf = z.infer<typeof reportPdfSchema>;

/** Path parameters: /api/sites/{id}/reports/{month}. */
export const reportParamsSchema = z.object({ id: z.string(), month: z.string() });

/** Path parameters: /api/staff/customers/{userId}/sites/{siteId}/reports/{month}/note. */
export const staffReportParamsSchema = z.object({
  userId: z.string().check(z.minLength(1), z.maxLength(200)),
  siteId: z.string().check(z.minLength(1), z.maxLength(100)),
  month: z.string(),
});

/** GET /api/staff/customers/{userId}/reports: each site's months, the month in progress first. */
export const staffCustomerReportsSchema = z.object({
  sites: z.array(
    z.object({
      siteId: z.string(),
      siteName: z.string(),
      months: z.array(
        z.object({
          month: monthSchema,
          note: z.nullable(z.string()),
          sentAt: z.nullable(z.string()),
          headline: z.nullable(reportHeadlineSchema),
        }),
      ),
    }),
  ),
});
export type StaffCustomerReports = z.infer<typeof staffCustomerReportsSchema>;

/** POST …/reports/{month}/pdf: the PDF is being rendered; GET …/pdf answers once it is. */
export const reportPdfQueuedSchema = z.object({ queued: z.literal(true) });

/** The answer of PUT …/note. */
export const reportNoteResultSchema = z.object({
  month: monthSchema,
  note: z.nullable(z.string()),
});
