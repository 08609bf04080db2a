/**
 * POST /api/create-subscription: Stripe Checkout for the chosen plan (docs/billing.md, "Paying by
 * card").
 */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("POST /api/create-subscription", contracts, ({ actor, body }) =>
  Billing.createSubscription(actor.accountId, body ?? {}),
);
