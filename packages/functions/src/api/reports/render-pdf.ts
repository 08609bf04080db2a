/** POST /api/sites/{id}/reports/{month}/pdf: renders the month's PDF on the jobs worker. */
import { contracts } from "@portal/core/contracts/api-areas/reports";
import { requestPdf } from "@portal/core/reports/pdf-request";
import { api } from "../handler";
import { reportViewer } from "./viewer";

export const handler = api(
  "POST /api/sites/{id}/reports/{month}/pdf",
  contracts,
  async ({ actor, params }) => requestPdf(reportViewer(actor), params.id, params.month),
);
