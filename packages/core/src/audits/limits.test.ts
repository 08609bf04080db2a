/** The rules for starting a run (limits, duplicates, stale jobs), as pure functions. */
import { describe, expect, it } from "vitest";
import { RateLimitError } from "../errors";
import { limitsFromConfig } from "./config";
import { admit, effectiveStatus, type RunSummary } from "./limits";

const NOW = new Date("2026-03-01T12:00:00.000Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
const limits = { maxInFlight: 3, maxPerHour: 20 };

type Run = RunSummary;
let n = 0;
function run(fields: Partial<Run> & { minutesAgo?: number }): Run {
  n += 1;
  return {
    kind: "lighthouse",
    jobId: `01J${String(n).padStart(23, "0")}`,
    url: `https://site-${n}.example.com/`,
    strategy: "mobile",
    status: "done",
    createdAt: minutesAgo(fields.minutesAgo ?? 5),
    ...fields,
  };
}
const want = (fields: Partial<Run> = {}) => ({
  kind: "lighthouse" as const,
  url: "https://bakery.example.com/",
  strategy: "mobile" as const,
  ...fields,
});

describe("admit", () => {
  it("lets a run start under both limits", () => {
    expect(admit([run({}), run({ status: "running" })], want(), limits, NOW)).toEqual({
      duplicate: undefined,
    });
  });

  it("answers the identical run in flight instead of a new one, even at the limit", () => {
    const twin = run({ url: "https://bakery.example.com/", status: "queued" });
    const others = [run({ status: "running" }), run({ status: "running" })];
    expect(admit([...others, twin], want(), limits, NOW).duplicate).toBe(twin);
  });

  it("does not count another strategy, kind or a finished run as identical", () => {
    const url = "https://bakery.example.com/";
    const runs = [
      run({ url, strategy: "desktop", status: "queued" }),
      run({ url, kind: "seo", strategy: null, status: "running" }),
      run({ url, status: "done" }),
    ];
    expect(admit(runs, want(), limits, NOW).duplicate).toBeUndefined();
    // …while the SEO one is the duplicate of an SEO request.
    expect(admit(runs, want({ kind: "seo", strategy: null }), limits, NOW).duplicate).toBe(runs[1]);
  });

  it("refuses a fourth run in flight across both kinds", () => {
    const runs = [
      run({ status: "queued" }),
      run({ status: "running", kind: "seo", strategy: null }),
      run({ status: "running" }),
    ];
    expect(() => admit(runs, want(), limits, NOW)).toThrow(RateLimitError);
    expect(() => admit(runs, want(), limits, NOW)).toThrow(
      "You already have 3 analyses in progress. Please wait for one to finish before starting another.",
    );
  });

  it("refuses past the hourly limit and says when room comes back", () => {
    // 20 runs, the oldest 50 minutes ago: it leaves the hour in 10 minutes.
    const runs = Array.from({ length: 20 }, (_, i) => run({ minutesAgo: 50 - i }));
    expect(() => admit(runs, want(), limits, NOW)).toThrow(
      "You have reached the limit of 20 analyses per hour. Please try again in 10 minutes.",
    );
    // Runs older than an hour do not count.
    const older = runs.map((r, i) => (i === 0 ? { ...r, createdAt: minutesAgo(61) } : r));
    expect(admit(older, want(), limits, NOW).duplicate).toBeUndefined();
  });

  it("takes configured limits", () => {
    const runs = [run({ status: "queued" })];
    expect(() => admit(runs, want(), { maxInFlight: 1, maxPerHour: 20 }, NOW)).toThrow(
      "You already have 1 analysis in progress.",
    );
    expect(() => admit(runs, want(), { maxInFlight: 5, maxPerHour: 1 }, NOW)).toThrow(
      "Please try again in 55 minutes.",
    );
  });
});

describe("stale jobs", () => {
  it("reads a job queued or running for an hour as failed, and stops counting it", () => {
    expect(effectiveStatus({ status: "running", createdAt: minutesAgo(59) }, NOW)).toBe("running");
    expect(effectiveStatus({ status: "queued", createdAt: minutesAgo(60) }, NOW)).toBe("failed");
    expect(effectiveStatus({ status: "done", createdAt: minutesAgo(600) }, NOW)).toBe("done");
  });
});

describe("limits from configuration", () => {
  it("falls back to 3 in flight and 20 per hour when the parameters are not bound", async () => {
    expect(await limitsFromConfig()).toEqual({ maxInFlight: 3, maxPerHour: 20 });
  });
});
