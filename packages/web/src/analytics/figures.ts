/**
 * The analytics page's derived figures and labels, from the API's real aggregates only: where a
 * figure cannot be worked out (no visitors yet), the answer is null and the page shows "--".
 */
import type { AnalyticsData, CountedKey } from "@portal/core/contracts/analytics";

type Totals = AnalyticsData["totals"];

/** Page views per daily visitor, one decimal ("2.4"); null without visitors. */
export function pagesPerVisitor(totals: Totals): string | null {
  if (totals.visitors <= 0) return null;
  return (totals.pageViews / totals.visitors).toFixed(1);
}

/** Share of daily visitors who viewed one page only, whole percent; null without visitors. */
export function singlePageShare(totals: Totals): number | null {
  if (totals.visitors <= 0) return null;
  return Math.round((Math.max(0, totals.singlePageVisitors) / totals.visitors) * 100);
}

/** Whole percent of `total`, 0 for an empty total. */
export function percentOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

let regionNames: Intl.DisplayNames | undefined;

/** "DE" → "Germany"; "unknown" → "Unknown". */
export function countryName(code: string): string {
  if (code === "unknown") return "Unknown";
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export const DEVICE_LABELS: Record<string, string> = {
  desktop: "Desktop",
  mobile: "Mobile",
  tablet: "Tablet",
};

/** "2025-06-01" → "Jun 1" (UTC: the days are UTC days). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * A round axis maximum at or above `value` (1, 2, 4, 6 or 8 × 10ⁿ), so the chart's scale reads
 * easily and its middle line is a whole number from 2 up.
 */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 4, 6, 8, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/** Sum of a top list's counts (the share bars' 100 %). */
export function totalOf(items: CountedKey[]): number {
  return items.reduce((sum, item) => sum + item.count, 0);
}
