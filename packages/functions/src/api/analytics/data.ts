/** GET /api/analytics/data?site=&range=7d|30d|90d: one of the caller's sites' aggregates (404 otherwise). */

import { report } from "@portal/core/analytics/report";
import { contracts } from "@portal/core/contracts/api-areas/analytics";
import { api } from "../handler";

export const handler = api("GET /api/analytics/data", contracts, ({ actor, query }) =>
  report(actor.accountId, query.site, query.range),
);
