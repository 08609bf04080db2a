/** POST /api/staff/customers/{userId}/files/{fileId}/confirm: checks the team's upload (audited). */
import { asStaff } from "@portal/core/access/actor";
import * as StaffFiles from "@portal/core/content/staff";
import {
  confirmUploadRequestSchema,
  contentFileSchema,
  staffFileParamsSchema,
} from "@portal/core/contracts/content";
import { api } from "../handler";

export const handler = api(
  { params: staffFileParamsSchema, body: confirmUploadRequestSchema, response: contentFileSchema },
  ({ actor, params, body }) =>
    StaffFiles.confirmUpload(asStaff(actor), params.userId, params.fileId, body.key),
);
