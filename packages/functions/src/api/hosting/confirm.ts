/** POST …/deployments/{deploymentId}/confirm: the zip is uploaded; the worker unpacks it (202). */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/hosting";
import * as Upload from "@portal/core/hosting/confirm-upload";
import { api } from "../handler";

export const handler = api(
  "POST /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}/confirm",
  contracts,
  ({ actor, params }) =>
    Upload.confirm(asStaff(actor), params.userId, params.siteId, params.deploymentId),
);
