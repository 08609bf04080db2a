import { describe, expect, it } from "vitest";
import { longDate, longMonth } from "./long-date";

/** What the texts wrote before, through Intl: the hand-written format must agree with it. */
const intlDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const intlMonth = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  timeZone: "UTC",
});

describe("longDate", () => {
  it("writes every day of a leap year and the edges of the UTC day as Intl en-US does", () => {
    const start = Date.UTC(2028, 0, 1);
    for (let day = 0; day < 366; day++) {
      for (const offset of [0, 86_399_999]) {
        const at = new Date(start + day * 86_400_000 + offset).toISOString();
        expect(longDate(at)).toBe(intlDate.format(new Date(at)));
      }
    }
    expect(longDate("2026-03-08T23:30:00-05:00")).toBe("March 9, 2026");
  });

  it("gives the value as it came, or what the page asks for, when there is no date", () => {
    expect(longDate("not a date")).toBe("not a date");
    expect(longDate("not a date", "")).toBe("");
    expect(longDate(undefined)).toBe("");
    expect(longDate(null, "unknown")).toBe("unknown");
  });
});

describe("longMonth", () => {
  it("writes each month as Intl en-US does", () => {
    for (let m = 1; m <= 12; m++) {
      const month = `2026-${String(m).padStart(2, "0")}`;
      expect(longMonth(month)).toBe(intlMonth.format(new Date(`${month}-01T00:00:00Z`)));
    }
  });

  it("gives back what is not a month", () => {
    expect(longMonth("2026-13")).toBe("2026-13");
    expect(longMonth("October")).toBe("October");
  });
});
