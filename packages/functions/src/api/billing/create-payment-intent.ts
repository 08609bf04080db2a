/** POST /api/create-payment-intent: the $49 SEO package for one of the caller's sites. */
import * as Billing from "@portal/core/billing/index";
import { createPaymentIntentRequestSchema } from "@portal/core/contracts/billing";
import { api } from "../handler";

export const handler = api({ body: createPaymentIntentRequestSchema }, ({ identity, body }) =>
  Billing.createSeoPaymentIntent(identity.userId, body.upsellId),
);
