/** GET /api/staff/customers/{userId}/sites/{siteId}/deployments: a site's deployments, newest first. */
import { contracts } from "@portal/core/contracts/api-areas/hosting";
import * as Deployments from "@portal/core/hosting/deployments";
import { api } from "../handler";

export const handler = api(
  "GET /api/staff/customers/{userId}/sites/{siteId}/deployments",
  contracts,
  async ({ params }) => Deployments.list(params.userId, params.siteId),
);
