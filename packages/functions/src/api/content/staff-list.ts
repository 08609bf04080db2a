/** GET /api/staff/customers/{userId}/files: a customer's files (?siteId= for one site), no links. */

import * as StaffFileList from "@portal/core/content/staff-list";
import { contentListQuerySchema, contentListSchema } from "@portal/core/contracts/content";
import { staffCustomerParamsSchema } from "@portal/core/contracts/staff";
import { api } from "../handler";

export const handler = api(
  { params: staffCustomerParamsSchema, query: contentListQuerySchema, response: contentListSchema },
  ({ params, query }) => StaffFileList.list(params.userId, { siteId: query.siteId }),
);
