/** GET /api/staff/customers/{userId}/reports: the customer's monthly reports, site by site. */
import { staffCustomerParamsSchema } from "@portal/core/contracts/staff";
import * as Reports from "@portal/core/reports/index";
import { api } from "../handler";

export const handler = api({ params: staffCustomerParamsSchema }, async ({ params }) => ({
  sites: await Reports.staffCustomerReports(params.userId),
}));
