import { describe, expect, it } from "vitest";
import { formatLongDate, formatMoney } from "./format";

describe("page formats", () => {
  it("writes dates in US long format, on the UTC day", () => {
    expect(formatLongDate("2026-03-10T12:00:00.000Z")).toBe("March 10, 2026");
    expect(formatLongDate("2026-01-05T23:30:00.000Z")).toBe("January 5, 2026");
    expect(formatLongDate(null)).toBe("");
    expect(formatLongDate("not a date")).toBe("");
  });

  it("shows cents as US dollars", () => {
    expect(formatMoney(9900)).toBe("$99.00");
    expect(formatMoney(123456)).toBe("$1,234.56");
  });
});
