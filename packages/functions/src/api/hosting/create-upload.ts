/** POST /api/staff/customers/{userId}/sites/{siteId}/deployments: a new deployment and its zip's presigned PUT. */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/hosting";
import * as Upload from "@portal/core/hosting/upload";
import { api } from "../handler";

export const handler = api(
  "POST /api/staff/customers/{userId}/sites/{siteId}/deployments",
  contracts,
  ({ actor, params, body }) =>
    Upload.createUpload(asStaff(actor), params.userId, params.siteId, body),
);
