/**
 * The arithmetic of the monthly report, pure: from what one month of one site has stored
 * (read by build.ts) to the report (docs/reports.md, "Where each figure comes from"). The unit
 * tests feed it built data.
 */
import type { CountedKey } from "../contracts/analytics";
import { lighthouseScoresSchema, seoResultSchema } from "../contracts/audits";
import type { MonthlyReport } from "../contracts/reports";
import { daysUntil, uptimePercent } from "../monitoring/rules";
import { addMonths, monthBounds } from "./month";
import { recommend } from "./recommend";
import { percentChange } from "./words";

const MINUTE_MS = 60_000;
/** The activity types that are the team's changes to a site. */
export const SITE_CHANGE_TYPES: ReadonlySet<string> = new Set([
  "site_deployed",
  "site_updated",
  "domain_added",
  "domain_verified",
  "domain_released",
]);
const DONE_TICKET_STATUSES: ReadonlySet<string> = new Set(["resolved", "closed"]);

/** What one month of one site has stored: the items as read, in the shapes assembleReport uses. */
export interface StoredMonth {
  site: { siteId: string; name: string };
  month: string;
  uptimeDays: { day: string; checks: number; failures: number; responseMsTotal: number }[];
  incidents: { startedAt: string; endedAt?: string; reason: string }[];
  certExpiresAt?: string;
  /** Day totals and counts of the month; `days` = how many day items exist. */
  analytics: {
    days: number;
    visitors: number;
    pageViews: number;
    /** The most viewed pages and referring hosts (analytics/report.ts `top`). */
    topPages: CountedKey[];
    topReferrers: CountedKey[];
  };
  previousAnalytics: { days: number; visitors: number; pageViews: number };
  /** The previous month's report as frozen by the job, if there is one. */
  previousReport?: Pick<MonthlyReport, "uptime" | "traffic"> | null;
  lighthouse: {
    siteId?: string;
    status: string;
    strategy: string;
    createdAt: string;
    finishedAt?: string;
    result?: unknown;
  }[];
  seo: {
    siteId?: string;
    status: string;
    createdAt: string;
    finishedAt?: string;
    result?: unknown;
  }[];
  tickets: {
    ticketId: string;
    siteId?: string;
    title: string;
    status: string;
    createdAt: string;
    updatedAt: string;
    resolutionTime?: number;
  }[];
  upsells: {
    siteId?: string;
    title: string;
    isPurchased: boolean;
    purchasedAt?: string;
    workStatus: string;
  }[];
  activities: { siteId?: string; type: string; description: string; createdAt: string }[];
}

function inMonth(iso: string | undefined, start: Date, end: Date): iso is string {
  if (!iso) return false;
  const t = Date.parse(iso);
  return t >= start.getTime() && t < end.getTime();
}

const finishedAt = (run: { finishedAt?: string; createdAt: string }) =>
  run.finishedAt ?? run.createdAt;

