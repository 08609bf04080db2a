/** GET /api/staff/customers/{userId}: one customer's page (plan, sites, tickets, activity…). */
import { staffCustomerParamsSchema } from "@portal/core/contracts/staff";
import * as Customers from "@portal/core/staff/customers";
import { api } from "../handler";

export const handler = api({ params: staffCustomerParamsSchema }, ({ params }) =>
  Customers.get(params.userId),
);
