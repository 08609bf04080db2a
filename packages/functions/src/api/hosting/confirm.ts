/** POST …/deployments/{deploymentId}/confirm: the zip is uploaded; the worker unpacks it (202). */
import { asStaff } from "@portal/core/access/actor";
import { deploymentParamsSchema, deploymentSchema } from "@portal/core/contracts/hosting";
import * as Upload from "@portal/core/hosting/upload";
import { api, response } from "../handler";

export const handler = api(
  { params: deploymentParamsSchema, response: deploymentSchema },
  async ({ actor, params }) =>
    response({
      status: 202,
      body: await Upload.confirm(asStaff(actor), params.userId, params.siteId, params.deploymentId),
    }),
);
