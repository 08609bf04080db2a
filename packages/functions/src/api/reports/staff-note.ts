/** PUT /api/staff/customers/{userId}/sites/{siteId}/reports/{month}/note: the staff's note. */
import { asStaff } from "@portal/core/access/actor";
import { reportNoteSchema, staffReportParamsSchema } from "@portal/core/contracts/reports";
import * as Reports from "@portal/core/reports/index";
import { api } from "../handler";

export const handler = api(
  { params: staffReportParamsSchema, body: reportNoteSchema },
  ({ actor, params, body }) =>
    Reports.setNote(asStaff(actor), params.userId, params.siteId, params.month, body.note),
);
