/**
 * POST /api/create-payment-intent (docs/pricing.md, "The SEO performance package"): the SEO package
 * for one of the caller's sites.
 */
import type { CreatePaymentIntentResponse } from "@portal/core/contracts/billing";
import { SEO_UPSELL_PREFIX, SEO_UPSELL_PRICE_CENTS } from "@portal/core/contracts/billing";
import { apiJson } from "../api/client";

/** What the original client sent; the server decides the amount whatever this says. */
export function createSeoPaymentIntent(siteId: string): Promise<CreatePaymentIntentResponse> {
  return apiJson<CreatePaymentIntentResponse>("POST", "/api/create-payment-intent", {
    amount: SEO_UPSELL_PRICE_CENTS / 100,
    upsellId: `${SEO_UPSELL_PREFIX}${siteId}`,
  });
}
