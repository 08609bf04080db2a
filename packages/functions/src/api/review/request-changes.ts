/** POST /api/sites/{id}/review/rounds/{round}/changes: the customer sends the team a list of changes. */
import { reviewChangesRequestSchema, reviewRoundParamsSchema } from "@portal/core/contracts/review";
import * as Review from "@portal/core/review/index";
import { api } from "../handler";

export const handler = api(
  { params: reviewRoundParamsSchema, body: reviewChangesRequestSchema },
  ({ identity, params, body }) =>
    Review.requestChanges(identity.userId, params.id, params.round, body),
);
