/** GET /api/staff/customers/{userId}/reports: the customer's monthly reports, site by site. */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Reports from "@portal/core/reports/index";
import { api } from "../handler";

export const handler = api(
  "GET /api/staff/customers/{userId}/reports",
  contracts,
  async ({ params }) => ({
    sites: await Reports.staffCustomerReports(params.userId),
  }),
);
