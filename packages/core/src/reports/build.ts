/**
 * buildMonthlyReport: one site's care report for one calendar month, computed only from what
 * the portal stored (docs/reports.md, "Where each figure comes from"). Every read is a Get or
 * a Query on a key range of the owner's partition or the site's; nothing scans. The reads are
 * here, the arithmetic in assemble.ts.
 */
import { figuresBetween, top } from "../analytics/report";
import type { MonthlyReport } from "../contracts/reports";
import { db, idFloor, type SiteItem } from "../db/service";
import { NotFoundError } from "../errors";
import { assembleReport, type StoredMonth } from "./assemble";
import { addMonths, monthBounds } from "./month";

/** Top pages and referrers the report lists. */
export const REPORT_TOP = 5;
/** An incident that began this long before the month may still have been open in it. */
const INCIDENT_LOOKBACK_DAYS = 31;

/** The reads behind one report: Gets and key-range Queries only (docs/reports.md). */
export async function readMonth(site: SiteItem, month: string): Promise<StoredMonth> {
  const { userId, siteId } = site;
  const bounds = monthBounds(month);
  const previous = monthBounds(addMonths(month, -1));
  const ids = { from: { jobId: idFloor(bounds.start) }, to: { jobId: idFloor(bounds.end) } };
  const all = { pages: "all" } as const;
  const incidentFloor = new Date(bounds.start.getTime() - INCIDENT_LOOKBACK_DAYS * 86_400_000);
  const [
    { data: monitor },
    { data: uptimeDays },
    { data: incidents },
    current,
    before,
    { data: frozen },
    { data: lighthouse },
    { data: seo },
    { data: tickets },
    { data: upsells },
    { data: activities },
  ] = await Promise.all([
    db.entities.siteMonitor.get({ userId, siteId }).go(),
    db.entities.uptimeDay.query
      .byOwner({ userId, siteId })
      .between({ day: previous.firstDay }, { day: bounds.lastDay })
      .go(all),
    db.entities.uptimeIncident.query
      .byOwner({ userId, siteId })
      .between({ startedAt: incidentFloor.toISOString() }, { startedAt: bounds.end.toISOString() })
      .go(all),
    figuresBetween(userId, siteId, bounds.firstDay, bounds.lastDay),
    db.entities.analyticsDay.query
      .byOwner({ userId, siteId })
      .between({ day: previous.firstDay }, { day: previous.lastDay })
      .go(all),
    db.entities.monthlyReport.get({ userId, siteId, month: previous.month }).go(),
    db.entities.lighthouseResult.query.byOwner({ userId }).between(ids.from, ids.to).go(all),
    db.entities.seoResult.query.byOwner({ userId }).between(ids.from, ids.to).go(all),
    // A ticket resolved this month may have been opened long before: the owner's tickets, one
    // key range of their partition (a customer has tens, not thousands).
    db.entities.ticket.query.byOwner({ userId }).go(all),
    db.entities.upsell.query.byOwner({ userId }).go(all),
    db.entities.activity.query
      .byOwner({ userId })
      .between({ activityId: idFloor(bounds.start) }, { activityId: idFloor(bounds.end) })
      .go(all),
  ]);
  const previousReport = frozen?.report as StoredMonth["previousReport"] | undefined;
  return {
    site: { siteId, name: site.name },
    month,
    uptimeDays,
    incidents,
    certExpiresAt: monitor?.certExpiresAt,
    analytics: {
      days: current.items.length,
      visitors: current.totals.visitors,
      pageViews: current.totals.pageViews,
      topPages: top(current.pages, REPORT_TOP),
      topReferrers: top(current.referrers, REPORT_TOP),
    },
    previousAnalytics: {
      days: before.data.length,
      visitors: before.data.reduce((n, d) => n + (d.visitors ?? 0), 0),
      pageViews: before.data.reduce((n, d) => n + (d.pageViews ?? 0), 0),
    },
    previousReport: previousReport ?? null,
    lighthouse,
    seo,
    tickets,
    upsells,
    activities,
  };
}

/** The report of one of the owner's sites for one month (404 for a site they do not own). */
export async function buildMonthlyReport(
  userId: string,
  siteId: string,
  month: string,
  now = new Date(),
): Promise<MonthlyReport> {
  const { data: site } = await db.entities.site.get({ userId, siteId }).go();
  if (!site) throw new NotFoundError("Site not found");
  return assembleReport(await readMonth(site, month), now);
}
