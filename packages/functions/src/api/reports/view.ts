/** GET /api/sites/{id}/reports/{month}: one month's care report, as much as the plan gets. */
import { reportParamsSchema } from "@portal/core/contracts/reports";
import * as Reports from "@portal/core/reports/index";
import { api } from "../handler";
import { reportViewer } from "./viewer";

export const handler = api({ params: reportParamsSchema }, ({ actor, identity, params }) =>
  Reports.viewReport(reportViewer(actor, identity.userId), params.id, params.month),
);
