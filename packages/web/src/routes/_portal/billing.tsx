import { createFileRoute } from "@tanstack/react-router";
import { BillingPage } from "../../billing/billing-page";

export const Route = createFileRoute("/_portal/billing")({ component: BillingPage });
