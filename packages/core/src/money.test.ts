import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("writes cents in the invoice's currency", () => {
    expect(formatMoney(4900)).toBe("$49.00");
    expect(formatMoney(123456, "usd")).toBe("$1,234.56");
    expect(formatMoney(1250, "eur")).toBe("€12.50");
  });

  it("leaves off the cents of a whole amount when asked for the short form", () => {
    expect(formatMoney(4900, "usd", "short")).toBe("$49");
    expect(formatMoney(4950, "usd", "short")).toBe("$49.50");
  });

  it("writes an unknown currency code after the amount", () => {
    expect(formatMoney(1250, "not-a-code")).toBe("12.50 NOT-A-CODE");
  });

  it("writes dollars as Intl en-US does, without making a formatter", () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat("en-US", {
        style: "currency",
        currency: "USD",
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    const exact = intl(2);
    const short = intl(0);
    const amounts = [0, 1, 5, 99, 100, 4900, 4950, 99_999, 100_000, 123_456, 100_000_000];
    for (const cents of [
      ...amounts,
      ...amounts.map((c) => -c),
      123_456_789_01,
      0.5,
      2.5,
      -2.5,
      -0.4,
    ]) {
      expect(formatMoney(cents)).toBe(exact.format(cents / 100));
      expect(formatMoney(cents, "USD")).toBe(exact.format(cents / 100));
      if (cents % 100 === 0)
        expect(formatMoney(cents, "usd", "short")).toBe(short.format(cents / 100));
    }
  });

  it("leaves what is not a number to Intl", () => {
    expect(formatMoney(Number.NaN)).toBe("$NaN");
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe("$∞");
  });
});
