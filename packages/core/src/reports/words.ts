/**
 * How the report writes its figures, for the page, the PDF and the mail alike: a month without
 * data says so instead of a zero (docs/reports.md). Pure.
 */
export const NO_DATA = "No data";

/** Percent change, one decimal; null without a base to compare with. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** A change in percent as the texts write it: "+12.5% on last month"; empty for none. */
export function describePercentChange(percent: number | null): string {
  return percent === null ? "" : `${percent >= 0 ? "+" : ""}${percent}% on last month`;
}

export function describeFigure(value: number | null, unit = ""): string {
  return value === null ? NO_DATA : `${value.toLocaleString("en-US")}${unit}`;
}

/**
 * The change against the month before: percent for counts, points for a percentage. Empty
 * without both figures.
 */
export function describeChange(
  current: number | null,
  previous: number | null,
  as: "percent" | "points",
): string {
  if (current === null || previous === null) return "";
  if (as === "points") {
    const points = Math.round((current - previous) * 10) / 10;
    return `${points >= 0 ? "+" : ""}${points} points on last month`;
  }
  return describePercentChange(percentChange(current, previous));
}

/** "1 h 25 min", "25 min"; "ongoing" appended while the incident was still open. */
export function incidentDuration(incident: { minutes: number | null; endedAt: string | null }) {
  if (incident.minutes === null) return "ongoing";
  const h = Math.floor(incident.minutes / 60);
  const m = incident.minutes % 60;
  const text = h > 0 ? `${h} h ${m} min` : `${m} min`;
  return incident.endedAt ? text : `${text}, ongoing`;
}
