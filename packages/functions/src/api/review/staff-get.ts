/** GET /api/staff/customers/{userId}/sites/{siteId}/review: a site's review rounds, for the team. */
import { staffSiteParamsSchema } from "@portal/core/contracts/staff";
import * as Review from "@portal/core/review/staff";
import { api } from "../handler";

export const handler = api({ params: staffSiteParamsSchema }, ({ params }) =>
  Review.get(params.userId, params.siteId),
);
