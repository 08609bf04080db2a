/** GET /api/sites/{id}/uptime: the site's 30-day uptime, last incident and certificate expiry. */
import { contracts } from "@portal/core/contracts/api-areas/sites";
import * as Uptime from "@portal/core/monitoring/site-uptime";
import { api } from "../handler";

export const handler = api("GET /api/sites/{id}/uptime", contracts, ({ actor, params }) =>
  Uptime.siteUptime(actor.accountId, params.id),
);
