/**
 * The "report-pdf" job's message (workers/report-pdf.ts), declared on the Jobs queue's port.
 * No imports, so the routes that queue it carry nothing of the worker's code.
 */
export interface ReportPdfMessage {
  userId: string;
  siteId: string;
  month: string;
}

declare module "../adapters/queue" {
  interface JobMessages {
    "report-pdf": ReportPdfMessage;
  }
}
