/** POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds: "Ready for review", the next version. */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Review from "@portal/core/review/staff";
import { api } from "../handler";

export const handler = api(
  "POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds",
  contracts,
  ({ actor, params, body }) => Review.postRound(asStaff(actor), params.userId, params.siteId, body),
);
