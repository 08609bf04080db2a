import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import {
  checkRecords,
  claimExpiry,
  DOMAIN_MESSAGES,
  dnsRecordsFor,
  isClaimExpired,
  isVerified,
  normalizeDomain,
  ownDomainsFor,
  pointsAtUs,
} from "./domain-rules";
import { claimTtlDays } from "./domain-settings";

const settings = {
  cnameTarget: "sites.hostingco.net",
  aRecord: "203.0.113.10",
  ownDomains: ownDomainsFor("sites.hostingco.net", "https://portal.mysiteportal.com"),
  claimTtlDays: 7,
};

function refusal(input: string): string {
  try {
    normalizeDomain(input, settings);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fields?.domain ?? "";
  }
  throw new Error(`${input} was accepted`);
}

describe("normalizeDomain", () => {
  it.each([
    ["Bakery-Shop.com", "bakery-shop.com"],
    ["  www.Bakery-Shop.com.  ", "www.bakery-shop.com"],
    ["shop.bakery.co.uk", "shop.bakery.co.uk"],
    ["bücher.de", "xn--bcher-kva.de"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeDomain(input, settings)).toBe(expected);
  });

  it.each([
    ["", DOMAIN_MESSAGES.required],
    ["https://bakery-shop.com", DOMAIN_MESSAGES.format],
    ["bakery-shop.com/menu", DOMAIN_MESSAGES.format],
    ["bakery-shop.com:8080", DOMAIN_MESSAGES.format],
    ["user@bakery-shop.com", DOMAIN_MESSAGES.format],
    ["bakery shop.com", DOMAIN_MESSAGES.format],
    ["-bakery.com", DOMAIN_MESSAGES.format],
    ["bakery..com", DOMAIN_MESSAGES.format],
    ["localhost", DOMAIN_MESSAGES.format],
    [`${"a".repeat(64)}.com`, DOMAIN_MESSAGES.format],
    ["203.0.113.7", DOMAIN_MESSAGES.ip],
    ["3405803783", DOMAIN_MESSAGES.ip],
    ["0xcb.0.113.7", DOMAIN_MESSAGES.ip],
    ["0xcb007107", DOMAIN_MESSAGES.ip],
    ["0313.0.0x71.7", DOMAIN_MESSAGES.ip],
    ["[::1]", DOMAIN_MESSAGES.format],
    ["co.uk", DOMAIN_MESSAGES.suffix],
    ["bakery.123", DOMAIN_MESSAGES.format],
    ["bakery.c0m", DOMAIN_MESSAGES.suffix],
    ["bakery.test", DOMAIN_MESSAGES.reserved],
    ["shop.localhost", DOMAIN_MESSAGES.reserved],
    ["example.com", DOMAIN_MESSAGES.reserved],
    ["sites.hostingco.net", DOMAIN_MESSAGES.own],
    ["evil.hostingco.net", DOMAIN_MESSAGES.own],
    ["mysiteportal.com", DOMAIN_MESSAGES.own],
    ["portal.mysiteportal.com", DOMAIN_MESSAGES.own],
  ])("refuses %s", (input, message) => {
    expect(refusal(input)).toBe(message);
  });
});

describe("dnsRecordsFor (docs/domains.md)", () => {
  it("www domain: one CNAME named www", () => {
    expect(dnsRecordsFor("www.bakery-shop.com", settings)).toEqual([
      { type: "CNAME", name: "www", value: "sites.hostingco.net", host: "www.bakery-shop.com" },
    ]);
  });

  it("apex domain: a CNAME named @ plus the A record", () => {
    expect(dnsRecordsFor("bakery-shop.co.uk", settings)).toEqual([
      { type: "CNAME", name: "@", value: "sites.hostingco.net", host: "bakery-shop.co.uk" },
      { type: "A", name: "@", value: "203.0.113.10", host: "bakery-shop.co.uk" },
    ]);
  });

  it("deeper sub-domain: the CNAME is named for its own labels", () => {
    expect(dnsRecordsFor("order.shop.bakery-shop.com", settings)).toEqual([
      {
        type: "CNAME",
        name: "order.shop",
        value: "sites.hostingco.net",
        host: "order.shop.bakery-shop.com",
      },
    ]);
  });
});

