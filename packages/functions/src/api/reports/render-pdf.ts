/** POST /api/sites/{id}/reports/{month}/pdf: renders the month's PDF on the jobs worker. */
import { sendJob } from "@portal/core/adapters/queue";
import { reportParamsSchema } from "@portal/core/contracts/reports";
import * as Reports from "@portal/core/reports/index";
import "@portal/core/reports/pdf-message";
import { api } from "../handler";
import { reportViewer } from "./viewer";

export const handler = api({ params: reportParamsSchema }, async ({ actor, identity, params }) => {
  const job = await Reports.pdfRequest(
    reportViewer(actor, identity.userId),
    params.id,
    params.month,
  );
  await sendJob({ kind: "report-pdf", ...job });
  return { queued: true as const };
});
