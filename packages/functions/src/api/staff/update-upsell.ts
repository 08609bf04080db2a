/** PATCH /api/staff/customers/{userId}/upsells/{upsellId}: mark an upgrade started or done. */
import { asStaff } from "@portal/core/access/actor";
import { staffUpsellParamsSchema, staffUpsellUpdateSchema } from "@portal/core/contracts/staff";
import * as Upsells from "@portal/core/staff/upsells";
import { api } from "../handler";

export const handler = api(
  { params: staffUpsellParamsSchema, body: staffUpsellUpdateSchema },
  ({ actor, params, body }) =>
    Upsells.setWorkStatus(asStaff(actor), params.userId, params.upsellId, body.workStatus),
);
