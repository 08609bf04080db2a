/** Plans, payment and the subscription. The routes' contracts (contracts/api.ts). */
import {
  billingSubscriptionResponseSchema,
  completePaymentResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  invoicesResponseSchema,
  paymentMethodsResponseSchema,
  redirectUrlResponseSchema,
  setDefaultPaymentMethodRequestSchema,
  setDefaultPaymentMethodResponseSchema,
  subscriptionChangeResponseSchema,
  verifySubscriptionResponseSchema,
} from "../billing";
import * as z from "../zod";
import type { RouteContract } from "./index";

export const contracts = {
  "POST /api/create-subscription": {
    body: z.optional(createSubscriptionRequestSchema),
    response: createSubscriptionResponseSchema,
  },
  "POST /api/verify-subscription": { response: verifySubscriptionResponseSchema },
  "POST /api/complete-payment": { response: completePaymentResponseSchema },
  "POST /api/create-payment-intent": {
    body: createPaymentIntentRequestSchema,
    response: createPaymentIntentResponseSchema,
  },
  "GET /api/billing/subscription": { response: billingSubscriptionResponseSchema },
  "GET /api/billing/payment-methods": { response: paymentMethodsResponseSchema },
  "GET /api/billing/invoices": { response: invoicesResponseSchema },
  "POST /api/billing/cancel-subscription": { response: subscriptionChangeResponseSchema },
  "POST /api/billing/reactivate-subscription": { response: subscriptionChangeResponseSchema },
  "POST /api/billing/create-portal-session": { response: redirectUrlResponseSchema },
  "POST /api/billing/add-payment-method": { response: redirectUrlResponseSchema },
  "POST /api/billing/set-default-payment-method": {
    body: setDefaultPaymentMethodRequestSchema,
    response: setDefaultPaymentMethodResponseSchema,
  },
} as const satisfies Record<string, RouteContract>;
