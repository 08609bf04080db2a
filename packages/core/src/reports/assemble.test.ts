import { describe, expect, it } from "vitest";
import { assembleReport, type StoredMonth } from "./assemble";
import { monthBounds, monthsBetween } from "./month";
import { recommend } from "./recommend";
import { describeChange, incidentDuration, percentChange } from "./words";

const SITE = "01JSITE0000000000000000000";
const now = new Date("2026-11-01T06:00:00.000Z");

function lighthouseRun(at: string, performance: number, strategy = "mobile") {
  return {
    siteId: SITE,
    status: "done",
    strategy,
    createdAt: at,
    finishedAt: at,
    result: { scores: { performance, accessibility: 90, bestPractices: 95, seo: 88, pwa: null } },
  };
}

function seoRun(at: string, score: number, errors: number) {
  return {
    siteId: SITE,
    status: "done",
    createdAt: at,
    finishedAt: at,
    result: {
      url: "https://example.com/",
      score,
      loadTime: 1.2,
      pageSize: 120_000,
      links: { internal: 4, external: 1 },
      issues: [
        ...Array.from({ length: errors }, (_, i) => ({
          rule: `e${i}`,
          type: "error",
          title: `Missing meta description ${i}`,
          description: "",
          impact: "high",
        })),
        { rule: "ok", type: "success", title: "Has a title", description: "", impact: "low" },
      ],
      metaTitle: "Home",
      metaDescription: null,
      headings: [],
      images: [],
    },
  };
}

