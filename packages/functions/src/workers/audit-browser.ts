/**
 * The browser function's one Chromium per Lambda container (launching costs a second or more,
 * and @sparticuz/chromium unpacks itself on the first launch) and a deadline per run. Only the
 * browser function (packages/functions/src/browser/handler.ts) imports this: the jobs worker
 * holds the keys and no browser (docs/security.md, "The audit browser").
 */
import type { Browser } from "puppeteer-core";
import { jobTimeoutMs } from "./job-settings";

export {
  DEFAULT_JOB_TIMEOUT_MS,
  DEFAULT_MAX_RECEIVE_COUNT,
  jobTimeoutMs,
  maxReceiveCount,
} from "./job-settings";

/** A browser nobody used for this long is closed (the local stack runs for hours). */
const IDLE_CLOSE_MS = 5 * 60_000;
/** How long a polite close may take before the process is killed. */
const CLOSE_GRACE_MS = 5_000;

export class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`The audit did not finish within ${Math.round(ms / 100) / 10} s`);
    this.name = "JobTimeoutError";
  }
}

let shared: Promise<Browser> | undefined;
let active = 0;
let idleTimer: NodeJS.Timeout | undefined;

async function acquire(): Promise<Browser> {
  if (shared) {
    const browser = await shared.catch(() => undefined);
    if (browser?.connected) return browser;
    shared = undefined;
  }
  // Loaded on first use: importing the registry must not load puppeteer.
  const launching = import("@portal/core/adapters/browser").then((m) => m.launchBrowser());
  shared = launching;
  // A failed launch is not kept: the next delivery tries again.
  launching.catch(() => {
    if (shared === launching) shared = undefined;
  });
  return launching;
}

/** Closes the shared browser (killing it if it will not close) so the next run starts fresh. */
export async function closeAuditBrowser(): Promise<void> {
  clearTimeout(idleTimer);
  const pending = shared;
  shared = undefined;
  const browser = await pending?.catch(() => undefined);
  if (!browser) return;
  const closed = browser.close().then(
    () => true,
    () => false,
  );
  const inTime = await Promise.race([
    closed,
    new Promise<false>((resolve) => setTimeout(() => resolve(false), CLOSE_GRACE_MS).unref()),
  ]);
  if (!inTime) browser.process()?.kill("SIGKILL");
}

function scheduleIdleClose() {
  clearTimeout(idleTimer);
  if (active > 0) return;
  idleTimer = setTimeout(() => {
    if (active === 0) void closeAuditBrowser();
  }, IDLE_CLOSE_MS);
  // An idle browser alone must not keep a finished process (a test run, the bench) alive.
  idleTimer.unref();
}

/**
 * Runs `audit` on the shared browser within the job deadline. On a timeout or any other
 * crash the browser is closed: it may be wedged, and the retry should not inherit it.
 * `isAnswer` tells errors that are the run's answer (a page refused or unscoreable), after
 * which the browser is fine and stays.
 */
export async function withAuditBrowser<T>(
  audit: (browser: Browser) => Promise<T>,
  isAnswer: (error: unknown) => boolean,
  timeoutMs = jobTimeoutMs(),
): Promise<T> {
  clearTimeout(idleTimer);
  active += 1;
  let timer: NodeJS.Timeout | undefined;
  try {
    const browser = await acquire();
    const run = audit(browser);
    // If the deadline wins, the run is abandoned; closing the browser ends it.
    run.catch(() => undefined);
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobTimeoutError(timeoutMs)), timeoutMs);
    });
    return await Promise.race([run, deadline]);
  } catch (error) {
    if (!isAnswer(error)) await closeAuditBrowser();
    throw error;
  } finally {
    clearTimeout(timer);
    active -= 1;
    scheduleIdleClose();
  }
}
