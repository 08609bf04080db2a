/** GET /api/staff/customers/{userId}: one customer's page (plan, sites, tickets, activity…). */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as CustomerPage from "@portal/core/staff/customer-page";
import { api } from "../handler";

export const handler = api("GET /api/staff/customers/{userId}", contracts, ({ params }) =>
  CustomerPage.get(params.userId),
);
