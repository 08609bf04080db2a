/** POST /api/staff/customers/{userId}/sites/{siteId}/deployments: a new deployment and its zip's presigned PUT. */
import { asStaff } from "@portal/core/access/actor";
import { deploymentCreateSchema, deploymentUploadSchema } from "@portal/core/contracts/hosting";
import { staffSiteParamsSchema } from "@portal/core/contracts/staff";
import * as Upload from "@portal/core/hosting/upload";
import { api, response } from "../handler";

export const handler = api(
  { params: staffSiteParamsSchema, body: deploymentCreateSchema, response: deploymentUploadSchema },
  async ({ actor, params, body }) =>
    response({
      status: 201,
      body: await Upload.createUpload(asStaff(actor), params.userId, params.siteId, body),
    }),
);
