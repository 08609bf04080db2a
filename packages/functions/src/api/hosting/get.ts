/** GET /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}: one deployment (the panel polls it). */
import { deploymentParamsSchema, deploymentSchema } from "@portal/core/contracts/hosting";
import * as Deployments from "@portal/core/hosting/deployments";
import { api } from "../handler";

export const handler = api(
  { params: deploymentParamsSchema, response: deploymentSchema },
  async ({ params }) => Deployments.get(params.userId, params.siteId, params.deploymentId),
);
