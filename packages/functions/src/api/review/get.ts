/** GET /api/sites/{id}/review: the draft's review rounds, newest first, with their screenshots. */
import { contracts } from "@portal/core/contracts/api-areas/review";
import * as Review from "@portal/core/review/index";
import { api } from "../handler";

export const handler = api("GET /api/sites/{id}/review", contracts, ({ actor, params }) =>
  Review.get(actor.accountId, params.id),
);
