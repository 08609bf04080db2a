/**
 * The analytics page's figures for one of the caller's sites over the last 7, 30 or 90 days:
 * two Queries (paged), the day totals of the range and the site's counters of the range
 * (aggregate.ts), added up into the per-day series and the top lists. Day items written before
 * the counters existed carry their own maps of counts, which add in the same way.
 */
import {
  type AnalyticsData,
  type AnalyticsRange,
  type CountedKey,
  OTHER_KEY,
  RANGE_DAYS,
} from "../contracts/analytics";
import { type AnalyticsDayItem, db, decodeAnalyticsKey, isId } from "../db/service";
import { NotFoundError } from "../errors";
import { utcDay } from "./visitor-hash";

const TOP = 10;
const DAY_MS = 86_400_000;

/** The UTC days of the range ending today, oldest first. */
export function rangeDays(range: AnalyticsRange, now: Date): string[] {
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const n = RANGE_DAYS[range];
  return Array.from({ length: n }, (_, i) => utcDay(new Date(today - (n - 1 - i) * DAY_MS)));
}

type Counts = Record<string, number>;

function addInto(target: Map<string, number>, counts: unknown, decode: boolean) {
  if (!counts || typeof counts !== "object") return;
  for (const [raw, value] of Object.entries(counts as Counts)) {
    if (typeof value !== "number" || value <= 0) continue;
    const key = decode ? decodeAnalyticsKey(raw) : raw;
    target.set(key, (target.get(key) ?? 0) + value);
  }
}

/**
 * The `limit` keys with most views, then "(other)" when the range has any: it stands for many
 * paths or hosts a day had no room for (aggregate.ts), so it is not ranked
 * among them.
 */
export function top(counts: Map<string, number>, limit = TOP): CountedKey[] {
  const named = [...counts]
    .filter(([key]) => key !== OTHER_KEY)
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, limit);
  const other = counts.get(OTHER_KEY) ?? 0;
  return other > 0 ? [...named, { key: OTHER_KEY, count: other }] : named;
}

function dayAfter(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
}

/**
 * One site's stored figures for the UTC days from..to (inclusive): the day items, their totals
 * and the per-dimension counts. Two Queries, paged; the monthly report reads it too.
 */
export async function figuresBetween(userId: string, siteId: string, from: string, to: string) {
  const [{ data: items }, { data: counts }] = await Promise.all([
    db.entities.analyticsDay.query
      .byOwner({ userId, siteId })
      .between({ day: from }, { day: to })
      .go({ pages: "all" }),
    // A counter's sort key goes on past its day (…#day_<d>#dimension_…): the upper bound is the
    // bare key of the day after `to`, which every counter of `to` sorts below.
    db.entities.analyticsCount.query
      .bySite({ siteId })
      .between({ day: from }, { day: dayAfter(to) })
      .go({ pages: "all" }),
  ]);
  const pages = new Map<string, number>();
  const referrers = new Map<string, number>();
  const countries = new Map<string, number>();
  const devices = new Map<string, number>();
  const totals = { visitors: 0, pageViews: 0, singlePageVisitors: 0 };
  for (const item of items) {
    totals.visitors += item.visitors ?? 0;
    totals.pageViews += item.pageViews ?? 0;
    totals.singlePageVisitors += item.singlePageVisitors ?? 0;
    addInto(pages, item.pages, true);
    addInto(referrers, item.referrers, true);
    addInto(countries, item.countries, false);
    addInto(devices, item.devices, false);
  }
  const byDimension = { page: pages, referrer: referrers, country: countries, device: devices };
  for (const count of counts) {
    if (count.day < from || count.day > to || count.views <= 0) continue;
    const target = byDimension[count.dimension];
    target.set(count.key, (target.get(count.key) ?? 0) + count.views);
  }
  return { items, totals, pages, referrers, countries, devices };
}

/** Another customer's site, or none: 404 either way (the site is looked up under the caller). */
export async function report(
  userId: string,
  siteId: string,
  range: AnalyticsRange,
  now: Date = new Date(),
): Promise<AnalyticsData> {
  if (!isId(siteId)) throw new NotFoundError("Site not found");
  const { data: site } = await db.entities.site.get({ userId, siteId }).go();
  if (!site) throw new NotFoundError("Site not found");

  const days = rangeDays(range, now);
  const from = days[0] ?? utcDay(now);
  const to = days[days.length - 1] ?? utcDay(now);
  const { items, totals, pages, referrers, countries, devices } = await figuresBetween(
    userId,
    siteId,
    from,
    to,
  );
  const byDay = new Map<string, AnalyticsDayItem>(items.map((item) => [item.day, item]));

  return {
    siteId,
    range,
    from,
    to,
    totals,
    daily: days.map((day) => ({
      day,
      visitors: byDay.get(day)?.visitors ?? 0,
      pageViews: byDay.get(day)?.pageViews ?? 0,
    })),
    pages: top(pages),
    referrers: top(referrers),
    countries: top(countries),
    devices: top(devices),
  };
}