/** A month of October 2026 with data of every kind, September for comparison. */
function october(overrides: Partial<StoredMonth> = {}): StoredMonth {
  const days = Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, "0")}`);
  return {
    site: { siteId: SITE, name: "Bakery" },
    month: "2026-10",
    uptimeDays: [
      { day: "2026-09-15", checks: 288, failures: 0, responseMsTotal: 288 * 200 },
      ...days.map((day) => ({
        day,
        checks: 288,
        failures: day === "2026-10-10" ? 6 : 0,
        responseMsTotal: (day === "2026-10-10" ? 282 : 288) * 300,
      })),
    ],
    incidents: [
      // Began in September, ended 30 minutes into October: only those 30 minutes count.
      {
        startedAt: "2026-09-30T23:40:00.000Z",
        endedAt: "2026-10-01T00:30:00.000Z",
        reason: "timeout",
      },
      {
        startedAt: "2026-10-10T10:00:00.000Z",
        endedAt: "2026-10-10T10:25:00.000Z",
        reason: "HTTP 502",
      },
      // Over before the month: not listed.
      { startedAt: "2026-09-20T10:00:00.000Z", endedAt: "2026-09-20T11:00:00.000Z", reason: "old" },
    ],
    certExpiresAt: "2027-01-30T00:00:00.000Z",
    analytics: {
      days: 31,
      visitors: 1200,
      pageViews: 3000,
      topPages: [
        { key: "/", count: 1500 },
        { key: "/menu", count: 900 },
      ],
      topReferrers: [{ key: "google.com", count: 400 }],
    },
    previousAnalytics: { days: 30, visitors: 1000, pageViews: 2500 },
    previousReport: null,
    lighthouse: [
      lighthouseRun("2026-10-02T09:00:00.000Z", 92),
      lighthouseRun("2026-10-20T09:00:00.000Z", 80),
      lighthouseRun("2026-10-25T09:00:00.000Z", 99, "desktop"),
      lighthouseRun("2026-10-29T09:00:00.000Z", 84),
      // Another site's run and a September run: not this report's.
      { ...lighthouseRun("2026-10-05T09:00:00.000Z", 10), siteId: "01JOTHER00000000000000000" },
      lighthouseRun("2026-09-28T09:00:00.000Z", 50),
    ],
    seo: [seoRun("2026-10-03T00:00:00.000Z", 70, 0), seoRun("2026-10-28T00:00:00.000Z", 74, 2)],
    tickets: [
      {
        ticketId: "T1",
        siteId: SITE,
        title: "Change opening hours",
        status: "resolved",
        createdAt: "2026-09-29T10:00:00.000Z",
        updatedAt: "2026-10-02T10:00:00.000Z",
        resolutionTime: 3 * 24 * 60,
      },
      {
        ticketId: "T2",
        siteId: SITE,
        title: "Still open",
        status: "open",
        createdAt: "2026-10-05T10:00:00.000Z",
        updatedAt: "2026-10-05T10:00:00.000Z",
      },
      {
        ticketId: "T3",
        siteId: SITE,
        title: "Resolved in September",
        status: "closed",
        createdAt: "2026-09-01T10:00:00.000Z",
        updatedAt: "2026-10-15T10:00:00.000Z",
        resolutionTime: 60,
      },
    ],
    upsells: [
      {
        siteId: SITE,
        title: "SEO package",
        isPurchased: true,
        purchasedAt: "2026-10-12T08:00:00.000Z",
        workStatus: "done",
      },
      { siteId: SITE, title: "Offered only", isPurchased: false, workStatus: "not_started" },
    ],
    activities: [
      {
        siteId: SITE,
        type: "site_updated",
        description: "New menu page",
        createdAt: "2026-10-08T08:00:00.000Z",
      },
      {
        siteId: SITE,
        type: "ticket_created",
        description: "Ticket",
        createdAt: "2026-10-08T09:00:00.000Z",
      },
    ],
    ...overrides,
  };
}

describe("assembleReport", () => {
  it("computes the month's figures and the change against the month before", () => {
    const report = assembleReport(october(), now);
    expect(report.hasData).toBe(true);
    expect(report.previousMonth).toBe("2026-09");
    expect(report.uptime).toMatchObject({ checks: 31 * 288, failures: 6, avgResponseMs: 300 });
    // (8928 - 6) / 8928 = 99.93 %, cut to one decimal
    expect(report.uptime.percent).toBe(99.9);
    expect(report.uptime.previousPercent).toBe(100);
    expect(report.uptime.incidents.map((i) => [i.reason, i.minutes])).toEqual([
      ["timeout", 30],
      ["HTTP 502", 25],
    ]);
    expect(report.certificate?.daysLeft).toBe(90);
    expect(report.traffic).toMatchObject({
      visitors: 1200,
      pageViews: 3000,
      previousVisitors: 1000,
      visitorsChange: 20,
      pageViewsChange: 20,
    });
    expect(report.traffic.topPages[0]).toEqual({ key: "/", count: 1500 });
    expect(report.lighthouse.trend.map((p) => p.performance)).toEqual([92, 80, 99, 84]);
    expect(report.lighthouse.latest?.performance).toBe(84);
    // Mobile runs only: 84 - 92.
    expect(report.lighthouse.performanceChange).toBe(-8);
    expect(report.seo).toMatchObject({
      score: 74,
      openIssues: [{ type: "error" }, { type: "error" }],
    });
    expect(report.work.ticketsResolved.map((t) => t.title)).toEqual(["Change opening hours"]);
    expect(report.work.upgrades).toEqual([
      { title: "SEO package", at: "2026-10-12T08:00:00.000Z", status: "done" },
    ]);
    expect(report.work.siteChanges.map((c) => c.description)).toEqual(["New menu page"]);
    expect(report.recommendation).toBe(
      'Fix the 2 SEO errors, starting with "Missing meta description 0".',
    );
  });

  it("a month with nothing stored says so: nulls, not zeros", () => {
    const empty = october({
      uptimeDays: [],
      incidents: [],
      certExpiresAt: undefined,
      analytics: { days: 0, visitors: 0, pageViews: 0, topPages: [], topReferrers: [] },
      previousAnalytics: { days: 0, visitors: 0, pageViews: 0 },
      lighthouse: [],
      seo: [],
      tickets: [],
      upsells: [],
      activities: [],
    });
    const report = assembleReport(empty, now);
    expect(report.hasData).toBe(false);
    expect(report.uptime.percent).toBeNull();
    expect(report.uptime.avgResponseMs).toBeNull();
    expect(report.traffic.visitors).toBeNull();
    expect(report.traffic.pageViews).toBeNull();
    expect(report.traffic.visitorsChange).toBeNull();
    expect(report.lighthouse.latest).toBeNull();
    expect(report.seo).toBeNull();
    expect(report.recommendation).toMatch(/Nothing was measured/);
  });

  it("a real zero stays a zero: a month of day items without views", () => {
    const quiet = october({
      analytics: { days: 31, visitors: 0, pageViews: 0, topPages: [], topReferrers: [] },
    });
    const report = assembleReport(quiet, now);
    expect(report.traffic.visitors).toBe(0);
    expect(report.traffic.visitorsChange).toBe(-100);
  });

  it("takes the previous month's figures from its frozen report when there is one", () => {
    const frozen = assembleReport(october(), now);
    const november = assembleReport(
      october({
        month: "2026-11",
        previousReport: frozen,
        previousAnalytics: { days: 0, visitors: 0, pageViews: 0 },
      }),
      new Date("2026-12-01T00:00:00.000Z"),
    );
    expect(november.traffic.previousVisitors).toBe(1200);
    expect(november.uptime.previousPercent).toBe(99.9);
  });

  it("an incident still open is counted up to the month's end", () => {
    const open = october({
      incidents: [{ startedAt: "2026-10-31T23:00:00.000Z", reason: "down" }],
    });
    expect(assembleReport(open, now).uptime.incidents[0]).toMatchObject({
      endedAt: null,
      minutes: 60,
    });
  });
});

describe("recommend", () => {
  const base = assembleReport(october({ seo: [] }), now);

  it("puts an expiring certificate first", () => {
    expect(recommend({ ...base, certificate: { expiresAt: "x", daysLeft: 5 } })).toBe(
      "Renew the site's certificate: it expires in 5 days.",
    );
  });

  it("then outages, SEO errors, a falling performance score", () => {
    expect(recommend({ ...base, uptime: { ...base.uptime, percent: 97.2 } })).toMatch(
      /^Look into the 2 outages behind 97.2% uptime/,
    );
    expect(base.lighthouse.performanceChange).toBe(-8);
    expect(recommend(base)).toBe(
      "Performance fell by 8 points this month: review the images and scripts added lately.",
    );
  });

  it("says all is healthy when no rule applies", () => {
    const steady = { ...base, lighthouse: { ...base.lighthouse, performanceChange: 2 } };
    expect(recommend(steady)).toMatch(/^All healthy/);
  });
});

describe("months", () => {
  it("bounds a month in UTC and lists months newest first", () => {
    expect(monthBounds("2026-02")).toMatchObject({ firstDay: "2026-02-01", lastDay: "2026-02-28" });
    expect(monthBounds("2026-12").end.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(monthsBetween("2026-11", "2027-02", 12)).toEqual([
      "2027-02",
      "2027-01",
      "2026-12",
      "2026-11",
    ]);
    expect(() => monthBounds("2026-13")).toThrow(/Not a month/);
  });

  it("computes a change only against a base", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(150, 0)).toBeNull();
    expect(percentChange(null, 100)).toBeNull();
  });
});

describe("words", () => {
  it("writes changes and durations", () => {
    expect(describeChange(99.9, 100, "points")).toBe("-0.1 points on last month");
    expect(describeChange(120, 100, "percent")).toBe("+20% on last month");
    expect(describeChange(null, 100, "percent")).toBe("");
    expect(incidentDuration({ minutes: 85, endedAt: "x" })).toBe("1 h 25 min");
    expect(incidentDuration({ minutes: 25, endedAt: null })).toBe("25 min, ongoing");
  });
});
