/** The audit worker's own view of its queue and function (packages/functions/src/workers). */
import { describe, expect, it } from "vitest";
import { BROWSER_OVERHEAD_MS } from "../../packages/core/src/browser/protocol";
import {
  DEFAULT_JOB_TIMEOUT_MS,
  DEFAULT_MAX_RECEIVE_COUNT,
} from "../../packages/functions/src/workers/audit-browser";
import {
  BROWSER_TIMEOUT_SECONDS,
  MAX_RECEIVE_COUNT,
  WORKER_TIMEOUT_SECONDS,
} from "../../stacks/Jobs";

describe("audit worker settings", () => {
  it("knows the deployed queue's last delivery and stays inside the worker's timeout", () => {
    // The worker stores "failed" on the last delivery: it must be the redrive policy's count.
    expect(DEFAULT_MAX_RECEIVE_COUNT).toBe(MAX_RECEIVE_COUNT);
    // A run stopped at the deadline still leaves time to record the outcome before Lambda stops.
    expect(DEFAULT_JOB_TIMEOUT_MS).toBeLessThanOrEqual((WORKER_TIMEOUT_SECONDS - 20) * 1000);
    // The browser function lives as long as the worker waits for it, and the worker longer.
    expect(DEFAULT_JOB_TIMEOUT_MS + BROWSER_OVERHEAD_MS).toBeLessThanOrEqual(
      BROWSER_TIMEOUT_SECONDS * 1000,
    );
    expect(WORKER_TIMEOUT_SECONDS).toBeGreaterThan(BROWSER_TIMEOUT_SECONDS);
  });
});
