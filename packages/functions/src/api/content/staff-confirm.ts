/** POST /api/staff/customers/{userId}/files/{fileId}/confirm: checks the team's upload (audited). */

import { asStaff } from "@portal/core/access/actor";
import * as StaffFiles from "@portal/core/content/staff";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import { api } from "../handler";

export const handler = api(
  "POST /api/staff/customers/{userId}/files/{fileId}/confirm",
  contracts,
  ({ actor, params, body }) =>
    StaffFiles.confirmUpload(asStaff(actor), params.userId, params.fileId, body.key),
);
