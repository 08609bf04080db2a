/** GET /api/content/files/{id}: one of the caller's files with fresh download links. */

import * as Files from "@portal/core/content/files";
import { contracts } from "@portal/core/contracts/api-areas/content";
import { api } from "../handler";

export const handler = api("GET /api/content/files/{id}", contracts, ({ actor, params }) =>
  Files.get(actor.accountId, params.id),
);
