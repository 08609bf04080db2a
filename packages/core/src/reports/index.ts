/**
 * The monthly care report as the customer and the staff see it (docs/reports.md): the months a
 * site has, one month's report cut to what the plan gets, the PDF's request, and the staff's
 * personal note. The PDF's presigned download is pdf-download.ts: only its route carries the
 * bucket's client.
 */
import { planById, plansWithReport } from "../contracts/plans";
import type {
  MonthlyReport,
  ReportHeadline,
  ReportLevel,
  ReportMonths,
  ReportView,
} from "../contracts/reports";
import { db, isId, type MonthlyReportItem, type SiteItem, type UserItem } from "../db/service";
import { EntitlementRequiredError, NotFoundError, ValidationError } from "../errors";
import { sitePrefix } from "../sites/screenshots";
import { actionItem, type StaffActor } from "../staff/audit-log";
import { buildMonthlyReport } from "./build";
import { addMonths, monthBounds, monthOf, monthsBetween, parseMonth } from "./month";

/** How many months back the list offers (older months keep their frozen report if sent). */
export const LISTED_MONTHS = 12;

/** What the caller's plan gets of the report; a customer without a known plan gets headlines. */
export function reportLevelOf(user: Pick<UserItem, "subscriptionPlan"> | undefined): ReportLevel {
  return planById(user?.subscriptionPlan)?.report ?? "headline";
}

/** The figures every plan gets: in the mail and at the top of the page. */
export function headlineOf(report: MonthlyReport): ReportHeadline {
  return {
    uptimePercent: report.uptime.percent,
    incidents: report.uptime.incidents.length,
    visitors: report.traffic.visitors,
    visitorsChange: report.traffic.visitorsChange,
    pageViews: report.traffic.pageViews,
    performance: report.lighthouse.latest?.performance ?? null,
    seoScore: report.seo?.score ?? null,
    ticketsResolved: report.work.ticketsResolved.length,
    recommendation: report.recommendation,
  };
}

/** Where a site's PDF of a month is kept: under the site's prefix, so erasing the site erases it. */
export function pdfKeyOf(userId: string, siteId: string, month: string): string {
  return `${sitePrefix(userId, siteId)}reports/${month}.pdf`;
}

/** The caller of a customer route: the handler wrapper's actor, with the stored user if it read it. */
export interface ReportViewer {
  userId: string;
  user?: Pick<UserItem, "subscriptionPlan">;
}

async function levelFor(viewer: ReportViewer): Promise<ReportLevel> {
  if (viewer.user) return reportLevelOf(viewer.user);
  const { data } = await db.entities.user.get({ userId: viewer.userId }).go();
  return reportLevelOf(data ?? undefined);
}

/** One of the caller's sites; NotFoundError for garbage ids and others' sites. */
export async function ownedSite(userId: string, siteId: string): Promise<SiteItem> {
  if (!isId(siteId)) throw new NotFoundError("Site not found");
  const { data: site } = await db.entities.site.get({ userId, siteId }).go();
  if (!site) throw new NotFoundError("Site not found");
  return site;
}

/** A month the report can be asked for: not in the future. */
export function reportableMonth(value: string, now: Date): string {
  const month = parseMonth(value);
  if (month > monthOf(now)) throw new ValidationError(`${month} has not begun yet`);
  return month;
}

/**
 * The report of a month: the one the job froze when the month closed, else built now from
 * what is stored (the month in progress, or one the job has not reached).
 */
export async function reportOf(
  site: SiteItem,
  month: string,
  stored: MonthlyReportItem | null | undefined,
  now: Date,
): Promise<MonthlyReport> {
  if (stored?.report) return stored.report as MonthlyReport;
  return buildMonthlyReport(site.userId, site.siteId, month, now);
}

export async function listMonths(
  user: ReportViewer,
  siteId: string,
  now = new Date(),
): Promise<ReportMonths> {
  const site = await ownedSite(user.userId, siteId);
  const current = monthOf(now);
  const first = monthOf(new Date(site.createdAt));
  const earliest = addMonths(current, -(LISTED_MONTHS - 1));
  const { data: stored } = await db.entities.monthlyReport.query
    .byOwner({ userId: user.userId, siteId })
    .go({ pages: "all" });
  const byMonth = new Map(stored.map((item) => [item.month, item]));
  const months = new Set([
    // Months compare as strings (YYYY-MM): the later of the site's first month and a year ago.
    ...monthsBetween([first, earliest].sort()[1] as string, current, LISTED_MONTHS),
    ...stored.map((item) => item.month),
  ]);
  return {
    siteId,
    level: await levelFor(user),
    months: [...months]
      .sort()
      .reverse()
      .map((month) => ({
        month,
        sentAt: byMonth.get(month)?.sentAt ?? null,
        note: !!byMonth.get(month)?.note,
      })),
  };
}