describe("the ownership TXT record", () => {
  it("sits under _portal-verify beside the name and holds the claim's token", () => {
    expect(dnsRecordsFor("www.bakery-shop.com", settings, "abc123").at(-1)).toEqual({
      type: "TXT",
      name: "_portal-verify.www",
      value: "portal-verify=abc123",
      host: "_portal-verify.www.bakery-shop.com",
    });
    expect(dnsRecordsFor("bakery-shop.co.uk", settings, "abc123").at(-1)).toMatchObject({
      name: "_portal-verify",
      host: "_portal-verify.bakery-shop.co.uk",
    });
    expect(dnsRecordsFor("bakery-shop.com", settings).map((r) => r.type)).toEqual(["CNAME", "A"]);
  });

  const records = dnsRecordsFor("www.bakery-shop.com", settings, "tok3n");
  const pointed = { "www.bakery-shop.com": ["sites.hostingco.net"] };
  const answers = (txt: string[]) => ({
    cname: new Map(Object.entries(pointed)),
    a: new Map<string, string[]>(),
    txt: new Map([["_portal-verify.www.bakery-shop.com", txt]]),
  });

  it("pointing at us without the token is not verified: someone else's records prove nothing", () => {
    const checks = checkRecords(records, answers([]));
    expect(pointsAtUs("www.bakery-shop.com", checks)).toBe(true);
    expect(isVerified("www.bakery-shop.com", checks)).toBe(false);
    // Another claim's token, a token in other case, or a prefix of it: still not.
    for (const wrong of ["portal-verify=0ther", "portal-verify=TOK3N", "portal-verify=tok"]) {
      expect(isVerified("www.bakery-shop.com", checkRecords(records, answers([wrong])))).toBe(
        false,
      );
    }
  });

  it("the exact token among other TXT values verifies; a claim verified before needs none", () => {
    const checks = checkRecords(records, answers(["v=spf1 -all", " portal-verify=tok3n "]));
    expect(checks.at(-1)).toMatchObject({ type: "TXT", ok: true });
    expect(isVerified("www.bakery-shop.com", checks)).toBe(true);
    expect(isVerified("www.bakery-shop.com", checkRecords(records, answers([])), true)).toBe(true);
  });
});

describe("claim expiry", () => {
  const created = Date.parse("2026-03-01T12:00:00Z");
  const day = 24 * 60 * 60 * 1000;

  it("an unverified claim lapses after the configured days; a verified one never", () => {
    const claim = {
      createdAt: new Date(created).toISOString(),
      expiresAt: claimExpiry(created, settings),
    };
    expect(claim.expiresAt).toBe("2026-03-08T12:00:00.000Z");
    expect(isClaimExpired(claim, created + 7 * day - 1, settings)).toBe(false);
    expect(isClaimExpired(claim, created + 7 * day, settings)).toBe(true);
    expect(
      isClaimExpired({ ...claim, verifiedAt: claim.createdAt }, created + 99 * day, settings),
    ).toBe(false);
    // Stored before claims had an expiry: counted from its creation.
    expect(isClaimExpired({ createdAt: claim.createdAt }, created + 8 * day, settings)).toBe(true);
  });

  it("the stage setting: whole days 1-90, anything else the 7-day default", () => {
    expect(claimTtlDays("3")).toBe(3);
    expect(claimTtlDays("90")).toBe(90);
    for (const raw of ["", "0", "91", "2.5", "-1", "week"]) expect(claimTtlDays(raw)).toBe(7);
  });
});

describe("checkRecords and isVerified", () => {
  const answers = (cname: Record<string, string[]>, a: Record<string, string[]>) => ({
    cname: new Map(Object.entries(cname)),
    a: new Map(Object.entries(a)),
  });

  it("www domain verifies on its CNAME only", () => {
    const records = dnsRecordsFor("www.bakery-shop.com", settings);
    const good = checkRecords(
      records,
      answers({ "www.bakery-shop.com": ["sites.hostingco.net"] }, {}),
    );
    expect(good[0]).toMatchObject({ ok: true, found: ["sites.hostingco.net"] });
    expect(pointsAtUs("www.bakery-shop.com", good)).toBe(true);

    const wrong = checkRecords(records, answers({ "www.bakery-shop.com": ["other.net"] }, {}));
    expect(pointsAtUs("www.bakery-shop.com", wrong)).toBe(false);
    expect(pointsAtUs("www.bakery-shop.com", checkRecords(records, answers({}, {})))).toBe(false);
  });

  it("apex verifies when every A answer is ours", () => {
    const records = dnsRecordsFor("bakery-shop.com", settings);
    const ours = checkRecords(records, answers({}, { "bakery-shop.com": ["203.0.113.10"] }));
    expect(pointsAtUs("bakery-shop.com", ours)).toBe(true);

    const mixed = checkRecords(
      records,
      answers({}, { "bakery-shop.com": ["203.0.113.10", "198.51.100.4"] }),
    );
    expect(mixed[1]).toMatchObject({ ok: false });
    expect(pointsAtUs("bakery-shop.com", mixed)).toBe(false);

    const wrong = checkRecords(records, answers({}, { "bakery-shop.com": ["198.51.100.4"] }));
    expect(pointsAtUs("bakery-shop.com", wrong)).toBe(false);
  });
});
