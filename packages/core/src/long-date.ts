/**
 * Dates as every text of the product writes them (the portal, activities, mails): "March 8,
 * 2026", in UTC so a text reads the same in whichever region or browser it is made.
 *
 * Written out by hand rather than through Intl.DateTimeFormat: the texts are US English only,
 * and a browser's first DateTimeFormat loads its locale and time-zone data, 15–35 ms of main
 * thread on a phone for a page that writes one date (docs/performance.md "`signed-in`").
 * long-date.test.ts holds the output to Intl's.
 */
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const monthName = (date: Date) => MONTHS[date.getUTCMonth()] ?? "";

/**
 * `iso` in the long format. A missing or unparsable date gives `unreadable`: by default the value
 * as it came (a sentence still says something), '' where a page would rather show nothing.
 */
export function longDate(iso: string | null | undefined, unreadable: string = iso ?? ""): string {
  if (!iso) return unreadable;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? unreadable
    : `${monthName(date)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A calendar month "YYYY-MM" as the texts write it: "October 2026"; the value as given if not one. */
export function longMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return /^\d{4}-\d{2}$/.test(month) && !Number.isNaN(date.getTime())
    ? `${monthName(date)} ${date.getUTCFullYear()}`
    : month;
}
