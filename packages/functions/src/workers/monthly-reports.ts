/**
 * The monthly care report run (docs/reports.md, "The monthly run"): hourly on the first day of
 * each month in production (stacks/Jobs.ts, an EventBridge rule), on a timer in the local
 * stack. Each invocation handles a bounded number of sites and leaves a cursor for the next.
 * The local stack's tests may pass the `month` to report, `fromStart` and a smaller
 * `maxSites`; the production rule's event has none of them, and the month before today is
 * reported.
 */
import { runMonthlyReports } from "@portal/core/reports/job";

/**
 * Headroom before the function's timeout (stacks/Jobs.ts MONTHLY_REPORTS_TIMEOUT_SECONDS) for
 * the site in progress: a minute, or a quarter of a shorter timeout.
 */
const HEADROOM_MS = 60_000;

export async function handler(
  event?: { month?: string; now?: string; fromStart?: boolean; maxSites?: number },
  context?: { getRemainingTimeInMillis?: () => number },
) {
  const started = Date.now();
  const remaining = context?.getRemainingTimeInMillis?.();
  const result = await runMonthlyReports({
    month: typeof event?.month === "string" ? event.month : undefined,
    now: event?.now ? new Date(event.now) : undefined,
    fromStart: event?.fromStart === true,
    maxSites: typeof event?.maxSites === "number" ? event.maxSites : undefined,
    timeBudgetMs:
      remaining === undefined ? undefined : remaining - Math.min(HEADROOM_MS, remaining / 4),
  });
  process.stdout.write(
    `${JSON.stringify({
      level: "info",
      msg: "monthly reports run",
      month: result.month,
      processed: result.processed,
      sent: result.sent,
      done: result.done,
      ms: Date.now() - started,
    })}\n`,
  );
  return result;
}
