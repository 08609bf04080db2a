/**
 * The billing API from the SPA: one query option per resource (docs/pages.md, "Calling the API";
 * the payment methods are always read afresh) and the billing mutations, each through the typed
 * `call()` (api/call.ts), which checks every answer against its contract.
 */
import { queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";
import { isUnauthorizedError } from "../api/client";

/** Retried up to 3 times, but never after an auth error. */
export const billingSubscriptionQuery = () =>
  queryOptions({
    queryKey: apiKey("GET /api/billing/subscription"),
    queryFn: () => call("GET /api/billing/subscription"),
    retry: (failures, error) => !isUnauthorizedError(error) && failures < 3,
  });

/** Always refetched, never cached: a card added in Stripe's pages shows on return. */
export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: apiKey("GET /api/billing/payment-methods"),
    queryFn: () => call("GET /api/billing/payment-methods"),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: "always",
  });

export const invoicesQuery = () =>
  queryOptions({
    queryKey: apiKey("GET /api/billing/invoices"),
    queryFn: () => call("GET /api/billing/invoices"),
  });

export const cancelSubscription = () => call("POST /api/billing/cancel-subscription");

export const reactivateSubscription = () => call("POST /api/billing/reactivate-subscription");

export const createPortalSession = () => call("POST /api/billing/create-portal-session");

export const addPaymentMethod = () => call("POST /api/billing/add-payment-method");

export const setDefaultPaymentMethod = (paymentMethodId: string) =>
  call("POST /api/billing/set-default-payment-method", { body: { paymentMethodId } });

export const loadIncompletePayment = () => call("POST /api/complete-payment");
