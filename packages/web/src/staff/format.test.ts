import { describe, expect, it } from "vitest";
import { customerName, formatAge, formatMinutes } from "./format";

describe("customerName", () => {
  it("prefers the name, then the email", () => {
    expect(customerName({ firstName: "Ada", lastName: "Lovelace", email: "a@x.com" })).toBe(
      "Ada Lovelace",
    );
    expect(customerName({ firstName: "Ada", lastName: null, email: "a@x.com" })).toBe("Ada");
    expect(customerName({ firstName: null, lastName: null, email: "a@x.com" })).toBe("a@x.com");
    expect(customerName(null)).toBe("Unknown customer");
  });
});

describe("formatMinutes", () => {
  it.each([
    [null, "—"],
    [0, "0 min"],
    [45, "45 min"],
    [60, "1 h"],
    [190, "3 h 10 min"],
    [1440, "1 d"],
    [3120, "2 d 4 h"],
  ])("%s → %s", (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});

describe("formatAge", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  it("says how long ago, in the largest whole unit", () => {
    expect(formatAge("2026-11-20T12:00:00Z", now)).toBe("3 days ago");
    expect(formatAge("2026-11-23T09:00:00Z", now)).toBe("3 hours ago");
    expect(formatAge("2026-11-23T11:55:00Z", now)).toBe("5 minutes ago");
    expect(formatAge("2026-11-23T11:59:30Z", now)).toBe("just now");
    expect(formatAge("2026-11-22T12:00:00Z", now)).toBe("yesterday");
  });
  it("says nothing for a missing or unreadable date", () => {
    expect(formatAge(null, now)).toBe("");
    expect(formatAge("soon", now)).toBe("");
  });
});
