/** GET /api/staff/review-requests: every customer's change requests waiting on the team, oldest first. */
import { cursorQuerySchema } from "@portal/core/contracts/staff";
import * as ReviewRequests from "@portal/core/review/requests";
import { api } from "../handler";

export const handler = api({ query: cursorQuerySchema }, ({ query }) =>
  ReviewRequests.requests(query.cursor),
);
