/**
 * Dates as every text of the product writes them (the portal, activities, mails): "March 8,
 * 2026", in UTC so a text reads the same in whichever region or browser it is made.
 */
const LONG_DATE = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * `iso` in the long format. A missing or unparsable date gives `unreadable`: by default the value
 * as it came (a sentence still says something), '' where a page would rather show nothing.
 */
export function longDate(iso: string | null | undefined, unreadable: string = iso ?? ""): string {
  if (!iso) return unreadable;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? unreadable : LONG_DATE.format(date);
}

const LONG_MONTH = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  timeZone: "UTC",
});

/** A calendar month "YYYY-MM" as the texts write it: "October 2026"; the value as given if not one. */
export function longMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return /^\d{4}-\d{2}$/.test(month) && !Number.isNaN(date.getTime())
    ? LONG_MONTH.format(date)
    : month;
}
