import { describe, expect, it } from "vitest";
import { dashboardSiteBadge, scoreBand, showsSeoUpsell, siteStatusBadge } from "./site-display";

describe("dashboardSiteBadge", () => {
  it("a suspended site shows Suspended, whatever its status", () => {
    expect(dashboardSiteBadge({ status: "live", suspendedAt: "2026-03-01T00:00:00.000Z" })).toEqual(
      { label: "Suspended", palette: "red" },
    );
    expect(dashboardSiteBadge({ status: "live", suspendedAt: null })).toEqual({
      label: "Live",
      palette: "green",
    });
  });
});

describe("siteStatusBadge", () => {
  it("labels the four stored statuses", () => {
    expect(siteStatusBadge("live")).toEqual({ label: "Live", palette: "green" });
    expect(siteStatusBadge("in_progress")).toEqual({ label: "In Progress", palette: "blue" });
    expect(siteStatusBadge("development")).toEqual({ label: "Development", palette: "yellow" });
    expect(siteStatusBadge("requested")).toEqual({ label: "Requested", palette: "gray" });
  });

  it("shows any other value as 'Requested' with the destructive badge", () => {
    for (const status of ["archived", "LIVE", "", null, undefined]) {
      expect(siteStatusBadge(status)).toEqual({ label: "Requested", palette: "red" });
    }
  });
});

describe("scoreBand", () => {
  it("is green from 90, orange from 75 to 89, red below 75", () => {
    expect(scoreBand(100)).toEqual({ text: "100%", palette: "green" });
    expect(scoreBand(90)).toEqual({ text: "90%", palette: "green" });
    expect(scoreBand(89)).toEqual({ text: "89%", palette: "orange" });
    expect(scoreBand(75)).toEqual({ text: "75%", palette: "orange" });
    expect(scoreBand(74)).toEqual({ text: "74%", palette: "red" });
    expect(scoreBand(0)).toEqual({ text: "0%", palette: "red" });
  });

  it("shows '--' without a score", () => {
    expect(scoreBand(null)).toEqual({ text: "--", palette: "gray" });
    expect(scoreBand(undefined)).toEqual({ text: "--", palette: "gray" });
  });
});

describe("showsSeoUpsell", () => {
  it("offers the package for a live site scoring below 85", () => {
    expect(showsSeoUpsell({ status: "live", performanceScore: 84 })).toBe(true);
    expect(showsSeoUpsell({ status: "live", performanceScore: 0 })).toBe(true);
  });

  it("not at 85 or above, without a score, or before the site is live", () => {
    expect(showsSeoUpsell({ status: "live", performanceScore: 85 })).toBe(false);
    expect(showsSeoUpsell({ status: "live", performanceScore: null })).toBe(false);
    expect(showsSeoUpsell({ status: "in_progress", performanceScore: 40 })).toBe(false);
    expect(showsSeoUpsell({ status: "requested", performanceScore: 40 })).toBe(false);
  });
});
