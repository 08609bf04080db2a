/** A stored site → the Site the API answers (presigned screenshot URL, defaults, category). */
import { presignedGetUrl } from "../adapters/blobs";
import type { UpsellWorkStatus } from "../billing/enums";
import { SEO_UPSELL_PREFIX } from "../contracts/billing";
import {
  SITE_CATEGORIES,
  SITE_DEFAULT_COLORS,
  type Site,
  type SiteCategory,
} from "../contracts/sites";
import { db, type SiteItem, type UpsellItem } from "../db/service";
import { certificateView } from "./certificate-state";
import { dnsRecordsFor } from "./domain-rules";
import { domainSettingsFromConfig } from "./domain-settings";

const CATEGORY_SET: ReadonlySet<string> = new Set(SITE_CATEGORIES);

/**
 * The settings page's category for a site that has none stored yet. Sites are created from
 * the questionnaire, which records `industry` (restaurant, retail, healthcare, …) and
 * `websiteType` (business, ecommerce, portfolio, blog). The category list mixes both kinds:
 * an industry that is itself a category (restaurant, nonprofit, healthcare, education) is the
 * more specific answer and wins; otherwise the website type, which always is a category;
 * otherwise null (the form asks). Once the customer saves, the stored category is used.
 */
export function deriveCategory(
  site: Pick<SiteItem, "category" | "industry" | "websiteType">,
): SiteCategory | null {
  if (site.category) return site.category;
  const industry = site.industry?.toLowerCase();
  if (industry && industry !== "other" && CATEGORY_SET.has(industry)) {
    return industry as SiteCategory;
  }
  const type = site.websiteType?.toLowerCase();
  if (type && CATEGORY_SET.has(type)) return type as SiteCategory;
  return null;
}

/** Host of a URL, or null when it is missing or not a URL. */
function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** The records a held domain needs; none when the targets are not configured (list still works). */
function recordsFor(domain: string, token: string | undefined) {
  try {
    return dnsRecordsFor(domain, domainSettingsFromConfig(), token);
  } catch {
    return [];
  }
}

/** The verified domain's certificate in words; null before the domain is attached. */
function certificateOf(item: SiteItem) {
  if (!item.customDomain || item.domainStatus !== "active" || !item.certificateState) return null;
  let target = "our hosting";
  try {
    target = domainSettingsFromConfig().cnameTarget;
  } catch {
    // Targets not configured: the words still say what to do.
  }
  return certificateView(item.customDomain, item.certificateState, item.certificateDetail, target);
}

/** The bought SEO packages among a customer's upsells: site id → the team's progress. */
export function seoPackagesFrom(upsells: readonly UpsellItem[]): Map<string, UpsellWorkStatus> {
  return new Map(
    upsells
      .filter((u) => u.isPurchased && u.siteId && u.upsellId.startsWith(SEO_UPSELL_PREFIX))
      .map((u) => [u.siteId as string, u.workStatus]),
  );
}

/** One Query of the customer's SEO upsells (a few items at most). */
export async function seoPackagesOf(userId: string): Promise<Map<string, UpsellWorkStatus>> {
  const { data } = await db.entities.upsell.query
    .byOwner({ userId })
    .begins({ upsellId: SEO_UPSELL_PREFIX })
    .go({ pages: "all" });
  return seoPackagesFrom(data);
}

/** One site's view, its SEO package read with it. */
export async function siteView(item: SiteItem): Promise<Site> {
  const { data } = await db.entities.upsell
    .get({ userId: item.userId, upsellId: `${SEO_UPSELL_PREFIX}${item.siteId}` })
    .go();
  return toSiteView(item, data?.isPurchased ? data.workStatus : null);
}

/** `seoPackage`: the bought SEO package's progress (seoPackagesOf), null when not bought. */
export async function toSiteView(
  item: SiteItem,
  seoPackage: UpsellWorkStatus | null,
): Promise<Site> {
  return {
    id: item.siteId,
    name: item.name,
    description: item.description ?? null,
    status: item.status,
    url: item.url ?? null,
    liveUrl: item.liveUrl ?? null,
    thumbnail: item.thumbnail ?? null,
    // Presigned per read: the bucket is private and the URL expires (blobs.ts).
    screenshotUrl: item.screenshotKey ? await presignedGetUrl(item.screenshotKey) : null,
    lastScreenshotUpdate: item.lastScreenshotUpdate ?? null,
    performanceScore: item.performanceScore ?? null,
    category: deriveCategory(item),
    customDomain: item.customDomain ?? null,
    domainStatus: item.customDomain ? (item.domainStatus ?? "pending") : null,
    domainVerified: Boolean(item.customDomain) && item.domainStatus === "active",
    domainClaimExpiresAt:
      item.customDomain && item.domainStatus !== "active"
        ? (item.domainClaimExpiresAt ?? null)
        : null,
    dnsRecords: item.customDomain ? recordsFor(item.customDomain, item.domainToken) : [],
    certificate: certificateOf(item),
    primaryColor: item.primaryColor ?? SITE_DEFAULT_COLORS.primary,
    secondaryColor: item.secondaryColor ?? SITE_DEFAULT_COLORS.secondary,
    logoUrl: item.logoUrl ?? null,
    faviconUrl: item.faviconUrl ?? null,
    // "The SSL, analytics and SEO flags count as on unless explicitly false."
    sslEnabled: item.sslEnabled !== false,
    analyticsEnabled: item.analyticsEnabled !== false,
    seoPackage,
    seoEnabled: item.seoEnabled !== false,
    maintenanceMode: item.maintenanceMode === true,
    suspendedAt: item.suspendedAt ?? null,
    domain: item.customDomain ?? hostOf(item.liveUrl) ?? hostOf(item.url),
    review:
      item.reviewRound && item.reviewOutcome
        ? { round: item.reviewRound, outcome: item.reviewOutcome }
        : null,
    liveVersion:
      item.liveDeploymentId && item.livePublishedAt
        ? { deploymentId: item.liveDeploymentId, publishedAt: item.livePublishedAt }
        : null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}
