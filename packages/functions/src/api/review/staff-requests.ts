/** GET /api/staff/review-requests: every customer's change requests waiting on the team, oldest first. */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as ReviewRequests from "@portal/core/review/requests";
import { api } from "../handler";

export const handler = api("GET /api/staff/review-requests", contracts, ({ query }) =>
  ReviewRequests.requests(query.cursor),
);
