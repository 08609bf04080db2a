/** GET /api/staff/customers/{userId}: one customer's page (plan, sites, tickets, activity…). */
import { staffCustomerParamsSchema } from "@portal/core/contracts/staff";
import * as CustomerPage from "@portal/core/staff/customer-page";
import { api } from "../handler";

export const handler = api({ params: staffCustomerParamsSchema }, ({ params }) =>
  CustomerPage.get(params.userId),
);
