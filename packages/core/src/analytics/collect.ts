/**
 * Accepting one page view at the public collection endpoint (docs/analytics.md):
 * check the site and the page's origin, skip bots, then put the view, reduced to what the
 * counters need, on the page-views queue, which is the request's one call to AWS (the site
 * lookup is cached). The consumer applies the per-address rate limit and adds views up in
 * batches (aggregate.ts). Refused page views store nothing; bots are answered but not counted.
 */
import { Config } from "sst/node/config";
import { readBinding } from "../adapters/bindings";
import { enqueueView } from "../adapters/page-views";
import type { PageView, PageViewResult } from "../contracts/analytics";
import { db, isId } from "../db/service";
import { DomainError, ForbiddenError, NotFoundError } from "../errors";
import { classifyDevice } from "./device";
import {
  clientAddressKey,
  countryFrom,
  normalizePath,
  originAllowed,
  referrerHost,
  siteHosts,
} from "./page-view";
import { addressHash, utcDay, visitorHash } from "./visitor-hash";

declare module "sst/node/config" {
  export interface SecretResources {
    /** Keys the daily visitor salt (stacks/Config.ts); bound to the collection route only. */
    ANALYTICS_SALT_KEY: { value: string };
  }
}

/** What the endpoint knows about the request, besides the body. Passes through memory only. */
export interface Requester {
  /** The client's address as CloudFront saw it (never a header the client chose). */
  ip: string;
  userAgent: string | undefined;
  /** CloudFront's viewer country, set by CloudFront itself; undefined when it could not tell. */
  country: string | undefined;
  /** The request's Origin header: the page that sent the view. */
  origin: string | undefined;
}

/** A page view from a page that is not on one of the site's hosts (docs/analytics.md). */
export class ForeignOriginError extends DomainError {
  readonly status = 403;
  readonly code = "origin_not_allowed";
}

interface SiteRef {
  userId: string;
  analyticsEnabled: boolean;
  /** Offline since its owner's subscription ended (docs/billing.md): no views are counted. */
  suspended: boolean;
  /**
   * The site's own hosts: only pages there may send its views, and a referrer among them is
   * internal navigation.
   */
  hosts: string[];
  loadedAt: number;
}

// Per-container caches. A page view names only a site id, and the id → owner lookup is a GSI
// query: a warm container answers repeat views of a site from memory. A minute is short enough
// that a deleted site or a switched-off analytics flag soon takes effect.
const SITE_TTL_MS = 60_000;
const CACHE_LIMIT = 10_000;
const sites = new Map<string, SiteRef>();

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
    suspended: Boolean(site.suspendedAt),
    hosts: siteHosts(site),
    loadedAt: now,
  };
  if (sites.size >= CACHE_LIMIT) sites.clear();
  sites.set(siteId, ref);
  return ref;
}

/**
 * The secret that keys the daily visitor hash, read now: a function without it (no
 * analytics:salt grant) or a stage where it is empty fails loudly (MissingBindingError), rather
 * than hashing every visitor with an empty key (adapters/bindings.ts).
 */
export function analyticsSalt(): string {
  return readBinding("analyticsSalt", () => Config.ANALYTICS_SALT_KEY);
}

export async function recordPageView(
  view: PageView,
  requester: Requester,
  now: Date = new Date(),
): Promise<PageViewResult> {
  // Read first: a function without the salt must fail loudly, not hash visitors with nothing.
  const salt = analyticsSalt();
  const site = await findSite(view.site, now.getTime());
  if (!site.analyticsEnabled) throw new ForbiddenError("Analytics is turned off for this site");
  if (site.suspended) throw new ForbiddenError("This site is suspended");
  if (!originAllowed(requester.origin, site.hosts)) {
    throw new ForeignOriginError("Page views are accepted only from the site's own pages");
  }

  const device = classifyDevice(requester.userAgent, view.screen);
  if (device === "bot") return { counted: false, reason: "bot" };

  const day = utcDay(now);
  await enqueueView({
    userId: site.userId,
    siteId: view.site,
    day,
    visitor: visitorHash({
      secret: salt,
      day,
      ip: requester.ip,
      userAgent: requester.userAgent ?? "",
      siteId: view.site,
    }),
    path: normalizePath(view.path),
    referrer: referrerHost(view.referrer, site.hosts),
    country: countryFrom(requester.country),
    device,
    minute: now.toISOString().slice(11, 16),
    // The limit counts by address alone: the user agent is the sender's to choose.
    address: addressHash({
      secret: salt,
      day,
      address: clientAddressKey(requester.ip),
      siteId: view.site,
    }),
  });
  return { counted: true };
}
