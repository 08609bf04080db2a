/** POST …/deployments/{deploymentId}/publish: the site's hosts serve it (publish, or roll back). */
import { asStaff } from "@portal/core/access/actor";
import {
  deploymentParamsSchema,
  deploymentPublishSchema,
  deploymentSchema,
} from "@portal/core/contracts/hosting";
import * as Publish from "@portal/core/hosting/publish";
import { api } from "../handler";

export const handler = api(
  { params: deploymentParamsSchema, body: deploymentPublishSchema, response: deploymentSchema },
  async ({ actor, params, body }) =>
    Publish.publish(asStaff(actor), params.userId, params.siteId, params.deploymentId, body),
);
