/** GET /api/content/files/{id}: one of the caller's files with fresh download links. */

import * as Files from "@portal/core/content/files";
import { contentFileSchema, fileIdParamsSchema } from "@portal/core/contracts/content";
import { api } from "../handler";

export const handler = api(
  { params: fileIdParamsSchema, response: contentFileSchema },
  ({ identity, params }) => Files.get(identity.userId, params.id),
);
