/**
 * How the sites pages show a site (pure, unit-tested): the settings page's status badge,
 * the page a preview opens, and which sites a preview refresh can capture.
 */

export type StatusPalette = "green" | "blue" | "yellow" | "red";

const SETTINGS_STATUS: Record<string, { label: string; palette: StatusPalette }> = {
  live: { label: "Live", palette: "green" },
  in_progress: { label: "In Progress", palette: "blue" },
  development: { label: "Development", palette: "yellow" },
};

/**
 * Site Settings badge (part 2 "Site as edited on the settings page"): live, in_progress and
 * development get their labels; any other value is shown raw with the destructive badge.
 */
export function settingsStatusBadge(status: string): {
  label: string;
  palette: StatusPalette;
  destructive: boolean;
} {
  const known = SETTINGS_STATUS[status];
  return known
    ? { ...known, destructive: false }
    : { label: status, palette: "red", destructive: true };
}

/** Manage Sites status badge colour; its text is the raw status (part 1 §2.11). */
export function manageStatusPalette(status: string): StatusPalette | "gray" {
  return SETTINGS_STATUS[status]?.palette ?? "gray";
}

/** Desktop/Tablet/Mobile previews open liveUrl, falling back to url; null when neither. */
export function previewUrl(site: { liveUrl: string | null; url: string | null }): string | null {
  return site.liveUrl || site.url || null;
}

/** The server skips sites without any URL when refreshing previews; so does the page. */
export function canCapture(site: { liveUrl: string | null; url: string | null }): boolean {
  return previewUrl(site) !== null;
}
