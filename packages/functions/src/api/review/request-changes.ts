/** POST /api/sites/{id}/review/rounds/{round}/changes: the customer sends the team a list of changes. */
import { contracts } from "@portal/core/contracts/api-areas/review";
import * as Review from "@portal/core/review/index";
import { api } from "../handler";

export const handler = api(
  "POST /api/sites/{id}/review/rounds/{round}/changes",
  contracts,
  ({ actor, params, body }) =>
    Review.requestChanges(actor.accountId, params.id, params.round, body, actor.userId),
);
