/** GET /api/sites/{id}/uptime: the site's 30-day uptime, last incident and certificate expiry. */
import { siteIdParamsSchema } from "@portal/core/contracts/sites";
import * as Uptime from "@portal/core/monitoring/site-uptime";
import { api } from "../handler";

export const handler = api({ params: siteIdParamsSchema }, ({ identity, params }) =>
  Uptime.siteUptime(identity.userId, params.id),
);
