/** GET /api/staff/customers/{userId}/files: a customer's files (?siteId= for one site), no links. */

import * as StaffFileList from "@portal/core/content/staff-list";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import { api } from "../handler";

export const handler = api(
  "GET /api/staff/customers/{userId}/files",
  contracts,
  ({ params, query }) => StaffFileList.list(params.userId, { siteId: query.siteId }),
);
