/** POST /api/content/files/{id}/confirm: checks an uploaded object and lists it, or deletes it. */

import * as Files from "@portal/core/content/files";
import { contracts } from "@portal/core/contracts/api-areas/content";
import { api } from "../handler";

export const handler = api(
  "POST /api/content/files/{id}/confirm",
  contracts,
  ({ actor, params, body }) => Files.confirmUpload(actor.accountId, params.id, body.key),
);
