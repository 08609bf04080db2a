/** GET /api/staff/customers/{userId}/mail: the mail sent to the account, newest first. */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as CustomerMail from "@portal/core/staff/customer-mail";
import { api } from "../handler";

export const handler = api(
  "GET /api/staff/customers/{userId}/mail",
  contracts,
  ({ params, query }) => CustomerMail.list(params.userId, query.cursor),
);
