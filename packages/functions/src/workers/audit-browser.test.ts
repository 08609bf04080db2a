import { describe, expect, it } from "vitest";
import { DEFAULT_JOB_TIMEOUT_MS, jobTimeoutMs, maxReceiveCount } from "./audit-browser";

// That the defaults agree with stacks/Jobs.ts is checked in tests/infra/audit-worker.test.ts
// (loading the stacks takes seconds).
describe("audit worker settings", () => {
  it("takes positive whole-number overrides and ignores anything else", () => {
    expect(jobTimeoutMs({ AUDIT_JOB_TIMEOUT_MS: "1500" })).toBe(1500);
    expect(jobTimeoutMs({ AUDIT_JOB_TIMEOUT_MS: "-1" })).toBe(DEFAULT_JOB_TIMEOUT_MS);
    expect(jobTimeoutMs({})).toBe(DEFAULT_JOB_TIMEOUT_MS);
    expect(maxReceiveCount({ JOBS_MAX_RECEIVE_COUNT: "5" })).toBe(5);
    expect(maxReceiveCount({ JOBS_MAX_RECEIVE_COUNT: "two" })).toBe(3);
  });
});
