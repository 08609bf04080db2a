/**
 * Everything stored for one site, deleted: its uploaded content (docs/content.md), its hosted
 * deployments (docs/hosting.md), its screenshots, its analytics, its uptime history, its review rounds, the site itself and its
 * custom-domain claim. Used when a customer deletes a site and when a
 * cancelled subscription's grace period is over (docs/billing.md "When a subscription ends").
 *
 * In this order a failure part-way leaves the site in place, so the caller can run it again;
 * the claim released last is also recognised as stale should that step be the one that failed.
 * The visitor marks of analytics need nothing: they expire the next day (analytics/visitor-mark.ts).
 */
import * as Blobs from "../adapters/blobs";
import { eraseSiteFiles } from "../content/files";
import { db, isConditionFailure, type SiteItem } from "../db/service";
import { NotFoundError } from "../errors";
import { eraseSiteHosting } from "../hosting/erase";
import * as Domains from "./domains";
import { sitePrefix } from "./screenshots";

export async function eraseSite(site: SiteItem): Promise<void> {
  const { userId, siteId } = site;
  await eraseSiteFiles(userId, siteId);
  await Blobs.deletePrefix(sitePrefix(userId, siteId));
  // Its hosts stop serving and its deployments' files go (by the Deployments worker).
  await eraseSiteHosting(site);

  const [{ data: days }, { data: uptimeDays }] = await Promise.all([
    db.entities.analyticsDay.query.byOwner({ userId, siteId }).go({ pages: "all" }),
    db.entities.uptimeDay.query.byOwner({ userId, siteId }).go({ pages: "all" }),
  ]);
  if (days.length > 0) {
    await db.entities.analyticsDay.delete(days.map(({ day }) => ({ userId, siteId, day }))).go();
  }
  if (uptimeDays.length > 0) {
    await db.entities.uptimeDay.delete(uptimeDays.map(({ day }) => ({ userId, siteId, day }))).go();
  }
  await db.entities.siteMonitor.delete({ userId, siteId }).go();
  // The page-view counters live under the site's own partition (docs/analytics.md).
  const { data: counts } = await db.entities.analyticsCount.query
    .bySite({ siteId })
    .go({ pages: "all", attributes: ["siteId", "day", "dimension", "key"] });
  if (counts.length > 0) await db.entities.analyticsCount.delete(counts).go();
  // The draft's review rounds (their screenshots went with the prefix above).
  const { data: rounds } = await db.entities.reviewRound.query
    .byOwner({ userId, siteId })
    .go({ pages: "all" });
  if (rounds.length > 0) {
    await db.entities.reviewRound
      .delete(rounds.map(({ round }) => ({ userId, siteId, round })))
      .go();
  }

  try {
    await db.entities.site
      .delete({ userId, siteId })
      .where((a, op) => op.exists(a.siteId))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("Site not found");
    throw error;
  }
  if (site.customDomain) await Domains.release(site.customDomain, userId, siteId);
}
