/** DELETE /api/content/files/{id}: deletes one of the caller's files. */

import * as Files from "@portal/core/content/files";
import { contracts } from "@portal/core/contracts/api-areas/content";
import { api } from "../handler";

export const handler = api(
  "DELETE /api/content/files/{id}",
  contracts,
  async ({ actor, params }) => {
    await Files.remove(actor.accountId, params.id);
  },
);
