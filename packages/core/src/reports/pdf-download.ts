/** GET /api/sites/{id}/reports/{month}/pdf: the month's PDF, as a short-lived link (docs/reports.md). */
import { presignedGetUrl } from "../adapters/blobs";
import type { ReportPdf } from "../contracts/reports";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { ownedSite, type ReportViewer, reportableMonth, requireFullReport } from "./index";

/** How long a PDF download link stays valid. */
export const PDF_URL_SECONDS = 5 * 60;

/** A presigned download of the month's PDF; 404 until the worker has rendered it. */
export async function pdfDownload(
  user: ReportViewer,
  siteId: string,
  month: string,
  now = new Date(),
): Promise<ReportPdf> {
  await requireFullReport(user);
  await ownedSite(user.userId, siteId);
  const wanted = reportableMonth(month, now);
  const { data: stored } = await db.entities.monthlyReport
    .get({ userId: user.userId, siteId, month: wanted })
    .go({ consistent: true });
  if (!stored?.pdfKey) throw new NotFoundError("The PDF of this month is not ready yet");
  const url = await presignedGetUrl(stored.pdfKey, PDF_URL_SECONDS, `report-${wanted}.pdf`);
  return { url, expiresAt: new Date(now.getTime() + PDF_URL_SECONDS * 1000).toISOString() };
}
