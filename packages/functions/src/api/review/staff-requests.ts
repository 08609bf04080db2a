/** GET /api/staff/review-requests: every customer's change requests waiting on the team, oldest first. */
import { cursorQuerySchema } from "@portal/core/contracts/staff";
import * as Review from "@portal/core/review/staff";
import { api } from "../handler";

export const handler = api({ query: cursorQuerySchema }, ({ query }) =>
  Review.requests(query.cursor),
);
