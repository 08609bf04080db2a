import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { BillingPage } from "../../billing/billing-page";

export const Route = createFileRoute("/_portal/billing")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const billing = await import("../../billing/queries");
      return [
        context.queryClient.ensureQueryData(billing.billingSubscriptionQuery()),
        context.queryClient.ensureQueryData(billing.paymentMethodsQuery()),
        context.queryClient.ensureQueryData(billing.invoicesQuery()),
      ];
    }),
  component: BillingPage,
});
