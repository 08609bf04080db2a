import { describe, expect, it } from "vitest";
import { DEFAULT_GRACE_PERIOD_DAYS, deletionTime, gracePeriodDays } from "./grace-period";

describe("gracePeriodDays", () => {
  it("takes whole days from 1 to 90", () => {
    expect(gracePeriodDays("1")).toBe(1);
    expect(gracePeriodDays("14")).toBe(14);
    expect(gracePeriodDays("90")).toBe(90);
  });

  it("falls back to 7 days for empty, zero, too long, fractional or garbage values", () => {
    for (const raw of ["", "0", "91", "2.5", "-3", "seven", " 7"]) {
      expect(gracePeriodDays(raw)).toBe(DEFAULT_GRACE_PERIOD_DAYS);
    }
    expect(DEFAULT_GRACE_PERIOD_DAYS).toBe(7);
  });
});

describe("deletionTime", () => {
  const now = new Date("2026-03-01T12:00:00.000Z");

  it("is the end plus whole days, when the end is now or ahead", () => {
    expect(deletionTime(new Date("2026-03-01T12:00:00.000Z"), 7, now).toISOString()).toBe(
      "2026-03-08T12:00:00.000Z",
    );
    expect(deletionTime(new Date("2026-03-02T10:00:00.000Z"), 7, now).toISOString()).toBe(
      "2026-03-09T10:00:00.000Z",
    );
  });

  it("counts from now when the end is past (a late or resent event), never from before", () => {
    const endedLongAgo = new Date("2026-02-01T00:00:00.000Z");
    expect(deletionTime(endedLongAgo, 7, now).toISOString()).toBe("2026-03-08T12:00:00.000Z");
    // Without a `now`, the clock's: a deletion date in the past is never set.
    expect(deletionTime(endedLongAgo, 7).getTime()).toBeGreaterThan(Date.now());
  });
});
