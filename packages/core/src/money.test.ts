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
});
