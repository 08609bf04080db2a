/** GET /api/content/files: the caller's files (of one site with ?siteId=) and their storage use. */

import * as Files from "@portal/core/content/files";
import { contracts } from "@portal/core/contracts/api-areas/content";
import { api } from "../handler";

export const handler = api("GET /api/content/files", contracts, ({ actor, query }) =>
  Files.list(actor.accountId, { siteId: query.siteId }),
);