export function assembleReport(stored: StoredMonth, now: Date): MonthlyReport {
  const { start, end } = monthBounds(stored.month);
  const previousMonth = addMonths(stored.month, -1);
  const previousBounds = monthBounds(previousMonth);
  const ofMonth = stored.uptimeDays.filter((d) => d.day >= monthBounds(stored.month).firstDay);
  const ofPrevious = stored.uptimeDays.filter(
    (d) => d.day >= previousBounds.firstDay && d.day <= previousBounds.lastDay,
  );
  const checks = ofMonth.reduce((n, d) => n + d.checks, 0);
  const failures = ofMonth.reduce((n, d) => n + d.failures, 0);
  const responseTotal = ofMonth.reduce((n, d) => n + d.responseMsTotal, 0);
  const until = Math.min(end.getTime(), now.getTime());
  const incidents = stored.incidents
    .filter((i) => Date.parse(i.startedAt) < end.getTime())
    .filter((i) => !i.endedAt || Date.parse(i.endedAt) >= start.getTime())
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    .map((i) => {
      const from = Math.max(Date.parse(i.startedAt), start.getTime());
      const to = i.endedAt ? Math.min(Date.parse(i.endedAt), end.getTime()) : until;
      return {
        startedAt: i.startedAt,
        endedAt: i.endedAt ?? null,
        reason: i.reason,
        minutes: Math.max(0, Math.round((to - from) / MINUTE_MS)),
      };
    });

  const { analytics, previousAnalytics } = stored;
  const visitors = analytics.days > 0 ? analytics.visitors : null;
  const pageViews = analytics.days > 0 ? analytics.pageViews : null;
  const frozen = stored.previousReport;
  const previousVisitors =
    frozen?.traffic.visitors ?? (previousAnalytics.days > 0 ? previousAnalytics.visitors : null);
  const previousPageViews =
    frozen?.traffic.pageViews ?? (previousAnalytics.days > 0 ? previousAnalytics.pageViews : null);
  const previousPercent = frozen?.uptime.percent ?? uptimePercent(ofPrevious);

  const trend = stored.lighthouse
    .filter((run) => run.siteId === stored.site.siteId && run.status === "done")
    .filter((run) => inMonth(finishedAt(run), start, end))
    .flatMap((run) => {
      const scores = lighthouseScoresSchema.safeParse(
        (run.result as { scores?: unknown } | undefined)?.scores,
      );
      if (!scores.success) return [];
      const { performance, accessibility, bestPractices, seo } = scores.data;
      return [
        {
          at: finishedAt(run),
          strategy: run.strategy,
          performance,
          accessibility,
          bestPractices,
          seo,
        },
      ];
    })
    .sort((a, b) => a.at.localeCompare(b.at));
  const latest = trend[trend.length - 1] ?? null;
  const sameStrategy = latest ? trend.filter((p) => p.strategy === latest.strategy) : [];
  const first = sameStrategy[0];
  const performanceChange =
    latest && first && sameStrategy.length > 1 ? latest.performance - first.performance : null;

  const seoRuns = stored.seo
    .filter((run) => run.siteId === stored.site.siteId && run.status === "done")
    .filter((run) => inMonth(finishedAt(run), start, end))
    .flatMap((run) => {
      const result = seoResultSchema.safeParse(run.result);
      return result.success ? [{ at: finishedAt(run), result: result.data }] : [];
    })
    .sort((a, b) => a.at.localeCompare(b.at));
  const lastSeo = seoRuns[seoRuns.length - 1];
  const seo = lastSeo
    ? {
        at: lastSeo.at,
        url: lastSeo.result.url,
        score: lastSeo.result.score,
        openIssues: lastSeo.result.issues.flatMap((issue) =>
          issue.type === "success"
            ? []
            : [{ title: issue.title, type: issue.type, impact: issue.impact }],
        ),
      }
    : null;

  const ofSite = (item: { siteId?: string }) =>
    item.siteId === undefined || item.siteId === stored.site.siteId;
  const ticketsResolved = stored.tickets
    .filter((t) => ofSite(t) && DONE_TICKET_STATUSES.has(t.status))
    .map((t) => ({
      id: t.ticketId,
      title: t.title,
      resolvedAt:
        t.resolutionTime === undefined
          ? t.updatedAt
          : new Date(Date.parse(t.createdAt) + t.resolutionTime * MINUTE_MS).toISOString(),
    }))
    .filter((t) => inMonth(t.resolvedAt, start, end))
    .sort((a, b) => a.resolvedAt.localeCompare(b.resolvedAt));
  const upgrades = stored.upsells
    .filter(
      (u) => u.siteId === stored.site.siteId && u.isPurchased && inMonth(u.purchasedAt, start, end),
    )
    .map((u) => ({ title: u.title, at: u.purchasedAt as string, status: u.workStatus }))
    .sort((a, b) => a.at.localeCompare(b.at));
  const siteChanges = stored.activities
    .filter(
      (a) =>
        a.siteId === stored.site.siteId &&
        SITE_CHANGE_TYPES.has(a.type) &&
        inMonth(a.createdAt, start, end),
    )
    .map((a) => ({ description: a.description, at: a.createdAt }))
    .sort((a, b) => a.at.localeCompare(b.at));

  const certificate = stored.certExpiresAt
    ? {
        expiresAt: stored.certExpiresAt,
        daysLeft: daysUntil(stored.certExpiresAt, new Date(until)),
      }
    : null;
  const hasData =
    checks > 0 ||
    analytics.days > 0 ||
    trend.length > 0 ||
    seo !== null ||
    ticketsResolved.length + upgrades.length + siteChanges.length > 0;

  const report: Omit<MonthlyReport, "recommendation"> = {
    siteId: stored.site.siteId,
    siteName: stored.site.name,
    month: stored.month,
    previousMonth,
    hasData,
    uptime: {
      percent: uptimePercent(ofMonth),
      previousPercent,
      checks,
      failures,
      avgResponseMs: checks - failures > 0 ? Math.round(responseTotal / (checks - failures)) : null,
      incidents,
    },
    certificate,
    traffic: {
      visitors,
      pageViews,
      previousVisitors,
      previousPageViews,
      visitorsChange: percentChange(visitors, previousVisitors),
      pageViewsChange: percentChange(pageViews, previousPageViews),
      topPages: analytics.topPages,
      topReferrers: analytics.topReferrers,
    },
    lighthouse: { latest, trend, performanceChange },
    seo,
    work: { ticketsResolved, upgrades, siteChanges },
  };
  return { ...report, recommendation: recommend(report) };
}
