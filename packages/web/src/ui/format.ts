/**
 * How every page writes money and dates: the product's one formatter for each
 * (@portal/core/money, @portal/core/long-date), so a page, a mail and an invoice agree.
 */
import { longDate } from "@portal/core/long-date";

export { formatMoney } from "@portal/core/money";

/** US long format ("March 10, 2026", the UTC day); '' for a missing or broken date. */
export function formatLongDate(iso: string | null | undefined): string {
  return longDate(iso, "");
}
