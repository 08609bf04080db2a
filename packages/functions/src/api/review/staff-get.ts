/** GET /api/staff/customers/{userId}/sites/{siteId}/review: a site's review rounds, for the team. */
import { staffSiteParamsSchema } from "@portal/core/contracts/staff";
import * as Review from "@portal/core/review/index";
import { api } from "../handler";

// The team sees the rounds as the customer does: the customer's own read, in their partition.
export const handler = api({ params: staffSiteParamsSchema }, ({ params }) =>
  Review.get(params.userId, params.siteId),
);
