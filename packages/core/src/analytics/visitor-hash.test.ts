import { describe, expect, it } from "vitest";
import { addressHash, dailySalt, utcDay, visitorHash } from "./visitor-hash";

const secret = "s".repeat(40);
const visitor = {
  secret,
  day: "2025-06-01",
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0",
  siteId: "01JSITEAAAAAAAAAAAAAAAAAAA",
};

describe("daily salted visitor hash", () => {
  it("is the same for the same visitor, site and day", () => {
    expect(visitorHash(visitor)).toBe(visitorHash({ ...visitor }));
    expect(visitorHash(visitor)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("changes when the day changes: the salt rotates daily", () => {
    expect(dailySalt(secret, "2025-06-01").equals(dailySalt(secret, "2025-06-02"))).toBe(false);
    expect(visitorHash(visitor)).not.toBe(visitorHash({ ...visitor, day: "2025-06-02" }));
  });

  it("differs between sites, addresses, browsers and secrets", () => {
    const base = visitorHash(visitor);
    expect(visitorHash({ ...visitor, siteId: "01JSITEBBBBBBBBBBBBBBBBBBB" })).not.toBe(base);
    expect(visitorHash({ ...visitor, ip: "203.0.113.8" })).not.toBe(base);
    expect(visitorHash({ ...visitor, userAgent: `${visitor.userAgent} ` })).not.toBe(base);
    expect(visitorHash({ ...visitor, secret: "t".repeat(40) })).not.toBe(base);
  });

  it("contains neither the address nor the salt", () => {
    const hash = visitorHash(visitor);
    expect(hash).not.toContain(visitor.ip);
    expect(hash).not.toContain(dailySalt(secret, visitor.day).toString("base64url").slice(0, 8));
  });

  it("refuses a short secret", () => {
    expect(() => visitorHash({ ...visitor, secret: "short" })).toThrow(/at least 32/);
  });

  it("uses UTC days", () => {
    expect(utcDay(new Date("2025-06-01T23:59:59-05:00"))).toBe("2025-06-02");
    expect(utcDay(new Date("2025-06-01T00:00:00Z"))).toBe("2025-06-01");
  });
});

describe("address hash (the rate limit's key)", () => {
  const address = { secret, day: "2025-06-01", address: "203.0.113.7", siteId: visitor.siteId };

  it("depends on address, site and day only: no user agent goes in", () => {
    expect(addressHash(address)).toBe(addressHash({ ...address }));
    expect(addressHash(address)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(addressHash({ ...address, address: "203.0.113.8" })).not.toBe(addressHash(address));
    expect(addressHash({ ...address, siteId: "01JSITEBBBBBBBBBBBBBBBBBBB" })).not.toBe(
      addressHash(address),
    );
    expect(addressHash({ ...address, day: "2025-06-02" })).not.toBe(addressHash(address));
  });

  it("is not the visitor hash of the same address", () => {
    expect(addressHash(address)).not.toBe(visitorHash({ ...visitor, userAgent: "" }));
    expect(addressHash(address)).not.toContain(address.address);
  });
});
