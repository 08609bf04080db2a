/** POST /api/staff/customers/{userId}/owner: make a person of an ownerless account its owner (audited). */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import { appointOwner } from "@portal/core/staff/appoint-owner";
import { api } from "../handler";

export const handler = api(
  "POST /api/staff/customers/{userId}/owner",
  contracts,
  ({ actor, params, body }) => appointOwner(asStaff(actor), params.userId, body.memberId),
);