function viewOf(
  report: MonthlyReport,
  level: ReportLevel,
  stored: MonthlyReportItem | null | undefined,
): ReportView {
  return {
    siteId: report.siteId,
    siteName: report.siteName,
    month: report.month,
    level,
    headline: headlineOf(report),
    report: level === "full" ? report : null,
    note: stored?.note || null,
    sentAt: stored?.sentAt ?? null,
    pdfReady: level === "full" && !!stored?.pdfKey,
  };
}

export async function viewReport(
  user: ReportViewer,
  siteId: string,
  month: string,
  now = new Date(),
): Promise<ReportView> {
  const site = await ownedSite(user.userId, siteId);
  const wanted = reportableMonth(month, now);
  const { data: stored } = await db.entities.monthlyReport
    .get({ userId: user.userId, siteId, month: wanted })
    .go();
  return viewOf(await reportOf(site, wanted, stored, now), await levelFor(user), stored);
}

export async function requireFullReport(user: ReportViewer) {
  if ((await levelFor(user)) !== "full") {
    throw new EntitlementRequiredError(
      "plan_required",
      `The full report and its PDF come with the ${plansWithReport("full")} plan.`,
    );
  }
}

/** What the "report-pdf" job needs to know: the month checked, the caller's plan checked. */
export async function pdfRequest(
  user: ReportViewer,
  siteId: string,
  month: string,
  now = new Date(),
): Promise<{ userId: string; siteId: string; month: string }> {
  await requireFullReport(user);
  await ownedSite(user.userId, siteId);
  return { userId: user.userId, siteId, month: reportableMonth(month, now) };
}

// ---------------------------------------------------------------- staff

export interface StaffSiteReports {
  siteId: string;
  siteName: string;
  months: {
    month: string;
    note: string | null;
    sentAt: string | null;
    headline: ReportHeadline | null;
  }[];
}

/**
 * A customer's reports on the console: for each site, the month in progress (the one the next
 * run mails, which a note can still go with) and the stored months, newest first.
 */
export async function staffCustomerReports(
  userId: string,
  now = new Date(),
): Promise<StaffSiteReports[]> {
  const [{ data: sites }, { data: stored }] = await Promise.all([
    db.entities.site.query.byOwner({ userId }).go({ pages: "all" }),
    db.entities.monthlyReport.query.byOwner({ userId }).go({ pages: "all" }),
  ]);
  const current = monthOf(now);
  return sites.map((site) => {
    const ofSite = stored.filter((item) => item.siteId === site.siteId);
    const months = new Set([current, ...ofSite.map((item) => item.month)]);
    return {
      siteId: site.siteId,
      siteName: site.name,
      months: [...months]
        .sort()
        .reverse()
        .map((month) => {
          const item = ofSite.find((i) => i.month === month);
          return {
            month,
            note: item?.note || null,
            sentAt: item?.sentAt ?? null,
            headline: item?.report ? headlineOf(item.report as MonthlyReport) : null,
          };
        }),
    };
  });
}

/**
 * The staff's personal note on a month's report, until the month's mail went out (the mail
 * carries it; a later change would say something the customer was never sent). An empty note
 * removes it. Audited in the same transaction (docs/console.md).
 */
export async function setNote(
  actor: StaffActor,
  userId: string,
  siteId: string,
  month: string,
  note: string,
  now = new Date(),
): Promise<{ month: string; note: string | null }> {
  const site = await ownedSite(userId, siteId).catch(() => {
    throw new NotFoundError("Site not found");
  });
  const wanted = parseMonth(month);
  // The month must be one a report can still go out for: the current month or an earlier one.
  if (monthBounds(wanted).start > now) throw new ValidationError(`${wanted} has not begun yet`);
  const { data: stored } = await db.entities.monthlyReport
    .get({ userId, siteId, month: wanted })
    .go({ consistent: true });
  if (stored?.sentAt) {
    throw new ValidationError("This month's report has gone out: its note can no longer change");
  }
  const text = note.trim();
  const { canceled } = await db.transaction
    .write(({ monthlyReport, staffAction }) => [
      monthlyReport
        .upsert({
          userId,
          siteId: site.siteId,
          month: wanted,
          // An empty note is no note (views read `note || null`).
          note: text,
          noteBy: actor.email ?? actor.userId,
          noteAt: now.toISOString(),
        })
        .where(({ sentAt }, { notExists }) => notExists(sentAt))
        .commit(),
      staffAction
        .create(
          actionItem(actor, {
            action: "report.note",
            targetType: "site",
            targetId: siteId,
            customerId: userId,
            before: { month: wanted, note: stored?.note || null },
            after: { month: wanted, note: text || null },
          }),
        )
        .commit(),
    ])
    .go();
  if (canceled) {
    throw new ValidationError("This month's report has gone out: its note can no longer change");
  }
  return { month: wanted, note: text || null };
}
