/** GET /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}: one deployment (the panel polls it). */
import { contracts } from "@portal/core/contracts/api-areas/hosting";
import * as Deployments from "@portal/core/hosting/deployments";
import { api } from "../handler";

export const handler = api(
  "GET /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}",
  contracts,
  async ({ params }) => Deployments.get(params.userId, params.siteId, params.deploymentId),
);
