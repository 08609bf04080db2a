/**
 * Requests and answers of the payment and billing routes (docs/billing.md). Money is in cents as
 * Stripe keeps it; the web shows it in US dollars.
 */
import { text } from "./text";
import { planIdSchema } from "./users";
import * as z from "./zod";

/** POST /api/create-subscription. The plan name as the pages send it ("Professional", "pro"…). */
export const createSubscriptionRequestSchema = z.object({
  planName: z.optional(text("Plan").check(z.minLength(1), z.maxLength(40))),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

export const createSubscriptionResponseSchema = z.object({
  /** Stripe's hosted checkout page; null when nothing is left to pay. */
  paymentUrl: z.nullable(z.string()),
  /** "checkout_required", or the Stripe subscription status when one already exists. */
  status: z.string(),
  message: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** POST /api/verify-subscription: the subscription as Stripe has it now, stored on the user. */
export const verifySubscriptionResponseSchema = z.object({
  success: z.boolean(),
  activations: z.array(z.object({ plan: planIdSchema, subscriptionId: z.string() })),
});
export type VerifySubscriptionResponse = z.infer<typeof verifySubscriptionResponseSchema>;

/** POST /api/complete-payment: the incomplete first invoice's client secret, if any. */
export const completePaymentResponseSchema = z.object({
  success: z.boolean(),
  clientSecret: z.nullable(z.string()),
  message: z.optional(z.string()),
});
export type CompletePaymentResponse = z.infer<typeof completePaymentResponseSchema>;

/**
 * The SEO package: one price, decided here and never by a request body (docs/pricing.md, "The SEO
 * performance package").
 */
export const SEO_UPSELL_PRICE_CENTS = 4900;
export const SEO_UPSELL_PREFIX = "seo-";

/**
 * POST /api/create-payment-intent. The client sends amount 49 and upsellId
 * "seo-{siteId}"; the amount is accepted for compatibility and ignored.
 */
export const createPaymentIntentRequestSchema = z.object({
  upsellId: z
    .string()
    .check(
      z.trim(),
      z.startsWith(SEO_UPSELL_PREFIX, "Unknown upsell"),
      z.maxLength(SEO_UPSELL_PREFIX.length + 64),
    ),
  amount: z.optional(z.number()),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequestSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  upsellId: z.string(),
  amount: z.number().check(z.int()),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** GET /api/billing/subscription. `subscription` is null when there is none. */
export const billingSubscriptionSchema = z.object({
  id: z.string(),
  plan: z.object({
    id: z.nullable(planIdSchema),
    name: z.string(),
    /** Cents per interval. */
    amount: z.number().check(z.int()),
    currency: z.string(),
    interval: z.string(),
  }),
  status: z.string(),
  /** ISO timestamps. */
  currentPeriodStart: z.nullable(z.string()),
  currentPeriodEnd: z.nullable(z.string()),
  cancelAtPeriodEnd: z.boolean(),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

export const billingSubscriptionResponseSchema = z.object({
  subscription: z.nullable(billingSubscriptionSchema),
  /** Days the sites are kept, offline, after the subscription ends (docs/billing.md). */
  gracePeriodDays: z.number().check(z.int()),
});
export type BillingSubscriptionResponse = z.infer<typeof billingSubscriptionResponseSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  type: z.string(),
  card: z.nullable(
    z.object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().check(z.int()),
      expYear: z.number().check(z.int()),
    }),
  ),
  link: z.nullable(z.object({ email: z.nullable(z.string()) })),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodsResponseSchema = z.object({
  paymentMethods: z.array(paymentMethodSchema),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.nullable(z.string()),
  /** Cents. */
  total: z.number().check(z.int()),
  currency: z.string(),
  status: z.nullable(z.string()),
  /** ISO timestamps. */
  created: z.string(),
  paidAt: z.nullable(z.string()),
  hostedInvoiceUrl: z.nullable(z.string()),
  invoicePdf: z.nullable(z.string()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSchema) });
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

/** cancel-subscription and reactivate-subscription answer the subscription as it is now. */
export const subscriptionChangeResponseSchema = z.object({
  success: z.boolean(),
  subscription: billingSubscriptionSchema,
});
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;

/** create-portal-session and add-payment-method: a Stripe page the browser goes to. */
export const redirectUrlResponseSchema = z.object({ url: z.string() });
export type RedirectUrlResponse = z.infer<typeof redirectUrlResponseSchema>;

export const setDefaultPaymentMethodRequestSchema = z.object({
  paymentMethodId: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
});
export type SetDefaultPaymentMethodRequest = z.infer<typeof setDefaultPaymentMethodRequestSchema>;

export const setDefaultPaymentMethodResponseSchema = z.object({ success: z.boolean() });
