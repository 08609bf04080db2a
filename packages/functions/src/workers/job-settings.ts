/**
 * The worker's settings for a job run: how long the browser may take for one run, and which
 * delivery is the last. Kept apart from audit-browser.ts (the browser function's side) so the
 * jobs worker, which runs no Chromium, does not bundle puppeteer (docs/security.md, "The audit
 * browser").
 */
import { BROWSER_OVERHEAD_MS } from "@portal/core/browser/protocol";

/**
 * A run that has not finished by then is a crash: Chromium or the page is stuck past every
 * timeout of its own (navigation 30 s, Lighthouse's page load 45 s). It stays under the
 * browser function's Lambda timeout (stacks/Jobs.ts), so the browser is still alive to answer
 * and the worker to record the outcome. AUDIT_JOB_TIMEOUT_MS overrides it (tests make it tiny
 * to provoke the crash path); the worker passes it to the browser with each run.
 */
export const DEFAULT_JOB_TIMEOUT_MS = 150_000;

/**
 * The browser function's Lambda timeout: the run's default deadline plus what a run may take
 * beyond it (a cold start unpacking Chromium, the launch, the upload).
 */
export const BROWSER_TIMEOUT_SECONDS = Math.ceil(
  (DEFAULT_JOB_TIMEOUT_MS + BROWSER_OVERHEAD_MS) / 1000,
);
/**
 * The jobs worker's Lambda timeout: it waits for the browser, then has 10 s to record the
 * outcome. A customer's worker slot is leased this long (core/browser/worker-share.ts).
 */
export const JOBS_WORKER_TIMEOUT_SECONDS = BROWSER_TIMEOUT_SECONDS + 10;

/**
 * Deliveries before the queue dead-letters a message: stacks/Jobs.ts MAX_RECEIVE_COUNT and the
 * local queue's default. JOBS_MAX_RECEIVE_COUNT overrides it for a queue set up otherwise.
 */
export const DEFAULT_MAX_RECEIVE_COUNT = 3;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function jobTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInt(env.AUDIT_JOB_TIMEOUT_MS, DEFAULT_JOB_TIMEOUT_MS);
}

export function maxReceiveCount(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInt(env.JOBS_MAX_RECEIVE_COUNT, DEFAULT_MAX_RECEIVE_COUNT);
}
