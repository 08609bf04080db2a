import { describe, expect, it } from "vitest";
import {
  countryName,
  niceMax,
  pagesPerVisitor,
  percentOf,
  shortDay,
  singlePageShare,
} from "./figures";

describe("overview figures", () => {
  it("derives pages per visitor and the single-page share from the totals", () => {
    const totals = { visitors: 4, pageViews: 10, singlePageVisitors: 1 };
    expect(pagesPerVisitor(totals)).toBe("2.5");
    expect(singlePageShare(totals)).toBe(25);
  });

  it("has no figure, rather than a made-up one, before the first visitor", () => {
    const none = { visitors: 0, pageViews: 0, singlePageVisitors: 0 };
    expect(pagesPerVisitor(none)).toBeNull();
    expect(singlePageShare(none)).toBeNull();
  });

  it("rounds shares and guards an empty total", () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe("labels", () => {
  it("names countries and keeps unknown as such", () => {
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("unknown")).toBe("Unknown");
  });

  it("shows UTC days as short dates", () => {
    expect(shortDay("2025-06-01")).toBe("Jun 1");
  });

  it("rounds the chart's scale up to 1, 2, 4, 6 or 8 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(4);
    expect(niceMax(5)).toBe(6);
    expect(niceMax(9)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(200)).toBe(200);
    expect(niceMax(201)).toBe(400);
  });
});
