/** POST /api/content/uploads: a presigned upload of one file to the caller's content. */

import * as Files from "@portal/core/content/files";
import { contracts } from "@portal/core/contracts/api-areas/content";
import { api } from "../handler";

export const handler = api("POST /api/content/uploads", contracts, ({ actor, body }) =>
  Files.createUpload(actor.accountId, body, { type: "customer", memberId: actor.userId }),
);
