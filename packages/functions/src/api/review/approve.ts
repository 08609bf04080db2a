/** POST /api/sites/{id}/review/rounds/{round}/approve: the customer approves the current version. */
import { reviewRoundParamsSchema } from "@portal/core/contracts/review";
import * as Review from "@portal/core/review/index";
import { api } from "../handler";

export const handler = api({ params: reviewRoundParamsSchema }, ({ identity, params }) =>
  Review.approve(identity.userId, params.id, params.round),
);
