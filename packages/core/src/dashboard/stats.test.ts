import { describe, expect, it } from "vitest";
import { computeStats } from "./stats";

const now = new Date("2026-03-10T12:00:00.000Z");
const user = { createdAt: "2026-03-01T12:00:00.001Z" };

describe("computeStats", () => {
  it("counts live sites only as active", () => {
    const sites = [
      { status: "live" },
      { status: "live" },
      { status: "requested" },
      { status: "in_progress" },
      { status: "development" },
    ];
    expect(computeStats({ user, sites, tickets: [] }, now).activeSites).toBe(2);
  });

  it("a live site suspended because the subscription ended is not active", () => {
    const sites = [{ status: "live" }, { status: "live", suspendedAt: "2026-03-01T00:00:00.000Z" }];
    expect(computeStats({ user, sites, tickets: [] }, now).activeSites).toBe(1);
  });

  it("averages the scores of the sites that have one, rounded", () => {
    const sites = [
      { status: "live", performanceScore: 90 },
      { status: "live", performanceScore: 85 },
      { status: "requested" },
      { status: "live", performanceScore: null },
      { status: "live", performanceScore: 80 },
    ];
    // (90 + 85 + 80) / 3 = 85
    expect(computeStats({ user, sites, tickets: [] }, now).avgPerformance).toBe(85);
    const halves = [
      { status: "live", performanceScore: 90 },
      { status: "live", performanceScore: 91 },
    ];
    expect(computeStats({ user, sites: halves, tickets: [] }, now).avgPerformance).toBe(91);
    // A site with a score of 0 has a score.
    const zero = [
      { status: "live", performanceScore: 0 },
      { status: "live", performanceScore: 50 },
    ];
    expect(computeStats({ user, sites: zero, tickets: [] }, now).avgPerformance).toBe(25);
  });

  it("has no average when no site has a score", () => {
    const sites = [{ status: "requested" }];
    expect(computeStats({ user, sites, tickets: [] }, now).avgPerformance).toBeNull();
    expect(computeStats({ user, sites: [], tickets: [] }, now).avgPerformance).toBeNull();
  });

  it("counts open and in-progress tickets as open", () => {
    const tickets = [
      { status: "open" },
      { status: "in_progress" },
      { status: "resolved" },
      { status: "closed" },
      { status: "open" },
    ];
    expect(computeStats({ user, sites: [], tickets }, now).openTickets).toBe(3);
  });

  it("counts whole days since the user record was created", () => {
    // 8 days, 23 h 59 min 59.999 s: not yet 9 days.
    expect(computeStats({ user, sites: [], tickets: [] }, now).daysActive).toBe(8);
    const exact = { createdAt: "2026-03-01T12:00:00.000Z" };
    expect(computeStats({ user: exact, sites: [], tickets: [] }, now).daysActive).toBe(9);
    const today = { createdAt: now.toISOString() };
    expect(computeStats({ user: today, sites: [], tickets: [] }, now).daysActive).toBe(0);
    const ahead = { createdAt: "2026-03-10T12:00:05.000Z" };
    expect(computeStats({ user: ahead, sites: [], tickets: [] }, now).daysActive).toBe(0);
  });
});
