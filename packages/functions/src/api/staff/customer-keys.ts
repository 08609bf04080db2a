/** GET /api/staff/customers/{userId}/api-keys: the customer's API keys (metadata only). */
import { apiKeyListSchema } from "@portal/core/contracts/developer";
import { staffCustomerParamsSchema } from "@portal/core/contracts/staff";
import * as StaffApiKeys from "@portal/core/staff/api-keys";
import { api } from "../handler";

export const handler = api(
  { params: staffCustomerParamsSchema, response: apiKeyListSchema },
  ({ params }) => StaffApiKeys.list(params.userId),
);
