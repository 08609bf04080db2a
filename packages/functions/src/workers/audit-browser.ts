/**
 * The browser function's Chromium, one per run and closed when the run ends, and a deadline per
 * run. Only the browser function (packages/functions/src/browser/handler.ts) imports this: the
 * jobs worker holds the keys and no browser (docs/security.md, "The audit browser").
 */
import type { Browser } from "puppeteer-core";
import { jobTimeoutMs } from "./job-settings";

export {
  DEFAULT_JOB_TIMEOUT_MS,
  DEFAULT_MAX_RECEIVE_COUNT,
  jobTimeoutMs,
  maxReceiveCount,
} from "./job-settings";

/** How long a polite close may take before the process is killed. */
const CLOSE_GRACE_MS = 5_000;

export class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`The audit did not finish within ${Math.round(ms / 100) / 10} s`);
    this.name = "JobTimeoutError";
  }
}

/** Browsers of runs still going (closeAuditBrowser ends them when the process stops). */
const open = new Set<Promise<Browser>>();

/** Closes a browser, killing it if it will not close. */
async function closeBrowser(pending: Promise<Browser>): Promise<void> {
  open.delete(pending);
  const browser = await pending.catch(() => undefined);
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

/** Closes the browser of every run still going (the process is stopping). */
export async function closeAuditBrowser(): Promise<void> {
  await Promise.all([...open].map(closeBrowser));
}

/**
 * Runs `audit` on a Chromium of its own within the job deadline, and closes that Chromium when
 * the run ends, whatever happened. No run shares a browser with another: Lambda's Chromium runs
 * --single-process, where a fresh browser context per run is impossible, and closing the
 * browser also removes its profile folder (cookies, storage, cache) from /tmp
 * (docs/security.md, "The audit browser", "One browser per task").
 */
export async function withAuditBrowser<T>(
  audit: (browser: Browser) => Promise<T>,
  timeoutMs = jobTimeoutMs(),
): Promise<T> {
  // Loaded on first use: importing the registry must not load puppeteer.
  const launching = import("@portal/core/adapters/browser").then((m) => m.launchBrowser());
  open.add(launching);
  let timer: NodeJS.Timeout | undefined;
  try {
    const browser = await launching;
    const run = audit(browser);
    // If the deadline wins, the run is abandoned; closing the browser ends it.
    run.catch(() => undefined);
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobTimeoutError(timeoutMs)), timeoutMs);
    });
    return await Promise.race([run, deadline]);
  } finally {
    clearTimeout(timer);
    await closeBrowser(launching);
  }
}
