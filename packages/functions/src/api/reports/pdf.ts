/** GET /api/sites/{id}/reports/{month}/pdf: a short-lived download link of the month's PDF. */
import { contracts } from "@portal/core/contracts/api-areas/reports";
import * as ReportPdf from "@portal/core/reports/pdf-download";
import { api } from "../handler";
import { reportViewer } from "./viewer";

export const handler = api(
  "GET /api/sites/{id}/reports/{month}/pdf",
  contracts,
  ({ actor, params }) => ReportPdf.pdfDownload(reportViewer(actor), params.id, params.month),
);
