/**
 * The scheduled deletion of sites whose grace period is over (docs/billing.md "When a
 * subscription ends"): hourly in production (stacks/Events.ts, an EventBridge rule), on a
 * timer in the local stack. `now` may be given by the local stack's tests, which drive time
 * forward instead of waiting; the production rule's event has none.
 */
import { runSiteDeletions } from "@portal/core/billing/sites-deletion-job";

export async function handler(event?: { now?: string }) {
  const started = Date.now();
  const now = event?.now ? new Date(event.now) : new Date();
  const result = await runSiteDeletions(now);
  process.stdout.write(
    `${JSON.stringify({
      level: result.failed.length > 0 ? "error" : "info",
      msg: "site deletions done",
      deleted: result.deleted,
      skipped: result.skipped.length,
      failed: result.failed,
      ms: Date.now() - started,
    })}\n`,
  );
  return result;
}
