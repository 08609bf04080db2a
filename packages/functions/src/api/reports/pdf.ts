/** GET /api/sites/{id}/reports/{month}/pdf: a short-lived download link of the month's PDF. */
import { reportParamsSchema } from "@portal/core/contracts/reports";
import * as Reports from "@portal/core/reports/index";
import { api } from "../handler";
import { reportViewer } from "./viewer";

export const handler = api({ params: reportParamsSchema }, ({ actor, identity, params }) =>
  Reports.pdfDownload(reportViewer(actor, identity.userId), params.id, params.month),
);
