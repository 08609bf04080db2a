/** GET /api/staff/customers/{userId}/sites/{siteId}/review: a site's review rounds, for the team. */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Review from "@portal/core/review/index";
import { api } from "../handler";

// The team sees the rounds as the customer does: the customer's own read, in their partition.
export const handler = api(
  "GET /api/staff/customers/{userId}/sites/{siteId}/review",
  contracts,
  ({ params }) => Review.get(params.userId, params.siteId),
);
