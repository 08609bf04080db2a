/**
 * The monthly report's PDF, the worker's part (docs/reports.md, "The PDF"): the report as HTML
 * (pdf-html.ts) goes to the browser function with a presigned PUT for one key under the site's
 * prefix (`…/reports/<month>.pdf` in the screenshots bucket); the worker checks what was stored
 * and records the key. The worker runs no browser (docs/security.md, "The audit browser").
 */
import * as Blobs from "../adapters/blobs";
import { BrowserRunError, runInBrowser } from "../browser/client";
import {
  BROWSER_OVERHEAD_MS,
  PDF_CONTENT_TYPE,
  PDF_MAX_BYTES,
  screenshotUploadSchema,
} from "../browser/protocol";
import { db } from "../db/service";
import { productName } from "../notifications/mail-settings";
import { pdfKeyOf, reportOf } from "./index";
import { pdfHtmlOf } from "./pdf-html";
import type { ReportPdfMessage } from "./pdf-message";
import { clearPending } from "./pdf-request";

export type PdfOutcome = { status: "stored"; key: string; bytes: number } | { status: "site-gone" };

export async function renderReportPdf(
  job: ReportPdfMessage,
  options: { deadlineMs: number; now?: Date },
): Promise<PdfOutcome> {
  const { userId, siteId, month } = job;
  const now = options.now ?? new Date();
  const { data: site } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!site) {
    await clearPending(job);
    return { status: "site-gone" };
  }
  const { data: stored } = await db.entities.monthlyReport
    .get({ userId, siteId, month })
    .go({ consistent: true });
  const report = await reportOf(site, month, stored, now);
  const html = pdfHtmlOf(report, { productName: productName(), note: stored?.note || null });
  const key = pdfKeyOf(userId, siteId, month);
  const expiresIn = Math.ceil((options.deadlineMs + BROWSER_OVERHEAD_MS) / 1000);
  const uploadUrl = await Blobs.presignedPutUrl(key, PDF_CONTENT_TYPE, expiresIn);
  screenshotUploadSchema.parse(
    await runInBrowser({
      task: "pdf",
      url: "about:blank",
      allowHosts: [],
      deadlineMs: options.deadlineMs,
      html,
      upload: { url: uploadUrl, contentType: PDF_CONTENT_TYPE, maxBytes: PDF_MAX_BYTES },
    }),
  );
  // What the browser says it stored is not trusted: the bucket is asked.
  const object = await Blobs.headObject(key);
  if (
    !object ||
    object.bytes === 0 ||
    object.bytes > PDF_MAX_BYTES ||
    object.contentType !== PDF_CONTENT_TYPE
  ) {
    if (object) await Blobs.deleteObject(key).catch(() => {});
    throw new BrowserRunError("The browser stored no usable PDF");
  }
  // Recorded only while the site is there: a site or account erased while the browser ran
  // would otherwise get a report item back, and keep a PDF in its erased prefix.
  const { canceled } = await db.transaction
    .write(({ site: sites, monthlyReport }) => [
      sites
        .check({ userId, siteId })
        .where(({ siteId: id }, { exists }) => exists(id))
        .commit(),
      monthlyReport.upsert({ userId, siteId, month, pdfKey: key }).commit(),
    ])
    .go();
  if (canceled) {
    await Blobs.deleteObject(key);
    return { status: "site-gone" };
  }
  await clearPending(job);
  return { status: "stored", key, bytes: object.bytes };
}
