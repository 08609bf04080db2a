/**
 * POST /api/create-subscription: Stripe Checkout for the chosen plan (docs/billing.md, "Paying by
 * card").
 */
import * as Billing from "@portal/core/billing/index";
import { createSubscriptionRequestSchema } from "@portal/core/contracts/billing";
import * as z from "@portal/core/contracts/zod";
import { api } from "../handler";

export const handler = api(
  { body: z.optional(createSubscriptionRequestSchema) },
  ({ identity, body }) => Billing.createSubscription(identity.userId, body ?? {}),
);
