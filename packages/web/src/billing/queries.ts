/**
 * The billing API from the SPA: one query option per resource (docs/pages.md, "Calling the API";
 * the payment methods are always read afresh) and the billing mutations. Answers are checked
 * against the shared contracts.
 */
import {
  type BillingSubscriptionResponse,
  billingSubscriptionResponseSchema,
  type CompletePaymentResponse,
  completePaymentResponseSchema,
  type InvoicesResponse,
  invoicesResponseSchema,
  type PaymentMethodsResponse,
  paymentMethodsResponseSchema,
  redirectUrlResponseSchema,
  subscriptionChangeResponseSchema,
} from "@portal/core/contracts/billing";
import { queryOptions } from "@tanstack/react-query";
import { apiJson, isUnauthorizedError } from "../api/client";

export const SUBSCRIPTION_PATH = "/api/billing/subscription";
export const PAYMENT_METHODS_PATH = "/api/billing/payment-methods";
export const INVOICES_PATH = "/api/billing/invoices";

/** Retried up to 3 times, but never after an auth error. */
export const billingSubscriptionQuery = () =>
  queryOptions({
    queryKey: [SUBSCRIPTION_PATH] as const,
    queryFn: async (): Promise<BillingSubscriptionResponse> =>
      billingSubscriptionResponseSchema.parse(await apiJson("GET", SUBSCRIPTION_PATH)),
    retry: (failures, error) => !isUnauthorizedError(error) && failures < 3,
  });

/** Always refetched, never cached: a card added in Stripe's pages shows on return. */
export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: [PAYMENT_METHODS_PATH] as const,
    queryFn: async (): Promise<PaymentMethodsResponse> =>
      paymentMethodsResponseSchema.parse(await apiJson("GET", PAYMENT_METHODS_PATH)),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: "always",
  });

export const invoicesQuery = () =>
  queryOptions({
    queryKey: [INVOICES_PATH] as const,
    queryFn: async (): Promise<InvoicesResponse> =>
      invoicesResponseSchema.parse(await apiJson("GET", INVOICES_PATH)),
  });

export const cancelSubscription = async () =>
  subscriptionChangeResponseSchema.parse(await apiJson("POST", "/api/billing/cancel-subscription"));

export const reactivateSubscription = async () =>
  subscriptionChangeResponseSchema.parse(
    await apiJson("POST", "/api/billing/reactivate-subscription"),
  );

export const createPortalSession = async () =>
  redirectUrlResponseSchema.parse(await apiJson("POST", "/api/billing/create-portal-session"));

export const addPaymentMethod = async () =>
  redirectUrlResponseSchema.parse(await apiJson("POST", "/api/billing/add-payment-method"));

export const setDefaultPaymentMethod = (paymentMethodId: string) =>
  apiJson("POST", "/api/billing/set-default-payment-method", { paymentMethodId });

export const loadIncompletePayment = async (): Promise<CompletePaymentResponse> =>
  completePaymentResponseSchema.parse(await apiJson("POST", "/api/complete-payment"));
