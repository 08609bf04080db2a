/** GET /api/staff/requests: every customer's questionnaire, newest first (docs/console.md). */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Requests from "@portal/core/staff/requests";
import { api } from "../handler";

export const handler = api("GET /api/staff/requests", contracts, ({ query }) =>
  Requests.list(query.cursor),
);
