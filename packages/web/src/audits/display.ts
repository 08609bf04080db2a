/** How the SEO and Performance pages show numbers (docs/tools.md): colours, bands, sizes, times. */

export type Palette = "green" | "yellow" | "orange" | "red" | "gray";

/** SEO score colour: 80 or more green, 60 or more yellow, else red. */
export function seoScorePalette(score: number): Palette {
  return score >= 80 ? "green" : score >= 60 ? "yellow" : "red";
}

export interface Band {
  label: "Good" | "Needs Improvement" | "Poor" | "Not measured";
  palette: Palette;
}

/** Lighthouse bands: 90 or more Good, 50 or more Needs Improvement, else Poor. */
export function lighthouseBand(score: number | null): Band {
  if (score === null) return { label: "Not measured", palette: "gray" };
  if (score >= 90) return { label: "Good", palette: "green" };
  if (score >= 50) return { label: "Needs Improvement", palette: "orange" };
  return { label: "Poor", palette: "red" };
}

/** A metric's 0-1 score on the same bands, as a percentage for its bar. */
export function metricPercent(score: number | null): number | null {
  return score === null ? null : Math.round(score * 100);
}

/** Page size in KB: bytes divided by 1024, rounded. */
export function kilobytes(bytes: number): number {
  return Math.round(bytes / 1024);
}

/** "1.25s" for a load time in seconds. */
export function seconds(value: number): string {
  return `${value.toFixed(2)}s`;
}

/** US long date and time, as every date in the portal is shown. */
export function longDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" });
}

/** What the quick select puts in the URL box for a site: its url, or https:// plus its domain. */
export function quickSelectUrl(site: { url: string | null; domain: string | null }): string | null {
  const url = site.url?.trim();
  if (url) return url;
  const domain = site.domain?.trim();
  return domain ? `https://${domain}` : null;
}

export type TextPart = { text: string } | { text: string; href: string };

/**
 * Lighthouse descriptions carry markdown links ("[Learn more](https://…)"). Split them into
 * text and links; only http(s) targets become links.
 */
export function markdownLinks(source: string): TextPart[] {
  const parts: TextPart[] = [];
  const pattern = /\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const [whole, text = "", href = ""] = match;
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: source.slice(last, at) });
    parts.push(/^https?:\/\//.test(href) ? { text, href } : { text });
    last = at + whole.length;
  }
  if (last < source.length) parts.push({ text: source.slice(last) });
  return parts.map((p) => ("href" in p ? p : { text: p.text.replace(/`/g, "") }));
}

/** One cell of a Lighthouse details table, by the column's value type. */
export function detailValue(value: string | number | boolean | null, valueType: string): string {
  if (value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") {
    switch (valueType) {
      case "bytes":
        return `${(value / 1024).toFixed(1)} KiB`;
      case "ms":
      case "timespanMs":
        return `${Math.round(value).toLocaleString("en-US")} ms`;
      default:
        return Number.isInteger(value) ? value.toLocaleString("en-US") : value.toFixed(2);
    }
  }
  return value;
}
