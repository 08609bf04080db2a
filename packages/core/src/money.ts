/**
 * US dollars, the currency of every price the portal shows, written by hand as Intl en-US
 * writes them ("-$1,234.56"): a browser's first NumberFormat loads ICU's number data, about
 * 20 ms of a phone's main thread while the dashboard starts (docs/performance.md
 * "`signed-in`"). money.test.ts holds it to Intl's output.
 */
function formatUsd(cents: number, digits: number): string {
  // Whole cents, half away from zero, as Intl rounds; Intl also signs a negative zero.
  const units = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(units / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  const fraction = digits === 0 ? "" : `.${String(units % 100).padStart(2, "0")}`;
  const sign = cents < 0 || Object.is(cents, -0) ? "-" : "";
  return `${sign}$${dollars}${fraction}`;
}

/** One formatter per currency and length: making one costs far more than using it. */
const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(code: string, digits: number): Intl.NumberFormat | null {
  const key = `${code}:${digits}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat("en-US", {
        style: "currency",
        currency: code,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      // Not a currency Intl knows: remembered, so the next call does not try again.
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Money as every text of the product writes it (the portal, the mails, the local Stripe pages):
 * an amount in the currency's smallest unit, as Stripe counts it, shown in US English, 4900 usd
 * → "$49.00". A currency code Intl does not know is written after the amount instead of failing.
 */
export function formatMoney(
  cents: number,
  currency = "usd",
  /** "short" leaves off the cents of a whole amount, as prices on buttons do ("Pay $49"). */
  length: "exact" | "short" = "exact",
): string {
  const code = currency.toUpperCase();
  const digits = length === "short" && cents % 100 === 0 ? 0 : 2;
  if (code === "USD" && Number.isFinite(cents)) return formatUsd(cents, digits);
  const formatter = formatterFor(code, digits);
  return formatter ? formatter.format(cents / 100) : `${(cents / 100).toFixed(digits)} ${code}`;
}
