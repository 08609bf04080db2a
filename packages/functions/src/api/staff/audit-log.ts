/** GET /api/staff/audit-log: staff actions, newest first, filtered; nothing edits them. */
import { auditLogQuerySchema } from "@portal/core/contracts/staff";
import * as AuditLog from "@portal/core/staff/audit-log";
import { api } from "../handler";

export const handler = api({ query: auditLogQuerySchema }, ({ query }) => AuditLog.list(query));
