import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import {
  checkRecords,
  DOMAIN_MESSAGES,
  dnsRecordsFor,
  isVerified,
  normalizeDomain,
  ownDomainsFor,
} from "./domain-rules";

const settings = {
  cnameTarget: "sites.hostingco.net",
  aRecord: "203.0.113.10",
  ownDomains: ownDomainsFor("sites.hostingco.net", "https://portal.mysiteportal.com"),
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

describe("dnsRecordsFor (part 2 §9)", () => {
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
    expect(isVerified("www.bakery-shop.com", good)).toBe(true);

    const wrong = checkRecords(records, answers({ "www.bakery-shop.com": ["other.net"] }, {}));
    expect(isVerified("www.bakery-shop.com", wrong)).toBe(false);
    expect(isVerified("www.bakery-shop.com", checkRecords(records, answers({}, {})))).toBe(false);
  });

  it("apex verifies when every A answer is ours", () => {
    const records = dnsRecordsFor("bakery-shop.com", settings);
    const ours = checkRecords(records, answers({}, { "bakery-shop.com": ["203.0.113.10"] }));
    expect(isVerified("bakery-shop.com", ours)).toBe(true);

    const mixed = checkRecords(
      records,
      answers({}, { "bakery-shop.com": ["203.0.113.10", "198.51.100.4"] }),
    );
    expect(mixed[1]).toMatchObject({ ok: false });
    expect(isVerified("bakery-shop.com", mixed)).toBe(false);

    const wrong = checkRecords(records, answers({}, { "bakery-shop.com": ["198.51.100.4"] }));
    expect(isVerified("bakery-shop.com", wrong)).toBe(false);
  });
});
