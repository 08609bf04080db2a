/** PUT /api/staff/customers/{userId}/sites/{siteId}/reports/{month}/note: the staff's note. */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Reports from "@portal/core/reports/index";
import { api } from "../handler";

export const handler = api(
  "PUT /api/staff/customers/{userId}/sites/{siteId}/reports/{month}/note",
  contracts,
  ({ actor, params, body }) =>
    Reports.setNote(asStaff(actor), params.userId, params.siteId, params.month, body.note),
);
