/**
 * The audit engine against pages this suite serves itself on 127.0.0.1 (allowlisted), in one
 * Chromium for the whole file. Needs no local stack: it talks to core only.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../../packages/core/src/adapters/browser";
import {
  type LookupAll,
  OUTBOUND_MESSAGES,
  OutboundBlockedError,
} from "../../../packages/core/src/adapters/outbound-guard";
import { runLighthouse } from "../../../packages/core/src/audits/lighthouse-run";
import { analyzeSeo } from "../../../packages/core/src/audits/seo-analyze";
import { startTestSite, type TestSite } from "./test-site";

let browser: Browser;
let site: TestSite;
let allowHosts: string[];

/** Names that point into private space, as a hostile DNS record would; the rest is real DNS. */
const lookup: LookupAll = async (host) => {
  if (host === "intranet.test") return [{ address: "10.0.0.1", family: 4 }];
  if (host === "metadata.test") return [{ address: "169.254.169.254", family: 4 }];
  return dnsLookup(host, { all: true });
};

beforeAll(async () => {
  site = await startTestSite();
  allowHosts = [site.host];
  browser = await launchBrowser();
  // The test site's certificate is self-signed; production browsers keep checking them.
  const session = await browser.target().createCDPSession();
  await session.send("Security.setIgnoreCertificateErrors", { ignore: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("SEO analysis", () => {
  it("finds exactly the known defects of a page, with their counts", async () => {
    const result = await analyzeSeo(browser, `${site.origin}/defects`, { allowHosts, lookup });

    const problems = result.issues.filter((i) => i.type !== "success");
    expect(problems.map((i) => [i.rule, i.type, i.impact])).toEqual([
      ["meta-description", "error", "medium"],
      ["h1", "warning", "medium"],
      ["image-alt", "warning", "medium"],
    ]);
    expect(problems[1]?.description).toContain("2 <h1> elements");
    expect(problems[2]?.description).toContain("3 of 3 images");
    // Everything else was checked and passed.
    expect(result.issues.filter((i) => i.type === "success")).toHaveLength(10);
    // 100 - meta description (8) - half of h1 (4) - all of image-alt (8)
    expect(result.score).toBe(80);

    expect(result.metaTitle).toBe("Corner Bakery - fresh bread");
    expect(result.metaDescription).toBeNull();
    expect(result.headings).toEqual([
      { level: 1, text: "Corner Bakery" },
      { level: 2, text: "Our bread" },
      { level: 1, text: "Order online" },
    ]);
    expect(result.images).toEqual(
      ["a", "b", "c"].map((n) => ({ src: `${site.origin}/${n}.png`, hasAlt: false })),
    );
    // /menu, /about and #top are on the site; the map link is not; mailto is no link.
    expect(result.links).toEqual({ internal: 3, external: 1 });
    expect(result.url).toBe(`${site.origin}/defects`);
    expect(result.loadTime).toBeGreaterThan(0);
    expect(result.loadTime).toBeLessThan(30);
    // The HTML alone is over 1 KB and three images came too; all of it crossed the wire.
    expect(result.pageSize).toBeGreaterThan(1024);
  });

  it("keeps worker, service worker and page sub-requests away from a non-allowlisted port", async () => {
    const result = await analyzeSeo(browser, `${site.origin}/workers`, { allowHosts, lookup });
    expect(result.metaTitle).toBe("Workers");
    // Give the workers a moment to try.
    await new Promise((r) => setTimeout(r, 500));
    expect(site.forbiddenHits).toEqual([]);
  });
});

describe("Lighthouse", () => {
  it("scores a local page in four categories with metrics, holding back forbidden requests", async () => {
    const result = await runLighthouse(browser, `${site.origin}/lighthouse`, "mobile", {
      allowHosts,
      lookup,
    });

    for (const key of ["performance", "accessibility", "bestPractices", "seo"] as const) {
      const score = result.scores[key];
      expect(Number.isInteger(score), key).toBe(true);
      expect(score, key).toBeGreaterThanOrEqual(0);
      expect(score, key).toBeLessThanOrEqual(100);
    }
    expect(result.metrics.length).toBeGreaterThan(0);
    expect(result.metrics.map((m) => m.id)).toContain("largest-contentful-paint");
    for (const m of result.metrics) {
      expect(m.displayValue).not.toBe("");
      if (m.score !== null) expect(m.score).toBeGreaterThanOrEqual(0);
      if (m.score !== null) expect(m.score).toBeLessThanOrEqual(1);
    }
    expect(result.strategy).toBe("mobile");
    expect(result.lighthouseVersion).toMatch(/^13\./);

    // PWA: measured from real checks; this page has no manifest and no service worker.
    expect(result.pwa.measured).toBe(true);
    expect(result.scores.pwa).toBe(result.pwa.score);
    const failed = result.pwa.checks.filter((c) => !c.passed).map((c) => c.id);
    expect(failed).toEqual(expect.arrayContaining(["manifest", "service-worker", "installable"]));
    expect(failed).not.toContain("https");

    // The image and Lighthouse's own source-map fetch both aimed at the forbidden server.
    expect(site.forbiddenHits).toEqual([]);
  }, 120_000);
});

describe("outbound guard", () => {
  it.each([
    ["intranet.test", "10.0.0.1"],
    ["metadata.test", "169.254.169.254"],
  ])("refuses a URL whose host (%s) resolves to %s, before any browser work", async (host) => {
    const url = `http://${host}/latest/meta-data/`;
    for (const run of [
      () => analyzeSeo(browser, url, { allowHosts, lookup }),
      () => runLighthouse(browser, url, "mobile", { allowHosts, lookup }),
    ]) {
      const error = await run().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(OutboundBlockedError);
      expect((error as Error).message).toBe(OUTBOUND_MESSAGES.notPublic);
    }
  });

  it("stops a page that redirects (302) to a loopback port that is not allowlisted", async () => {
    const error = await analyzeSeo(browser, `${site.origin}/redirect-out`, {
      allowHosts,
      lookup,
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect((error as Error).message).toBe(OUTBOUND_MESSAGES.notPublic);
    expect(site.forbiddenHits).not.toContain("/after-redirect");
  });

  it("leaves no guard behind: a later page in the browser is not intercepted", async () => {
    const page = await browser.newPage();
    try {
      const response = await page.goto(`${site.forbiddenOrigin}/unguarded`);
      expect(response?.status()).toBe(200);
      expect(site.forbiddenHits).toContain("/unguarded");
    } finally {
      await page.close();
      site.forbiddenHits.length = 0;
    }
  });
});
