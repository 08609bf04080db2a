/** GET /api/staff/customers/{userId}/files: a customer's files (?siteId= for one site), no links. */

import * as StaffFiles from "@portal/core/content/staff";
import { contentListQuerySchema, contentListSchema } from "@portal/core/contracts/content";
import { staffCustomerParamsSchema } from "@portal/core/contracts/staff";
import { api } from "../handler";

export const handler = api(
  { params: staffCustomerParamsSchema, query: contentListQuerySchema, response: contentListSchema },
  ({ params, query }) => StaffFiles.list(params.userId, { siteId: query.siteId }),
);
