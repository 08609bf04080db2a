/** DELETE /api/staff/customers/{userId}/api-keys/{apiKeyId}: revoke a customer's key (audited). */
import { asStaff } from "@portal/core/access/actor";
import { apiKeySchema } from "@portal/core/contracts/developer";
import { staffApiKeyParamsSchema } from "@portal/core/contracts/staff";
import * as StaffApiKeys from "@portal/core/staff/api-keys";
import { api } from "../handler";

export const handler = api(
  { params: staffApiKeyParamsSchema, response: apiKeySchema },
  ({ actor, params }) => StaffApiKeys.revoke(asStaff(actor), params.userId, params.apiKeyId),
);
