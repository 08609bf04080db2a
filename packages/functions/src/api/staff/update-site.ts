/** PATCH /api/staff/customers/{userId}/sites/{siteId}: status, url and liveUrl of a site. */
import { asStaff } from "@portal/core/access/actor";
import { staffSiteParamsSchema, staffSiteUpdateSchema } from "@portal/core/contracts/staff";
import * as Sites from "@portal/core/staff/sites";
import { api } from "../handler";

export const handler = api(
  { params: staffSiteParamsSchema, body: staffSiteUpdateSchema },
  ({ actor, params, body }) => Sites.update(asStaff(actor), params.userId, params.siteId, body),
);
