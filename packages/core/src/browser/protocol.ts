/**
 * What the jobs worker asks of the browser function and what it answers (docs/security.md,
 * "The audit browser"). The worker holds the keys and no browser; the browser function holds a
 * browser and no keys. Everything the browser needs travels in the request (the URL, the
 * outbound allowlist, the deadline, and for a screenshot a presigned PUT URL for one object);
 * everything it found travels back in the answer, which the worker checks again before it
 * stores anything: a browser that a page took over may answer anything.
 *
 * zod only: both sides import it, and the worker's bundle must not carry puppeteer.
 */
import { auditStrategySchema } from "../contracts/audits";
import * as z from "../contracts/zod";

/** The one image type a screenshot is stored as (core/sites/screenshot-capture.ts). */
export const SCREENSHOT_CONTENT_TYPE = "image/webp";
/** Each key is written once (the name carries a timestamp), so browsers may keep it. */
export const SCREENSHOT_CACHE_CONTROL = "private, max-age=86400, immutable";

/**
 * The largest screenshot the worker keeps. A 1280x800 WebP at the quality we use is 30-80 KB;
 * a page of noise stays far below this. A PUT URL cannot fix a length nobody knows before the
 * capture, so the worker checks the stored object against it and deletes one that is larger.
 */
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Lambda refuses a synchronous answer over 6 MB. The answers the product stores are bounded far
 * below (audits/result-bounds.ts, RESULT_MAX_BYTES); the browser refuses to send one above this.
 */
export const BROWSER_RESPONSE_MAX_BYTES = 6 * 1024 * 1024 - 64 * 1024;

/**
 * What a browser run may take beyond its deadline: a cold start unpacking Chromium, the launch
 * (both before the deadline's clock starts) and a screenshot's upload. The worker waits this
 * much longer than the deadline, and the browser function's Lambda timeout is at least the
 * default deadline plus this (stacks/Jobs.ts).
 */
export const BROWSER_OVERHEAD_MS = 20_000;

/** The monthly report's PDF (docs/reports.md): its one type, and the largest one kept. */
export const PDF_CONTENT_TYPE = "application/pdf";
export const PDF_MAX_BYTES = 5 * 1024 * 1024;
/** The report's HTML travels in the request (Lambda takes 6 MB); a report is a few dozen KB. */
export const PDF_HTML_MAX_CHARS = 1024 * 1024;

/** A refusal's message is shown to the customer: the browser cuts it to this. */
export const REFUSAL_MAX_CHARS = 2048;

const common = {
  url: z.string().check(z.minLength(1)),
  /** OUTBOUND_ALLOW_HOSTS of the worker's stage: the browser function has no bindings. */
  allowHosts: z.array(z.string()),
  /** The run's deadline, ms (workers/job-settings.ts jobTimeoutMs). */
  deadlineMs: z.number().check(z.int(), z.positive()),
};

export const browserRequestSchema = z.discriminatedUnion("task", [
  z.object({ task: z.literal("seo"), ...common }),
  z.object({ task: z.literal("lighthouse"), strategy: auditStrategySchema, ...common }),
  z.object({
    task: z.literal("screenshot"),
    ...common,
    /** How long the page may take to load, ms (screenshot-capture.ts navigationTimeoutMs). */
    navigationTimeoutMs: z.number().check(z.int(), z.positive()),
    /** Where the image goes: a presigned PUT for one key, signed with this content type. */
    upload: z.object({
      url: z.url({ protocol: /^https?$/ }),
      contentType: z.literal(SCREENSHOT_CONTENT_TYPE),
      maxBytes: z.number().check(z.int(), z.positive()),
    }),
  }),
  /**
   * Prints a self-contained HTML document (the monthly report) to PDF. The page loads nothing:
   * `url` is about:blank and the guard allows no host, so the HTML cannot reach out.
   */
  z.object({
    task: z.literal("pdf"),
    ...common,
    html: z.string().check(z.minLength(1), z.maxLength(PDF_HTML_MAX_CHARS)),
    upload: z.object({
      url: z.url({ protocol: /^https?$/ }),
      contentType: z.literal(PDF_CONTENT_TYPE),
      maxBytes: z.number().check(z.int(), z.positive()),
    }),
  }),
]);
export type BrowserRequest = z.infer<typeof browserRequestSchema>;
export type BrowserTask = BrowserRequest["task"];

export const browserResponseSchema = z.discriminatedUnion("outcome", [
  /** The run's result: an SeoResult, a LighthouseResult, or a screenshot's stored size. */
  z.object({ outcome: z.literal("done"), result: z.unknown() }),
  /** The answer is final (the guard refused an address, the page cannot be scored). */
  z.object({
    outcome: z.literal("refused"),
    message: z.string().check(z.maxLength(REFUSAL_MAX_CHARS)),
  }),
  /** The result would not fit what the product stores (its schema refused it). */
  z.object({ outcome: z.literal("unstorable") }),
]);
export type BrowserResponse = z.infer<typeof browserResponseSchema>;

/** The screenshot task's result. */
export const screenshotUploadSchema = z.object({
  bytes: z.number().check(z.int(), z.nonnegative()),
});
