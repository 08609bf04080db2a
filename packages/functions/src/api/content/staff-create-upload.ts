/** POST /api/staff/customers/{userId}/uploads: a presigned upload to a customer's files (audited). */

import { asStaff } from "@portal/core/access/actor";
import * as StaffFiles from "@portal/core/content/staff";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import { api } from "../handler";

export const handler = api(
  "POST /api/staff/customers/{userId}/uploads",
  contracts,
  ({ actor, params, body }) => StaffFiles.createUpload(asStaff(actor), params.userId, body),
);
