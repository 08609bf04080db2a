/** POST /api/create-payment-intent: a payment for the SEO package of one of the caller's sites. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("POST /api/create-payment-intent", contracts, ({ actor, body }) =>
  Billing.createSeoPaymentIntent(actor.accountId, body.upsellId),
);
