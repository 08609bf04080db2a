/** POST /api/sites/{id}/review/rounds/{round}/approve: the customer approves the current version. */
import { contracts } from "@portal/core/contracts/api-areas/review";
import * as Review from "@portal/core/review/index";
import { api } from "../handler";

export const handler = api(
  "POST /api/sites/{id}/review/rounds/{round}/approve",
  contracts,
  ({ actor, params }) => Review.approve(actor.accountId, params.id, params.round, actor.userId),
);
