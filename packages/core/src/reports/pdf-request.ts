/**
 * The customer's request for a month's PDF (POST /api/sites/{id}/reports/{month}/pdf;
 * docs/reports.md, "The PDF"). Each one queues a Chromium job on the queue every customer's
 * previews, audits and review screenshots share, so (docs/security.md, "Background work"):
 *
 * - one PDF per site and month is pending at once: a request while one is pending answers
 *   that one and queues nothing (a marker, conditional on none being pending, that the worker
 *   clears when the PDF is stored, and that lapses after PDF_PENDING_MS should the job die);
 * - a customer queues at most PDF_REQUESTS_PER_HOUR an hour (429 beyond);
 * - and the job itself takes its turn within the customer's share of the workers
 *   (browser/worker-share.ts).
 */
import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { sendJob } from "../adapters/queue";
import { EXPIRES_AT } from "../analytics/visitor-mark";
import { documentClient, tableName } from "../db/client";
import { conditionalUpdate } from "../db/conditional-update";
import { takeHourly } from "../db/customer-share";
import { RateLimitError } from "../errors";
import { pdfRequest, type ReportViewer } from "./index";
import "./pdf-message";

/** PDFs one customer may ask for per clock hour (UTC). */
export const PDF_REQUESTS_PER_HOUR = 10;
/**
 * How long a request stays pending without its PDF being stored: longer than a job waits
 * for its customer's turn and runs with its retries, so only a lost job's marker lapses.
 */
export const PDF_PENDING_MS = 30 * 60_000;

export function pdfLimitMessage(minutes: number): string {
  return `You can ask for at most ${PDF_REQUESTS_PER_HOUR} report PDFs an hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

interface PdfJob {
  userId: string;
  siteId: string;
  month: string;
}

function pendingKey({ userId, siteId, month }: PdfJob) {
  return {
    pk: `$portal#reportPdfPending#userId_${userId}#siteId_${siteId}#month_${month}`,
    sk: "$reportPdfPending",
  };
}

/** Marks the site's month pending unless it is already; false when it was. */
function markPending(job: PdfJob, now: number): Promise<boolean> {
  return conditionalUpdate({
    key: pendingKey(job),
    update: "SET #until = :until, #expires = :expires",
    condition: "attribute_not_exists(#until) OR #until < :now",
    names: { "#until": "pendingUntil", "#expires": EXPIRES_AT },
    values: {
      ":until": now + PDF_PENDING_MS,
      ":now": now,
      ":expires": Math.floor((now + PDF_PENDING_MS) / 1000) + 86_400,
    },
  });
}

/** The month's PDF is no longer pending (stored, or its request not queued after all). */
export async function clearPending(job: PdfJob): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: pendingKey(job) }));
}

/**
 * Queues the month's PDF unless one is pending already (then that one is the answer): the
 * plan, the site and the month checked first, then the customer's hourly allowance.
 */
export async function requestPdf(
  viewer: ReportViewer,
  siteId: string,
  month: string,
  now = new Date(),
): Promise<{ queued: true }> {
  const job = await pdfRequest(viewer, siteId, month, now);
  if (!(await markPending(job, now.getTime()))) return { queued: true };
  try {
    const minutes = await takeHourly("reportPdfRequests", job.userId, PDF_REQUESTS_PER_HOUR, now);
    if (minutes !== undefined) throw new RateLimitError(pdfLimitMessage(minutes));
    await sendJob({ kind: "report-pdf", ...job });
  } catch (error) {
    await clearPending(job);
    throw error;
  }
  return { queued: true };
}
