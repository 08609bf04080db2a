/** GET /api/sites/{id}/reports: the months of the site's monthly care report, newest first. */
import { contracts } from "@portal/core/contracts/api-areas/reports";
import * as Reports from "@portal/core/reports/index";
import { api } from "../handler";
import { reportViewer } from "./viewer";

export const handler = api("GET /api/sites/{id}/reports", contracts, ({ actor, params }) =>
  Reports.listMonths(reportViewer(actor), params.id),
);
