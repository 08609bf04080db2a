/**
 * How the dashboard shows a site (docs/sites.md, "Status" and "On the dashboard"): status labels
 * and badges, score colour bands, and when the SEO upsell strip appears. Pure, so each rule has its
 * unit test.
 */
import { isSiteStatus, SITE_STATUS_LABELS, type SiteStatus } from "@portal/core/sites/enums";

/** Chakra colour palettes; "red" is the destructive badge. */
export type Palette = "green" | "blue" | "orange" | "yellow" | "gray" | "red";

/** The badge colour of each stored site status; its label is the product's (SITE_STATUS_LABELS). */
const STATUS_PALETTE: Record<SiteStatus, Palette> = {
  live: "green",
  in_progress: "blue",
  development: "yellow",
  requested: "gray",
};

/** The label and colour of a stored status; undefined for any other value. */
export function knownSiteStatus(
  status: string | null | undefined,
): { label: string; palette: Palette } | undefined {
  if (!isSiteStatus(status)) return undefined;
  return { label: SITE_STATUS_LABELS[status], palette: STATUS_PALETTE[status] };
}

/**
 * The dashboard's status badge (docs/sites.md, "Status"): any other value gets the destructive
 * badge and the label 'Requested' (Site Settings and Manage Sites show it raw:
 * sites/site-status.ts).
 */
export function siteStatusBadge(status: string | null | undefined): {
  label: string;
  palette: Palette;
} {
  return knownSiteStatus(status) ?? { label: SITE_STATUS_LABELS.requested, palette: "red" };
}

/** A site taken offline because the subscription ended shows that first (docs/billing.md). */
export function dashboardSiteBadge(site: { status: string; suspendedAt: string | null }): {
  label: string;
  palette: Palette;
} {
  return site.suspendedAt ? { label: "Suspended", palette: "red" } : siteStatusBadge(site.status);
}

/** Score colours: 90 or more green, 75-89 orange, below 75 red; no score is '--'. */
export function scoreBand(score: number | null | undefined): { text: string; palette: Palette } {
  if (score === null || score === undefined || !Number.isFinite(score)) {
    return { text: "--", palette: "gray" };
  }
  const palette: Palette = score >= 90 ? "green" : score >= 75 ? "orange" : "red";
  return { text: `${Math.round(score)}%`, palette };
}

/**
 * The SEO performance package is worth offering below this score (docs/pricing.md, "The SEO
 * performance package").
 */
export const SEO_UPSELL_BELOW = 85;

/** The upsell strip: a live site whose performance score is set and below 85. */
export function showsSeoUpsell(site: {
  status: string;
  performanceScore: number | null | undefined;
}): boolean {
  return (
    site.status === "live" &&
    typeof site.performanceScore === "number" &&
    site.performanceScore < SEO_UPSELL_BELOW
  );
}

/** At most this many activities and tickets on the dashboard (docs/pages.md, "Dashboard"). */
export const DASHBOARD_LIST_SIZE = 5;
