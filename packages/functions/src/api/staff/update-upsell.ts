/** PATCH /api/staff/customers/{userId}/upsells/{upsellId}: mark an upgrade started or done. */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Upsells from "@portal/core/staff/upsells";
import { api } from "../handler";

export const handler = api(
  "PATCH /api/staff/customers/{userId}/upsells/{upsellId}",
  contracts,
  ({ actor, params, body }) =>
    Upsells.setWorkStatus(asStaff(actor), params.userId, params.upsellId, body.workStatus),
);
