/**
 * Runs a local stack for the end-to-end suite in its own process. The integration suite starts
 * one in the Vitest main process, and a process can host only one (handlers read their env
 * once), so this one lives in a child. Prints {"url", "env"} on stdout once it listens.
 */
import { startLocalStack } from "@portal/devstack/local-stack";

const stack = await startLocalStack({
  port: 0,
  logRequests: false,
  // global-setup.ts passes its copy of packages/web/dist.
  webDist: process.env.E2E_WEB_DIST,
  // Views reach the report as soon as they are sent, rather than after production's window.
  queue: { pageViewsBatchWindowMs: 50 },
});
// env: so tests can call core against the same dynalite (set a customer's plan, seed data).
process.stdout.write(`${JSON.stringify({ url: stack.url, env: stack.env })}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
// The parent died without telling us: do not outlive it.
process.stdin.on("end", () => void stop());
process.stdin.resume();
