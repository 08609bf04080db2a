import { describe, expect, it } from "vitest";
import { countryFrom, fitKey, MAX_KEY_BYTES, normalizePath, referrerHost } from "./page-view";

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
