/** GET /api/billing/invoices: the caller's invoices, newest first, with Stripe's links. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("GET /api/billing/invoices", contracts, ({ actor }) =>
  Billing.listInvoices(actor.accountId),
);
