/**
 * How the dashboard shows a site (docs/sites.md, "Status" and "On the dashboard"): status labels
 * and badges, score colour bands, and when the SEO upsell strip appears. Pure, so each rule has its
 * unit test.
 */

/** Chakra colour palettes; "red" is the destructive badge. */
export type Palette = "green" | "blue" | "orange" | "yellow" | "gray" | "red";

/** The four stored site statuses, their labels and badge colours: the one list of them. */
const STATUS: Record<string, { label: string; palette: Palette }> = {
  live: { label: "Live", palette: "green" },
  in_progress: { label: "In Progress", palette: "blue" },
  development: { label: "Development", palette: "yellow" },
  requested: { label: "Requested", palette: "gray" },
};

/** The label and colour of a stored status; undefined for any other value. */
export function knownSiteStatus(
  status: string | null | undefined,
): { label: string; palette: Palette } | undefined {
  return status && Object.hasOwn(STATUS, status) ? STATUS[status] : undefined;
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
  return knownSiteStatus(status) ?? { label: "Requested", palette: "red" };
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

const longDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
});

/**
 * US long format ("March 10, 2026"), as every date in the portal; '' for a missing or broken date.
 */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : longDate.format(date);
}
