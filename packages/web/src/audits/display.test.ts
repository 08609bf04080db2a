import { describe, expect, it } from "vitest";
import {
  detailValue,
  kilobytes,
  lighthouseBand,
  markdownLinks,
  quickSelectUrl,
  seoScorePalette,
} from "./display";

describe("score colours and bands", () => {
  it.each([
    [100, "green"],
    [80, "green"],
    [79, "yellow"],
    [60, "yellow"],
    [59, "red"],
    [0, "red"],
  ])("SEO %i is %s", (score, palette) => {
    expect(seoScorePalette(score)).toBe(palette);
  });

  it.each([
    [100, "Good"],
    [90, "Good"],
    [89, "Needs Improvement"],
    [50, "Needs Improvement"],
    [49, "Poor"],
    [0, "Poor"],
    [null, "Not measured"],
  ])("Lighthouse %s is %s", (score, label) => {
    expect(lighthouseBand(score).label).toBe(label);
  });
});

describe("page size", () => {
  it("is bytes divided by 1024, rounded", () => {
    expect(kilobytes(0)).toBe(0);
    expect(kilobytes(511)).toBe(0);
    expect(kilobytes(512)).toBe(1);
    expect(kilobytes(20_480)).toBe(20);
    expect(kilobytes(1_048_576)).toBe(1024);
  });
});

describe("quick select", () => {
  it("fills the site's url, else https:// plus its domain", () => {
    expect(quickSelectUrl({ url: "https://bakery.example.com/", domain: "bakery.com" })).toBe(
      "https://bakery.example.com/",
    );
    expect(quickSelectUrl({ url: null, domain: "bakery.com" })).toBe("https://bakery.com");
    expect(quickSelectUrl({ url: " ", domain: null })).toBeNull();
  });
});

describe("Lighthouse text", () => {
  it("turns markdown links into links, http(s) only", () => {
    expect(
      markdownLinks("Serve images in `WebP`. [Learn more](https://developer.chrome.com/x)."),
    ).toEqual([
      { text: "Serve images in WebP. " },
      { text: "Learn more", href: "https://developer.chrome.com/x" },
      { text: "." },
    ]);
    expect(markdownLinks("[x](javascript:alert(1))")).toEqual([{ text: "x" }, { text: ")" }]);
  });

  it("formats table cells by value type", () => {
    expect(detailValue(2048, "bytes")).toBe("2.0 KiB");
    expect(detailValue(1234.4, "ms")).toBe("1,234 ms");
    expect(detailValue(null, "url")).toBe("—");
    expect(detailValue("https://a.example/x.js", "url")).toBe("https://a.example/x.js");
  });
});
