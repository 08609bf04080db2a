/** PATCH /api/staff/customers/{userId}/sites/{siteId}: status, url and liveUrl of a site. */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Sites from "@portal/core/staff/sites";
import { api } from "../handler";

export const handler = api(
  "PATCH /api/staff/customers/{userId}/sites/{siteId}",
  contracts,
  ({ actor, params, body }) => Sites.update(asStaff(actor), params.userId, params.siteId, body),
);
