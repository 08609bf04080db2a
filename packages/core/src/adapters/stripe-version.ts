/**
 * The Stripe API version every request is made with and every object is shaped by: the
 * installed SDK's own, so its types describe what comes back. Webhook endpoints in the Stripe
 * Dashboard must be created with the same version. A module of its own, importing nothing, so
 * the local stack's Stripe emulator shapes its objects by it without loading the payments
 * adapter's bindings (docs/decisions.md, "Stripe API version: `endive`, not `basil`").
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;
