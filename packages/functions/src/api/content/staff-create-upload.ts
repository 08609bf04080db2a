/** POST /api/staff/customers/{userId}/uploads: a presigned upload to a customer's files (audited). */
import { asStaff } from "@portal/core/access/actor";
import * as StaffFiles from "@portal/core/content/staff";
import { createUploadRequestSchema, presignedUploadSchema } from "@portal/core/contracts/content";
import { staffCustomerParamsSchema } from "@portal/core/contracts/staff";
import { api, response } from "../handler";

export const handler = api(
  {
    params: staffCustomerParamsSchema,
    body: createUploadRequestSchema,
    response: presignedUploadSchema,
  },
  async ({ actor, params, body }) =>
    response({
      status: 201,
      body: await StaffFiles.createUpload(asStaff(actor), params.userId, body),
    }),
);
