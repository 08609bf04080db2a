/** GET /api/content/files: the caller's files (of one site with ?siteId=) and their storage use. */

import * as Files from "@portal/core/content/files";
import { contentListQuerySchema, contentListSchema } from "@portal/core/contracts/content";
import { api } from "../handler";

export const handler = api(
  { query: contentListQuerySchema, response: contentListSchema },
  ({ identity, query }) => Files.list(identity.userId, { siteId: query.siteId }),
);
