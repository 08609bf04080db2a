/** POST /api/content/uploads: a presigned upload of one file to the caller's content. */

import * as Files from "@portal/core/content/files";
import { createUploadRequestSchema, presignedUploadSchema } from "@portal/core/contracts/content";
import { api, response } from "../handler";

export const handler = api(
  { body: createUploadRequestSchema, response: presignedUploadSchema },
  async ({ identity, body }) =>
    response({ status: 201, body: await Files.createUpload(identity.userId, body) }),
);
