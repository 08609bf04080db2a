/** A custom domain's names on the hosting and its certificate's words (docs/hosting.md). */
import { describe, expect, it } from "vitest";
import { certificateView } from "./certificate-state";
import { domainNames } from "./domain-hosting";

describe("domainNames", () => {
  it.each([
    ["example.com", ["example.com", "www.example.com"]],
    ["www.example.com", ["www.example.com", "example.com"]],
    ["bakery.co.uk", ["bakery.co.uk", "www.bakery.co.uk"]],
    ["www.bakery.co.uk", ["www.bakery.co.uk", "bakery.co.uk"]],
    // A deeper name has no partner: the apex may be another site altogether.
    ["shop.example.com", ["shop.example.com"]],
  ])("%s → %o (the verified name serves, the partner redirects)", (domain, names) => {
    expect(domainNames(domain)).toEqual(names);
  });
});

describe("certificateView", () => {
  it("waiting for DNS names each name still to point, and where", () => {
    expect(
      certificateView("example.com", "waiting_dns", "www.example.com", "edge.sites.net").message,
    ).toBe(
      "Waiting for DNS: point www.example.com at edge.sites.net (the records below). The certificate is issued a few minutes after that.",
    );
  });

  it("a failure says why and what to do; an unknown reason reads as a refusal", () => {
    expect(certificateView("example.com", "failed", "limit", "t").message).toMatch(
      /reached its limit of custom domains/,
    );
    expect(certificateView("example.com", "failed", "validation-timed-out", "t").message).toMatch(
      /within 72 hours/,
    );
    expect(certificateView("example.com", "failed", "weird", "t").message).toMatch(/CAA records/);
  });
});
