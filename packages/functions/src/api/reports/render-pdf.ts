/** POST /api/sites/{id}/reports/{month}/pdf: renders the month's PDF on the jobs worker. */
import { reportParamsSchema } from "@portal/core/contracts/reports";
import { requestPdf } from "@portal/core/reports/pdf-request";
import { api } from "../handler";
import { reportViewer } from "./viewer";

export const handler = api({ params: reportParamsSchema }, async ({ actor, identity, params }) =>
  requestPdf(reportViewer(actor, identity.userId), params.id, params.month),
);
