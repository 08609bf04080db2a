/** GET /api/staff/customers?q=: customers by the start of their email or name. */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Customers from "@portal/core/staff/customers";
import { api } from "../handler";

export const handler = api("GET /api/staff/customers", contracts, ({ query }) =>
  Customers.search(query.q, query.cursor),
);
