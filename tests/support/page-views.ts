/**
 * Accepted page views reach the report through the page-views queue and its consumer
 * (docs/analytics.md "Write path"): tests that read the report after sending views wait here
 * until the local stack's queue has handed every view to the consumer and the consumer is done.
 */
import type { QueueState } from "@portal/devstack/queue";

export async function pageViewsCounted(stackUrl: string, timeoutMs = 15_000): Promise<QueueState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = (await (await fetch(`${stackUrl}/__devstack/page-views`)).json()) as QueueState;
    if (state.waiting === 0 && state.inFlight === 0) return state;
    if (Date.now() > deadline) {
      throw new Error(`page views still queued after ${timeoutMs} ms: ${JSON.stringify(state)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
