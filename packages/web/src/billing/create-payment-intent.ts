/**
 * POST /api/create-payment-intent (docs/pricing.md, "The SEO performance package"): the SEO package
 * for one of the caller's sites.
 */
import { SEO_UPSELL_PREFIX, SEO_UPSELL_PRICE_CENTS } from "@portal/core/contracts/billing";
import { call } from "../api/call";

/** What the original client sent; the server decides the amount whatever this says. */
export const createSeoPaymentIntent = (siteId: string) =>
  call("POST /api/create-payment-intent", {
    body: { amount: SEO_UPSELL_PRICE_CENTS / 100, upsellId: `${SEO_UPSELL_PREFIX}${siteId}` },
  });
