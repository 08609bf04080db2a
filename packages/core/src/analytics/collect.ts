/**
 * Counting one page view from the public collection endpoint (issue 9): check the site, skip
 * bots, rate-limit per visitor, then add to the site's aggregate for the day. Refused page views
 * store nothing; bots are answered but not counted.
 */
import { Config } from "sst/node/config";
import {
  type DeviceType,
  OTHER_KEY,
  type PageView,
  type PageViewResult,
} from "../contracts/analytics";
import { db, encodeAnalyticsKey, isConditionFailure, isId } from "../db/service";
import { ForbiddenError, NotFoundError } from "../errors";
import { classifyDevice } from "./device";
import { countryFrom, normalizePath, referrerHost } from "./page-view";
import { utcDay, visitorHash } from "./visitor-hash";
import { markView } from "./visitor-mark";

declare module "sst/node/config" {
  export interface SecretResources {
    /** Keys the daily visitor salt (stacks/Config.ts); bound to the collection route only. */
    ANALYTICS_SALT_KEY: { value: string };
  }
}

/** What the endpoint knows about the request, besides the body. Passes through memory only. */
export interface Requester {
  ip: string;
  userAgent: string | undefined;
  /** CloudFront-Viewer-Country or CF-IPCountry, when the request came through either. */
  countryHeader: string | undefined;
}

interface SiteRef {
  userId: string;
  analyticsEnabled: boolean;
  /** The site's own hosts: a referrer among them is internal navigation. */
  hosts: string[];
  loadedAt: number;
}

// Per-container caches. A page view names only a site id, and the id → owner lookup is a GSI
// query: a warm container answers repeat views of a site from memory. A minute is short enough
// that a deleted site or a switched-off analytics flag soon takes effect.
const SITE_TTL_MS = 60_000;
const CACHE_LIMIT = 10_000;
const sites = new Map<string, SiteRef>();
/** Day items known to exist ("siteId#day"), so the common case is one write, not two. */
const knownDays = new Set<string>();

function hostOf(value: string | undefined): string[] {
  if (!value) return [];
  try {
    return [new URL(value.includes("://") ? value : `https://${value}`).hostname];
  } catch {
    return [];
  }
}

async function findSite(siteId: string, now: number): Promise<SiteRef> {
  const cached = sites.get(siteId);
  if (cached && now - cached.loadedAt < SITE_TTL_MS) return cached;
  if (!isId(siteId)) throw new NotFoundError("Site not found");
  const { data } = await db.entities.site.query.byId({ siteId }).go({ limit: 1 });
  const site = data[0];
  if (!site) {
    sites.delete(siteId);
    throw new NotFoundError("Site not found");
  }
  const ref: SiteRef = {
    userId: site.userId,
    analyticsEnabled: site.analyticsEnabled !== false,
    hosts: [...hostOf(site.customDomain), ...hostOf(site.liveUrl), ...hostOf(site.url)],
    loadedAt: now,
  };
  if (sites.size >= CACHE_LIMIT) sites.clear();
  sites.set(siteId, ref);
  return ref;
}

export async function recordPageView(
  view: PageView,
  requester: Requester,
  now: Date = new Date(),
): Promise<PageViewResult> {
  const site = await findSite(view.site, now.getTime());
  if (!site.analyticsEnabled) throw new ForbiddenError("Analytics is turned off for this site");

  const device = classifyDevice(requester.userAgent, view.screen);
  if (device === "bot") return { counted: false, reason: "bot" };

  const day = utcDay(now);
  const hash = visitorHash({
    secret: Config.ANALYTICS_SALT_KEY,
    day,
    ip: requester.ip,
    userAgent: requester.userAgent ?? "",
    siteId: view.site,
  });
  // Rate limit and "which view of today is this" in one conditional write.
  const viewsToday = await markView({
    siteId: view.site,
    day,
    hash,
    minute: now.toISOString().slice(11, 16),
  });

  await addToDay(site.userId, view.site, day, {
    path: normalizePath(view.path),
    referrer: referrerHost(view.referrer, site.hosts),
    country: countryFrom(requester.countryHeader),
    device,
    // A visitor counts once per day; they stop being a single-page visitor at their second view.
    newVisitor: viewsToday === 1,
    singlePageChange: viewsToday === 1 ? 1 : viewsToday === 2 ? -1 : 0,
  });
  return { counted: true };
}

interface DayIncrement {
  path: string;
  referrer: string | undefined;
  country: string;
  device: DeviceType;
  newVisitor: boolean;
  singlePageChange: number;
}

/**
 * One atomic update of the day's item: ADD to the counters and to the map keys. DynamoDB cannot
 * ADD into a map that does not exist yet, so a missing day is created first (a conflict means
 * another request just did), then the update is tried again.
 */
async function addToDay(userId: string, siteId: string, day: string, inc: DayIncrement) {
  const key = { userId, siteId, day };
  const dayKey = `${siteId}#${day}`;
  const update = (pathKey: string, referrerKey: string | undefined) =>
    db.entities.analyticsDay
      .update(key)
      .data(
        (
          { pageViews, visitors, singlePageVisitors, pages, countries, devices, referrers },
          { add },
        ) => {
          add(pageViews, 1);
          if (inc.newVisitor) add(visitors, 1);
          if (inc.singlePageChange !== 0) add(singlePageVisitors, inc.singlePageChange);
          add(pages[pathKey], 1);
          // Country codes, "unknown" and device names are letters only: safe as they are.
          add(countries[inc.country], 1);
          add(devices[inc.device], 1);
          if (referrerKey) add(referrers[referrerKey], 1);
        },
      )
      .go({ response: "none" });

  const pathKey = encodeAnalyticsKey(inc.path);
  const referrerKey = inc.referrer ? encodeAnalyticsKey(inc.referrer) : undefined;
  if (!knownDays.has(dayKey)) await createDay(key);
  try {
    await update(pathKey, referrerKey);
  } catch (error) {
    if (isMissingMap(error)) {
      // Our memory said the day existed, but it was deleted (the site's analytics with it).
      await createDay(key);
      await update(pathKey, referrerKey);
    } else if (isItemTooLarge(error)) {
      // A day with thousands of distinct paths or referrers has filled its 400 KB item: the
      // view still counts, its path and referrer under "(other)".
      const other = encodeAnalyticsKey(OTHER_KEY);
      await update(other, referrerKey ? other : undefined);
    } else {
      throw error;
    }
  }
  if (knownDays.size >= CACHE_LIMIT) knownDays.clear();
  knownDays.add(dayKey);
}

async function createDay(key: { userId: string; siteId: string; day: string }) {
  try {
    await db.entities.analyticsDay.create(key).go({ response: "none" });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

function errorText(error: unknown): string {
  let text = "";
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth++) {
    text += ` ${current.message}`;
    current = current.cause;
  }
  return text;
}

/** DynamoDB's answer to ADD into a map the item does not have (the item is missing). */
function isMissingMap(error: unknown): boolean {
  return /document path provided in the update expression is invalid/i.test(errorText(error));
}

function isItemTooLarge(error: unknown): boolean {
  return /item size (to update )?has exceeded the maximum allowed size/i.test(errorText(error));
}
