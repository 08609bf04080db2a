/**
 * The scheduled uptime run (docs/monitoring.md): every 5 minutes in production (stacks/Events.ts,
 * an EventBridge rule), on a timer in the local stack. Checks every live site once.
 */
import { runUptimeChecks } from "@portal/core/monitoring/index";

export async function handler() {
  const started = Date.now();
  const result = await runUptimeChecks();
  process.stdout.write(
    `${JSON.stringify({
      level: "info",
      msg: "uptime checks done",
      checked: result.checked,
      failed: result.results.filter((r) => !r.ok).length,
      events: result.results.flatMap((r) => r.events),
      ms: Date.now() - started,
    })}\n`,
  );
  return { checked: result.checked };
}
