/**
 * Every job kind the worker runs. Adding one is one file (workers/<kind>.ts exporting a
 * `defineJob(...)`) and one entry here; the worker's message union is built from this list.
 */
import type { AnyJobKind } from "./define-job";
import { lighthouseJob } from "./lighthouse";
import { reportPdfJob } from "./report-pdf";
import { reviewScreenshotJob } from "./review-screenshot";
import { screenshotJob } from "./screenshot";
import { seoJob } from "./seo";

export const jobKinds: readonly AnyJobKind[] = [
  screenshotJob,
  seoJob,
  lighthouseJob,
  reviewScreenshotJob,
  reportPdfJob,
];
