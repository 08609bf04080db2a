/** GET /api/staff/audit-log: staff actions, newest first, filtered; nothing edits them. */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as AuditLog from "@portal/core/staff/audit-log";
import { api } from "../handler";

export const handler = api("GET /api/staff/audit-log", contracts, ({ query }) =>
  AuditLog.list(query),
);
