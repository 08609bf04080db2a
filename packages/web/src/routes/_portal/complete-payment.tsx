import { createFileRoute } from "@tanstack/react-router";
import { CompletePaymentPage } from "../../billing/complete-payment-page";

export const Route = createFileRoute("/_portal/complete-payment")({
  component: CompletePaymentPage,
});
