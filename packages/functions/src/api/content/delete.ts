/** DELETE /api/content/files/{id}: deletes one of the caller's files. */

import * as Files from "@portal/core/content/files";
import { fileIdParamsSchema } from "@portal/core/contracts/content";
import { api, response } from "../handler";

export const handler = api({ params: fileIdParamsSchema }, async ({ identity, params }) => {
  await Files.remove(identity.userId, params.id);
  return response({ status: 204 });
});
