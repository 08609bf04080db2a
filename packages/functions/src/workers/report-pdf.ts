/**
 * Job kind "report-pdf": the monthly report of one site and month printed to PDF by the
 * browser function and stored under the site's prefix (core/reports/pdf-job; docs/reports.md).
 * Queued by the monthly report job for the plans with the full report, and by
 * POST /api/sites/{id}/reports/{month}/pdf.
 */
import * as z from "@portal/core/contracts/zod";
import { defineJob } from "./define-job";
import { jobTimeoutMs } from "./job-settings";

export const reportPdfJob = defineJob({
  kind: "report-pdf",
  payload: {
    userId: z.string().check(z.minLength(1)),
    siteId: z.string().check(z.minLength(1)),
    month: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  },
  async run(message) {
    // Loaded on first use: core's data layer reads its table binding at import.
    const { renderReportPdf } = await import("@portal/core/reports/pdf-job");
    // A browser that fails is thrown: the message is retried, then dead-lettered.
    await renderReportPdf(message, { deadlineMs: jobTimeoutMs() });
  },
});
