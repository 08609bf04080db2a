/** POST /api/staff/customers/{userId}/files/{fileId}/download: a download link (audited). */

import { asStaff } from "@portal/core/access/actor";
import * as StaffFiles from "@portal/core/content/staff";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import { api } from "../handler";

export const handler = api(
  "POST /api/staff/customers/{userId}/files/{fileId}/download",
  contracts,
  ({ actor, params }) => StaffFiles.download(asStaff(actor), params.userId, params.fileId),
);
