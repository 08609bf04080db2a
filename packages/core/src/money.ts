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
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(digits)} ${code}`;
  }
}
