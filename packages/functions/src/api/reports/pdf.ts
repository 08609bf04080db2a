/** GET /api/sites/{id}/reports/{month}/pdf: a short-lived download link of the month's PDF. */
import { reportParamsSchema } from "@portal/core/contracts/reports";
import * as ReportPdf from "@portal/core/reports/pdf-download";
import { api } from "../handler";
import { reportViewer } from "./viewer";

export const handler = api({ params: reportParamsSchema }, ({ actor, identity, params }) =>
  ReportPdf.pdfDownload(reportViewer(actor, identity.userId), params.id, params.month),
);
