/**
 * How the sites pages show a site (pure, unit-tested): the settings page's status badge,
 * the page a preview opens, and which sites a preview refresh can capture.
 */
import { knownSiteStatus, type Palette } from "../dashboard/site-display";

/**
 * Site Settings badge (docs/sites.md, "Status"): the stored statuses as
 * the dashboard shows them, `requested` included ('Requested', neutral: every new site starts
 * there); any other value is shown raw with the destructive badge.
 */
export function settingsStatusBadge(status: string): {
  label: string;
  palette: Palette;
  destructive: boolean;
} {
  const known = knownSiteStatus(status);
  return known
    ? { ...known, destructive: false }
    : { label: status, palette: "red", destructive: true };
}

/** Manage Sites status badge colour; its text is the raw status (docs/sites.md, "Status"). */
export function manageStatusPalette(status: string): Palette {
  return knownSiteStatus(status)?.palette ?? "gray";
}

/** Desktop/Tablet/Mobile previews open liveUrl, falling back to url; null when neither. */
export function previewUrl(site: { liveUrl: string | null; url: string | null }): string | null {
  return site.liveUrl || site.url || null;
}

/** The server skips sites without any URL when refreshing previews; so does the page. */
export function canCapture(site: { liveUrl: string | null; url: string | null }): boolean {
  return previewUrl(site) !== null;
}
