import { describe, expect, it } from "vitest";
import { isOnSiteHosts, siteHosts } from "./site-hosts";

describe("siteHosts", () => {
  it("reads the hosts of the working and live URLs, written as audit URLs are", () => {
    const site = { url: "https://Staging.Bakery.example.com/", liveUrl: "https://www.bücherei.de" };
    expect([...siteHosts(site)]).toEqual(["staging.bakery.example.com", "www.xn--bcherei-n2a.de"]);
  });

  it("keeps a non-default port apart, and counts the custom domain only once verified", () => {
    const site = { url: "http://127.0.0.1:4321/", customDomain: "bakery.example" };
    expect([...siteHosts(site)]).toEqual(["127.0.0.1:4321"]);
    expect([...siteHosts({ ...site, domainStatus: "pending" as const })]).toEqual([
      "127.0.0.1:4321",
    ]);
    expect([
      ...siteHosts({ ...site, customDomain: "www.bakery.com", domainStatus: "active" as const }),
    ]).toEqual(["127.0.0.1:4321", "www.bakery.com"]);
  });
});

describe("isOnSiteHosts", () => {
  const site = {
    url: "https://staging.bakery.example.com",
    liveUrl: "https://www.adas-bakery.com",
    customDomain: "adas-bakery.com",
    domainStatus: "active" as const,
  };

  it.each([
    "https://staging.bakery.example.com/menu",
    "https://www.adas-bakery.com/",
    "http://adas-bakery.com/about",
  ])("accepts %s", (url) => {
    expect(isOnSiteHosts(site, url)).toBe(true);
  });

  it.each([
    "https://fast.example.org/",
    "https://adas-bakery.com.evil.example/",
    "https://www.adas-bakery.com:8443/",
    "https://shop.adas-bakery.com/",
    "not a url",
  ])("refuses %s", (url) => {
    expect(isOnSiteHosts(site, url)).toBe(false);
  });

  it("refuses everything for a site without addresses", () => {
    expect(isOnSiteHosts({}, "https://www.adas-bakery.com/")).toBe(false);
  });
});
