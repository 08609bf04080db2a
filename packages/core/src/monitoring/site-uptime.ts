/**
 * GET /api/sites/{id}/uptime: one of the caller's sites, its monitor summary and 30 days of
 * history (docs/monitoring.md). Apart from the scheduled checks (index.ts), so the route does not
 * carry the checker, the outbound guard or the events it raises.
 */
import type { SiteUptime } from "../contracts/monitoring";
import { db } from "../db/service";
import { getItem } from "../sites/item";
import { HISTORY_DAYS, historyDays, monitoredUrl, uptimePercent } from "./rules";
import { summaryOf } from "./summary";

/** One of the caller's sites: summary and 30 days of history (a Get and one Query). */
export async function siteUptime(
  userId: string,
  siteId: string,
  now = new Date(),
): Promise<SiteUptime> {
  const site = await getItem(userId, siteId);
  const window = historyDays(now, HISTORY_DAYS);
  const [{ data: monitor }, { data: stored }] = await Promise.all([
    db.entities.siteMonitor.get({ userId, siteId }).go(),
    db.entities.uptimeDay.query
      .byOwner({ userId, siteId })
      .between({ day: window[0] as string }, { day: window[window.length - 1] as string })
      .go({ pages: "all" }),
  ]);
  const byDay = new Map(stored.map((d) => [d.day, d]));
  const days = window.map((day) => {
    const d = byDay.get(day);
    const checks = d?.checks ?? 0;
    const failures = d?.failures ?? 0;
    const good = checks - failures;
    return {
      day,
      checks,
      failures,
      uptime: uptimePercent([{ day, checks, failures }]),
      avgResponseMs: d && good > 0 ? Math.round(d.responseMsTotal / good) : null,
    };
  });
  return {
    siteId,
    monitored: site.status === "live" && monitoredUrl(site) !== null,
    uptime30d: uptimePercent(days),
    ...summaryOf(monitor, now),
    days,
  };
}
