import { describe, expect, it } from "vitest";
import {
  AUDIT_URL_MESSAGES,
  lighthouseAnalyzeRequestSchema,
  normalizeAuditUrl,
  seoAnalyzeRequestSchema,
} from "./audit-jobs";

describe("audit URL", () => {
  it.each([
    ["https://Bakery.Example.com", "https://bakery.example.com/"],
    ["  bakery.example.com/menu?x=1#top  ", "https://bakery.example.com/menu?x=1"],
    ["http://bakery.example.com:80/", "http://bakery.example.com/"],
    ["https://bakery.example.com:8443/a", "https://bakery.example.com:8443/a"],
    ["bakery.example.com:8080", "https://bakery.example.com:8080/"],
    ["https://bakery.example.com./", "https://bakery.example.com/"],
    ["https://bäckerei.de", "https://xn--bckerei-5wa.de/"],
    ["http://127.0.0.1:4321/page", "http://127.0.0.1:4321/page"],
    ["http://0x7f000001/", "http://127.0.0.1/"],
    ["http://[::1]:8080/", "http://[::1]:8080/"],
  ])("%s → %s", (input, url) => {
    expect(normalizeAuditUrl(input)).toEqual({ url });
  });

  it.each([
    ["", AUDIT_URL_MESSAGES.required],
    ["   ", AUDIT_URL_MESSAGES.required],
    ["ftp://bakery.example.com/", AUDIT_URL_MESSAGES.scheme],
    ["javascript:alert(1)", AUDIT_URL_MESSAGES.scheme],
    ["file:///etc/passwd", AUDIT_URL_MESSAGES.scheme],
    ["https://user:pw@bakery.example.com/", AUDIT_URL_MESSAGES.credentials],
    ["https://bakery/", AUDIT_URL_MESSAGES.hostname],
    ["localhost:3000", AUDIT_URL_MESSAGES.hostname],
    ["https://bakery.example.c0m/", AUDIT_URL_MESSAGES.hostname],
    // The URL parser reads a name ending in digits as an IPv4 address, and this is none.
    ["https://bakery.example.123/", AUDIT_URL_MESSAGES.invalid],
    ["https://-bad-.example.com/", AUDIT_URL_MESSAGES.hostname],
    ["https://bakery.test/", AUDIT_URL_MESSAGES.reserved],
    ["https://app.localhost/", AUDIT_URL_MESSAGES.reserved],
    ["https://exa mple.com/", AUDIT_URL_MESSAGES.invalid],
    [`https://example.com/${"a".repeat(2048)}`, AUDIT_URL_MESSAGES.tooLong],
  ])("refuses %.60s", (input, error) => {
    expect(normalizeAuditUrl(input)).toEqual({ error });
  });
});

describe("analyze requests", () => {
  it("defaults the Lighthouse strategy to mobile and keeps desktop", () => {
    expect(lighthouseAnalyzeRequestSchema.parse({ url: "example.com" })).toEqual({
      url: "https://example.com/",
      strategy: "mobile",
    });
    expect(
      lighthouseAnalyzeRequestSchema.parse({ url: "https://example.com", strategy: "desktop" })
        .strategy,
    ).toBe("desktop");
    expect(
      lighthouseAnalyzeRequestSchema.safeParse({ url: "https://example.com", strategy: "tablet" })
        .success,
    ).toBe(false);
  });

  it("reports the URL rule as the url field's message", () => {
    const parsed = seoAnalyzeRequestSchema.safeParse({ url: "ftp://example.com" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["url", AUDIT_URL_MESSAGES.scheme],
    ]);
  });

  it("accepts a site id only in our id format", () => {
    expect(
      seoAnalyzeRequestSchema.safeParse({
        url: "example.com",
        siteId: "01JABCDEFGHJKMNPQRSTVWXYZ0",
      }).success,
    ).toBe(true);
    expect(seoAnalyzeRequestSchema.safeParse({ url: "example.com", siteId: "../x" }).success).toBe(
      false,
    );
  });
});
