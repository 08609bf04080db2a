/** DELETE /api/staff/customers/{userId}/api-keys/{apiKeyId}: revoke a customer's key (audited). */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as StaffApiKeys from "@portal/core/staff/api-keys";
import { api } from "../handler";

export const handler = api(
  "DELETE /api/staff/customers/{userId}/api-keys/{apiKeyId}",
  contracts,
  ({ actor, params }) => StaffApiKeys.revoke(asStaff(actor), params.userId, params.apiKeyId),
);
