/** GET /api/billing/invoices: the caller's invoices, newest first, with Stripe's links. */
import * as Billing from "@portal/core/billing/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Billing.listInvoices(identity.userId));
