/** POST …/deployments/{deploymentId}/publish: the site's hosts serve it (publish, or roll back). */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/hosting";
import * as Publish from "@portal/core/hosting/publish";
import { api } from "../handler";

export const handler = api(
  "POST /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}/publish",
  contracts,
  async ({ actor, params, body }) =>
    Publish.publish(asStaff(actor), params.userId, params.siteId, params.deploymentId, body),
);
