/** POST /api/staff/customers/{userId}/files/{fileId}/download: a download link (audited). */
import { asStaff } from "@portal/core/access/actor";
import * as StaffFiles from "@portal/core/content/staff";
import { downloadSchema, staffFileParamsSchema } from "@portal/core/contracts/content";
import { api } from "../handler";

export const handler = api(
  { params: staffFileParamsSchema, response: downloadSchema },
  ({ actor, params }) => StaffFiles.download(asStaff(actor), params.userId, params.fileId),
);
