/** GET /api/staff/customers/{userId}/api-keys: the customer's API keys (metadata only). */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as StaffApiKeys from "@portal/core/staff/api-keys";
import { api } from "../handler";

export const handler = api("GET /api/staff/customers/{userId}/api-keys", contracts, ({ params }) =>
  StaffApiKeys.list(params.userId),
);
