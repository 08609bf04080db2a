/** POST /api/content/files/{id}/confirm: checks an uploaded object and lists it, or deletes it. */

import * as Files from "@portal/core/content/files";
import {
  confirmUploadRequestSchema,
  contentFileSchema,
  fileIdParamsSchema,
} from "@portal/core/contracts/content";
import { api } from "../handler";

export const handler = api(
  { params: fileIdParamsSchema, body: confirmUploadRequestSchema, response: contentFileSchema },
  ({ identity, params, body }) => Files.confirmUpload(identity.userId, params.id, body.key),
);
