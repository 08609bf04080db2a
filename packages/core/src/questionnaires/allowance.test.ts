import { describe, expect, it } from "vitest";
import { isId } from "../db/ids";
import { allowanceMessage, siteAllowance } from "./allowance";
import { derivedId } from "./derived-id";

describe("siteAllowance", () => {
  it("is 1 for Starter, 3 for Pro, unlimited for Enterprise", () => {
    expect(siteAllowance("starter")).toBe(1);
    expect(siteAllowance("pro")).toBe(3);
    expect(siteAllowance("enterprise")).toBe(Number.POSITIVE_INFINITY);
  });

  it("gives a customer whose plan is not stored yet the Starter allowance", () => {
    expect(siteAllowance(null)).toBe(1);
    expect(siteAllowance(undefined)).toBe(1);
  });

  it("says what the plan includes", () => {
    expect(allowanceMessage("starter")).toBe(
      "Your Starter plan includes 1 website. Upgrade your plan to request another website.",
    );
    expect(allowanceMessage("pro")).toBe(
      "Your Pro plan includes 3 websites. Upgrade your plan to request another website.",
    );
  });
});

describe("derivedId", () => {
  it("is a valid id, the same for the same inputs, different for another seed", () => {
    const time = Date.parse("2026-03-01T12:00:00.000Z");
    const a = derivedId(time, "site:one");
    expect(isId(a)).toBe(true);
    expect(derivedId(time, "site:one")).toBe(a);
    expect(derivedId(time, "site:two")).not.toBe(a);
  });

  it("sorts by its time like any other id", () => {
    const early = derivedId(Date.parse("2026-03-01T12:00:00.000Z"), "zzz");
    const late = derivedId(Date.parse("2026-03-01T12:00:00.001Z"), "aaa");
    expect(early < late).toBe(true);
  });
});
