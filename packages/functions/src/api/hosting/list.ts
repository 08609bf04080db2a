/** GET /api/staff/customers/{userId}/sites/{siteId}/deployments: a site's deployments, newest first. */
import { deploymentListSchema } from "@portal/core/contracts/hosting";
import { staffSiteParamsSchema } from "@portal/core/contracts/staff";
import * as Deployments from "@portal/core/hosting/deployments";
import { api } from "../handler";

export const handler = api(
  { params: staffSiteParamsSchema, response: deploymentListSchema },
  async ({ params }) => Deployments.list(params.userId, params.siteId),
);
