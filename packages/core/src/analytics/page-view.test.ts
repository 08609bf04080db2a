import { describe, expect, it } from "vitest";
import {
  clientAddressKey,
  countryFrom,
  fitKey,
  MAX_KEY_BYTES,
  normalizePath,
  originAllowed,
  referrerHost,
  siteHosts,
} from "./page-view";

describe("path", () => {
  it("drops the query and the fragment", () => {
    expect(normalizePath("/menu?email=a@b.example#top")).toBe("/menu");
    expect(normalizePath("/#/app")).toBe("/");
    expect(normalizePath("/")).toBe("/");
  });

  it("cuts long paths to fit a map key, on a character boundary", () => {
    const long = `/${"é".repeat(200)}`;
    const cut = normalizePath(long);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(MAX_KEY_BYTES);
    expect(cut.endsWith("…")).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(fitKey("/short")).toBe("/short");
  });
});

describe("referrer host", () => {
  it("keeps only the host of a URL, lower-cased and without www", () => {
    expect(referrerHost("https://WWW.News.Example.com/article?id=7")).toBe("news.example.com");
    expect(referrerHost("news.example.com")).toBe("news.example.com");
    expect(referrerHost("www.google.com")).toBe("google.com");
  });

  it("is nothing for none, for non-hosts and for the site's own hosts", () => {
    expect(referrerHost(undefined)).toBeUndefined();
    expect(referrerHost("")).toBeUndefined();
    expect(referrerHost("not a host")).toBeUndefined();
    expect(referrerHost("android-app://com.google.android.gm/")).toBeUndefined();
    expect(referrerHost("javascript:alert(1)")).toBeUndefined();
    expect(referrerHost("https://www.bakery.example/", ["bakery.example"])).toBeUndefined();
    expect(referrerHost("https://bakery.example/", ["www.bakery.example"])).toBeUndefined();
  });
});

describe("country", () => {
  it("takes a two-letter code from the viewer-country header", () => {
    expect(countryFrom("DE")).toBe("DE");
    expect(countryFrom("us")).toBe("US");
  });

  it("is unknown without a header, for XX, Tor and junk", () => {
    expect(countryFrom(undefined)).toBe("unknown");
    expect(countryFrom("XX")).toBe("unknown");
    expect(countryFrom("T1")).toBe("unknown");
    expect(countryFrom("Germany")).toBe("unknown");
  });
});

describe("client address for the rate limit", () => {
  it("keeps an IPv4 address whole", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("203.0.113.8")).not.toBe(clientAddressKey("203.0.113.7"));
  });

  it("cuts an IPv6 address to its /64, however it is written", () => {
    const net = "2001:db8:85a3:42::/64";
    expect(clientAddressKey("2001:db8:85a3:42::1")).toBe(net);
    expect(clientAddressKey("2001:0DB8:85A3:0042:ffff:ffff:ffff:fffe")).toBe(net);
    expect(clientAddressKey("[2001:db8:85a3:42:1:2:3:4]")).toBe(net);
    expect(clientAddressKey("2001:db8:85a3:42:a::b%eth0")).toBe(net);
    expect(clientAddressKey("2001:db8:85a3:43::1")).toBe("2001:db8:85a3:43::/64");
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("leaves anything that is not an address as it came", () => {
    expect(clientAddressKey("not an address")).toBe("not an address");
    expect(clientAddressKey("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
    expect(clientAddressKey("1::2::3")).toBe("1::2::3");
  });
});

describe("the site's hosts and the page view's origin", () => {
  const hosts = siteHosts({
    customDomain: "Bakery.Example",
    liveUrl: "https://live.bakery-hosting.example/",
    url: "https://dev.bakery-hosting.example/preview",
  });

  it("takes the hosts of the custom domain, the live URL and the development URL", () => {
    expect(hosts).toEqual([
      "bakery.example",
      "live.bakery-hosting.example",
      "dev.bakery-hosting.example",
    ]);
    expect(siteHosts({ customDomain: null, liveUrl: "", url: undefined })).toEqual([]);
    expect(siteHosts({ liveUrl: "not a url at all" })).toEqual([]);
  });

  it("accepts pages on those hosts, with or without www, any port or scheme", () => {
    expect(originAllowed("https://bakery.example", hosts)).toBe(true);
    expect(originAllowed("https://www.bakery.example", hosts)).toBe(true);
    expect(originAllowed("http://BAKERY.example:8080", hosts)).toBe(true);
    expect(originAllowed("https://live.bakery-hosting.example", hosts)).toBe(true);
    expect(originAllowed("https://www.bakery.example", ["www.bakery.example"])).toBe(true);
    expect(originAllowed("https://bakery.example", ["www.bakery.example"])).toBe(true);
  });

  it("refuses other sites, look-alikes, a missing or null origin, and other schemes", () => {
    expect(originAllowed("https://evil.example", hosts)).toBe(false);
    expect(originAllowed("https://bakery.example.evil.example", hosts)).toBe(false);
    expect(originAllowed("https://notbakery.example", hosts)).toBe(false);
    expect(originAllowed("https://shop.bakery.example", hosts)).toBe(false);
    expect(originAllowed(undefined, hosts)).toBe(false);
    expect(originAllowed("null", hosts)).toBe(false);
    expect(originAllowed("", hosts)).toBe(false);
    expect(originAllowed("file:///home/me/bakery.html", hosts)).toBe(false);
  });

  it("accepts any origin for a site that has no host yet", () => {
    expect(originAllowed("https://anything.example", [])).toBe(true);
    expect(originAllowed(undefined, [])).toBe(true);
  });
});
