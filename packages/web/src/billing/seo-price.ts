/**
 * The SEO performance package's price as the pages write it, from the one price the server charges
 * (SEO_UPSELL_PRICE_CENTS; docs/pricing.md, "The SEO performance package").
 */
import { SEO_UPSELL_PRICE_CENTS } from "@portal/core/contracts/billing";
import { formatMoney } from "../ui/format";

/** With its cents: the line of the payment step. */
export const SEO_PRICE = formatMoney(SEO_UPSELL_PRICE_CENTS);
/** Without cents when whole: offers and buttons. */
export const SEO_PRICE_SHORT = formatMoney(SEO_UPSELL_PRICE_CENTS, "usd", "short");
