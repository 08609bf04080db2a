/** GET /api/sites/{id}/reports/{month}: one month's care report, as much as the plan gets. */
import { contracts } from "@portal/core/contracts/api-areas/reports";
import * as Reports from "@portal/core/reports/index";
import { api } from "../handler";
import { reportViewer } from "./viewer";

export const handler = api("GET /api/sites/{id}/reports/{month}", contracts, ({ actor, params }) =>
  Reports.viewReport(reportViewer(actor), params.id, params.month),
);
