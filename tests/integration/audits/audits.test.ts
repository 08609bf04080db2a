/**
 * The audit engine against pages this suite serves itself on 127.0.0.1 (allowlisted), in one
 * Chromium for the whole file, behind its egress proxy (docs/security.md, "The audit
 * browser"). Needs no local stack: it talks to core only.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import type { Browser } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchSpec, launchBrowser } from "../../../packages/core/src/adapters/browser";
import {
  type LookupAll,
  OUTBOUND_MESSAGES,
  OutboundBlockedError,
} from "../../../packages/core/src/adapters/outbound-guard";
import { runLighthouse } from "../../../packages/core/src/audits/lighthouse-run";
import { analyzeSeo } from "../../../packages/core/src/audits/seo-analyze";
import { REBIND_HOST, startTestSite, type TestSite } from "./test-site";

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

  it("keeps the fence up between runs: a page opened outside a run reaches nothing", async () => {
    for (const url of [`${site.origin}/defects`, `${site.forbiddenOrigin}/unguarded`]) {
      const page = await browser.newPage();
      try {
        const error = await page.goto(url, { timeout: 10_000 }).then(
          () => undefined,
          (e: Error) => e.message,
        );
        expect(error).toMatch(/ERR_SOCKS_CONNECTION_FAILED/);
      } finally {
        await page.close();
      }
    }
    expect(site.forbiddenHits).toEqual([]);
  });
});

describe("the audit browser's egress", () => {
  /**
   * DNS rebinding: the guard is told the name is public, the proxy (which makes the
   * connection) that it is loopback, as a hostile name server answering a second question
   * would. Without the proxy, Chromium asks DNS itself and gets the same loopback answer.
   */
  const rebinding = {
    lookup: (async (host) =>
      host === REBIND_HOST ? [{ address: "93.184.216.34", family: 4 }] : lookup(host)) as LookupAll,
    egressLookup: (async (host) =>
      host === REBIND_HOST ? [{ address: "127.0.0.1", family: 4 }] : lookup(host)) as LookupAll,
  };

  const refusal = (run: Promise<unknown>) =>
    run.then(
      () => undefined,
      (e: unknown) => e,
    );

  afterEach(() => {
    site.forbiddenHits.length = 0;
    site.udpHits.length = 0;
  });

  it("fails a run whose page opens a WebSocket to a non-public address, which never connects", async () => {
    const error = await refusal(
      analyzeSeo(browser, `${site.origin}/websocket`, { allowHosts, lookup }),
    );
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect((error as Error).message).toBe(OUTBOUND_MESSAGES.notPublic);
    expect(site.forbiddenHits).toEqual([]);
  });

  it("pins the navigation to the address checked: a name that rebinds to loopback is refused", async () => {
    const forbiddenPort = new URL(site.forbiddenOrigin).port;
    const url = `https://${REBIND_HOST}:${forbiddenPort}/`;
    const error = await refusal(analyzeSeo(browser, url, { allowHosts, ...rebinding }));
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect((error as Error).message).toBe(OUTBOUND_MESSAGES.notPublic);
    expect(site.forbiddenHits).toEqual([]);
  });

  it("fails the run when a sub-frame or fetch rebinds to loopback, and delivers neither", async () => {
    const error = await refusal(
      analyzeSeo(browser, `${site.origin}/rebind`, { allowHosts, ...rebinding }),
    );
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect(site.forbiddenHits).toEqual([]);
  });

  it("sends no WebRTC UDP: a STUN server on loopback hears nothing", async () => {
    const result = await analyzeSeo(browser, `${site.origin}/webrtc`, { allowHosts, lookup });
    expect(result.metaTitle).toBe("WebRTC");
    await new Promise((r) => setTimeout(r, 1000));
    expect(site.udpHits).toEqual([]);
  });

  it("closes the popups a run opened", async () => {
    const before = (await browser.pages()).length;
    const result = await analyzeSeo(browser, `${site.origin}/popup`, { allowHosts, lookup });
    expect(result.metaTitle).toBe("Popup");
    expect((await browser.pages()).length).toBe(before);
    await new Promise((r) => setTimeout(r, 500));
    expect(site.forbiddenHits).toEqual([]);
  });

  it("fails a run whose responses did not come through the proxy", async () => {
    // A browser told to go around the proxy for loopback: what it loads is not vouched for.
    const around = await launchBrowser({ extraArgs: ["--proxy-bypass-list=127.0.0.1"] });
    try {
      const session = await around.target().createCDPSession();
      await session.send("Security.setIgnoreCertificateErrors", { ignore: true });
      const error = await refusal(
        analyzeSeo(around, `${site.origin}/defects`, { allowHosts, lookup }),
      );
      expect(error).toBeInstanceOf(OutboundBlockedError);
    } finally {
      await around.close();
    }
  });

  it("refuses to run on a browser without an egress proxy", async () => {
    const { default: puppeteer } = await import("puppeteer-core");
    const spec = await chromiumLaunchSpec();
    const bare = await puppeteer.launch({ ...spec, defaultViewport: null });
    try {
      const error = await refusal(analyzeSeo(bare, `${site.origin}/defects`, { allowHosts }));
      expect((error as Error).message).toMatch(/no egress proxy/);
      expect(site.forbiddenHits).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
