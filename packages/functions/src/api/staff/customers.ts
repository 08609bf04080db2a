/** GET /api/staff/customers?q=: customers by the start of their email or name. */
import { staffCustomerSearchSchema } from "@portal/core/contracts/staff";
import * as Customers from "@portal/core/staff/customers";
import { api } from "../handler";

export const handler = api({ query: staffCustomerSearchSchema }, ({ query }) =>
  Customers.search(query.q, query.cursor),
);
