/** GET /api/staff/requests: every customer's questionnaire, newest first (docs/console.md). */
import { cursorQuerySchema } from "@portal/core/contracts/staff";
import * as Requests from "@portal/core/staff/requests";
import { api } from "../handler";

export const handler = api({ query: cursorQuerySchema }, ({ query }) =>
  Requests.list(query.cursor),
);
