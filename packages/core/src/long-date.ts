/**
 * Dates as the product's texts write them (activities, mails): "March 8, 2026", in UTC so a
 * text reads the same whichever region the function runs in. Anything unparsable is given back
 * as it came.
 */
export function longDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
