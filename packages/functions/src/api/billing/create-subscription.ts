/**
 * POST /api/create-subscription: Stripe Checkout for the chosen plan (docs/billing.md, "Paying by
 * card").
 */
import * as Billing from "@portal/core/billing/index";
import { createSubscriptionRequestSchema } from "@portal/core/contracts/billing";
import { api } from "../handler";

export const handler = api(
  { body: createSubscriptionRequestSchema.optional() },
  ({ identity, body }) => Billing.createSubscription(identity.userId, body ?? {}),
);
