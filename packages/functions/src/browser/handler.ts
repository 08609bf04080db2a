/**
 * The browser function: runs one screenshot, SEO, Lighthouse or PDF task on a Chromium started
 * for that task and closed after it, and answers with the result (core/browser/protocol.ts).
 * Its role has no IAM statement and it has no binding (stacks/Jobs.ts): a page that took
 * Chromium over finds no key that reaches the table or the bucket, only the presigned PUT of
 * the one object it was asked for, and no other task's data (docs/security.md, "The audit
 * browser"). The jobs worker invokes it synchronously and stores what it answers.
 */

import {
  BROWSER_RESPONSE_MAX_BYTES,
  type BrowserResponse,
  browserRequestSchema,
  REFUSAL_MAX_CHARS,
} from "@portal/core/browser/protocol";
import { $ZodError } from "@portal/core/contracts/zod";
import { DomainError } from "@portal/core/errors";
import { withAuditBrowser } from "../workers/audit-browser";

export async function handler(event: unknown): Promise<BrowserResponse> {
  // A malformed request is the worker's bug: thrown, so Lambda reports a function error.
  const request = browserRequestSchema.parse(event);
  // Loaded on first use: puppeteer and Lighthouse are large, and a bad request needs neither.
  const { runBrowserTask } = await import("@portal/core/browser/tasks");
  try {
    // Each task on a Chromium of its own, closed when it ends (audit-browser.ts).
    const result = await withAuditBrowser(
      (browser) => runBrowserTask(browser, request),
      request.deadlineMs,
    );
    const answer: BrowserResponse = { outcome: "done", result };
    // Over Lambda's 6 MB the invoke itself would fail, and retrying cannot make it smaller.
    if (Buffer.byteLength(JSON.stringify(answer)) > BROWSER_RESPONSE_MAX_BYTES) {
      return { outcome: "unstorable" };
    }
    return answer;
  } catch (error) {
    if (error instanceof DomainError) {
      return { outcome: "refused", message: error.message.slice(0, REFUSAL_MAX_CHARS) };
    }
    if (error instanceof $ZodError) return { outcome: "unstorable" };
    // A crash (Chromium died, the deadline passed): Lambda reports a function error and the
    // worker lets the queue retry.
    throw error;
  }
}
