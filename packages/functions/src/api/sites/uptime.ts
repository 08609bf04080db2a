/** GET /api/sites/{id}/uptime: the site's 30-day uptime, last incident and certificate expiry. */
import { siteIdParamsSchema } from "@portal/core/contracts/sites";
import * as Monitoring from "@portal/core/monitoring/index";
import { api } from "../handler";

export const handler = api({ params: siteIdParamsSchema }, ({ identity, params }) =>
  Monitoring.siteUptime(identity.userId, params.id),
);
