/** POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds: "Ready for review", the next version. */
import { asStaff } from "@portal/core/access/actor";
import { reviewRoundCreateSchema } from "@portal/core/contracts/review";
import { staffSiteParamsSchema } from "@portal/core/contracts/staff";
import * as Review from "@portal/core/review/staff";
import { api, response } from "../handler";

export const handler = api(
  { params: staffSiteParamsSchema, body: reviewRoundCreateSchema },
  async ({ actor, params, body }) =>
    response({
      status: 201,
      body: await Review.postRound(asStaff(actor), params.userId, params.siteId, body),
    }),
);
