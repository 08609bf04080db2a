/** GET /api/sites/{id}/review: the draft's review rounds, newest first, with their screenshots. */
import { siteIdParamsSchema } from "@portal/core/contracts/sites";
import * as Review from "@portal/core/review/index";
import { api } from "../handler";

export const handler = api({ params: siteIdParamsSchema }, ({ identity, params }) =>
  Review.get(identity.userId, params.id),
);
