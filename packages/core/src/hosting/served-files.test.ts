import { describe, expect, it } from "vitest";
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from "./enums";
import { hostNameFor, previewHost } from "./host-names";
import { cacheControlOf, contentTypeOf, withTracker } from "./served-files";

describe("served files", () => {
  it("gives each file its type", () => {
    expect(contentTypeOf("index.html")).toBe("text/html; charset=utf-8");
    expect(contentTypeOf("a/site.css")).toBe("text/css; charset=utf-8");
    expect(contentTypeOf("img/logo.PNG")).toBe("image/png");
    expect(contentTypeOf("fonts/x.woff2")).toBe("font/woff2");
    expect(contentTypeOf("LICENSE")).toBe("application/octet-stream");
  });

  it("caches hashed asset names for a year and revalidates everything else", () => {
    for (const name of ["assets/index-DiwrgTda.js", "app.3f9a1c2e.css", "chunk-a1b2c3d4e5.js"]) {
      expect(cacheControlOf(name), name).toBe(IMMUTABLE_CACHE);
    }
    for (const name of ["index.html", "my-favorite.css", "logo.png", "page-3f9a1c2e.html"]) {
      expect(cacheControlOf(name), name).toBe(REVALIDATE_CACHE);
    }
  });

  it("adds the tracking script once, in the head", () => {
    const url = "https://portal.example/api/collect.js";
    const html = withTracker("<html><head><title>x</title></HEAD><body></body></html>", url, "S1");
    expect(html).toBe(
      `<html><head><title>x</title><script defer src="${url}" data-site="S1"></script></HEAD><body></body></html>`,
    );
    expect(withTracker(html, url, "S1")).toBe(html);
    expect(withTracker("<p>bare</p>", url, "S1")).toMatch(/^<p>bare<\/p><script /);
  });
});

describe("host names", () => {
  it("slugs the site's name and keeps a preview within one DNS label", () => {
    const site = {
      name: "Café & Bäckerei Müller — the very best bread in town",
      siteId: "01JABCDEFGHJKMNPQRSTVWXYZ9",
    };
    const host = hostNameFor(site);
    expect(host).toBe("cafe-backerei-muller-the-ver-vwxyz9");
    const label =
      previewHost("01JABCDEFGHJKMNPQRSTVWXYZ0", host, "sites.example").split(".")[0] ?? "";
    expect(label.length).toBeLessThanOrEqual(63);
    expect(hostNameFor({ name: "!!!", siteId: site.siteId })).toBe("site-vwxyz9");
  });
});
