/**
 * The SEO analysis: load the page in Chromium behind the outbound guard, read the facts the
 * rules need from the rendered DOM and the network, and score them (seo-rules.ts).
 */
import type { Browser, HTTPResponse } from "puppeteer-core";
import { openAuditPage } from "../adapters/browser";
import { assertPublicUrl, type LookupAll } from "../adapters/outbound-guard";
import { type SeoResult, seoResultSchema } from "../contracts/audits";
import { UnprocessableError } from "../errors";
import { boundSeoResult, SEO_FACTS_MAX_ITEMS, SEO_IMAGE_SRC_MAX, TEXT_MAX } from "./result-bounds";
import { evaluateSeo, type PageFacts, ROBOTS_META_NAMES } from "./seo-rules";

export interface AuditOptions {
  /** Hosts the outbound guard lets through (Config.OUTBOUND_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
  /** Resolver for the guard; tests inject one so no DNS is needed. */
  lookup?: LookupAll;
  /** The egress proxy's resolver when it must differ from the guard's (tests: rebinding). */
  egressLookup?: LookupAll;
  /** Navigation timeout, ms. */
  timeoutMs?: number;
}

export const SEO_NAVIGATION_TIMEOUT_MS = 30_000;
/** After the load event, wait this long for the network to go quiet (late images, fonts). */
const NETWORK_IDLE_MS = 500;
const NETWORK_IDLE_MAX_MS = 5_000;
const HEADING_TEXT_MAX = 200;

/**
 * What the in-page script returns: the page facts the DOM knows (everything but the response's
 * URL, status and headers; headings and images up to SEO_FACTS_MAX_ITEMS each) plus the link
 * counts, the page's own heading and image counts, and load timing the result reports.
 */
type DomFacts = Omit<PageFacts, "url" | "statusCode" | "robotsHeaders"> & {
  links: { internal: number; external: number };
  headingCount: number;
  imageCount: number;
  imagesWithAlt: number;
  /** ms from navigation start to the end of the load event; null if not recorded. */
  loadEventEnd: number | null;
};

/**
 * Runs inside the page. Kept as source text, not a function, because a bundler may rewrite
 * a function's body with helpers that do not exist in the page.
 */
export const EXTRACT_DOM_FACTS = `(() => {
  const clip = (s) => (s == null ? s : String(s).slice(0, ${TEXT_MAX}));
  const meta = (selector) => {
    const el = document.querySelector(selector);
    const v = el && el.getAttribute("content");
    return v == null ? null : clip(v.trim());
  };
  const squash = (s) => clip((s || "").slice(0, ${TEXT_MAX * 4}).replace(/\\s+/g, " ").trim());
  const titleEl = document.querySelector("title");
  const robotsNames = ${JSON.stringify(ROBOTS_META_NAMES)};
  const robotsMeta = [...document.querySelectorAll("meta[name][content]")]
    .map((m) => ({ name: m.getAttribute("name").trim().toLowerCase(), content: clip(m.getAttribute("content")) }))
    .filter((m) => robotsNames.includes(m.name))
    .slice(0, ${SEO_FACTS_MAX_ITEMS});
  const canonicalEl = document.querySelector('link[rel~="canonical" i][href]');
  let internal = 0;
  let external = 0;
  for (const a of document.querySelectorAll("a[href]")) {
    let u;
    try { u = new URL(a.getAttribute("href"), document.baseURI); } catch { continue; }
    if (u.protocol !== "http:" && u.protocol !== "https:") continue;
    if (u.hostname === location.hostname) internal++; else external++;
  }
  const headingEls = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")];
  const imageEls = [...document.querySelectorAll("img")];
  const nav = performance.getEntriesByType("navigation")[0];
  return {
    title: titleEl ? squash(titleEl.textContent) : null,
    metaDescription: meta('meta[name="description" i]'),
    robotsMeta,
    canonical: canonicalEl ? clip(canonicalEl.href) : null,
    lang: clip(document.documentElement.getAttribute("lang")),
    viewport: meta('meta[name="viewport" i]'),
    ogTitle: meta('meta[property="og:title" i]') ?? meta('meta[name="og:title" i]'),
    ogImage: meta('meta[property="og:image" i]') ?? meta('meta[name="og:image" i]'),
    headings: headingEls.slice(0, ${SEO_FACTS_MAX_ITEMS}).map((h) => ({
      level: Number(h.tagName.slice(1)),
      text: squash(h.textContent).slice(0, ${HEADING_TEXT_MAX}),
    })),
    images: imageEls.slice(0, ${SEO_FACTS_MAX_ITEMS}).map((img) => ({
      src: (img.currentSrc || img.src || img.getAttribute("src") || "").slice(0, ${SEO_IMAGE_SRC_MAX}),
      hasAlt: img.hasAttribute("alt"),
    })),
    headingCount: headingEls.length,
    imageCount: imageEls.length,
    imagesWithAlt: imageEls.filter((img) => img.hasAttribute("alt")).length,
    links: { internal, external },
    loadEventEnd: nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : null,
  };
})()`;

function navigationFailure(error: unknown): UnprocessableError {
  const reason = error instanceof Error ? error.message.split(" at ")[0] : String(error);
  const timedOut = error instanceof Error && error.name === "TimeoutError";
  return new UnprocessableError(
    timedOut
      ? "The page took too long to load."
      : `The page could not be loaded (${reason?.trim() || "unknown error"}).`,
  );
}

/**
 * Analyses one URL on a page of its own (openAuditPage: no cookies or service workers
 * carried over from another customer's run). Throws the guard's error when the URL, or the
 * page's main navigation at any redirect hop, points somewhere we must not reach, or when the
 * page reached for a non-public address at all.
 */
export async function analyzeSeo(
  browser: Browser,
  url: string,
  opts: AuditOptions = {},
): Promise<SeoResult> {
  const allowHosts = opts.allowHosts ?? [];
  const target = await assertPublicUrl(url, { allowHosts, lookup: opts.lookup });

  const { page, guard, close } = await openAuditPage(browser, allowHosts, opts);
  try {
    await page.setViewport({ width: 1366, height: 768 });
    // Some sites turn away "HeadlessChrome"; we want the page a visitor's Chrome gets.
    const userAgent = (await browser.userAgent()).replace("HeadlessChrome", "Chrome");
    await page.setUserAgent({ userAgent });

    // Bytes on the wire (compressed bodies plus headers) for every finished request.
    let transferred = 0;
    const cdp = await page.createCDPSession();
    cdp.on("Network.loadingFinished", (e: { encodedDataLength: number }) => {
      transferred += e.encodedDataLength;
    });
    await cdp.send("Network.enable");

    const started = performance.now();
    let response: HTTPResponse | null;
    try {
      response = await page.goto(target.href, {
        waitUntil: "load",
        timeout: opts.timeoutMs ?? SEO_NAVIGATION_TIMEOUT_MS,
      });
    } catch (error) {
      guard.throwIfBlocked();
      throw navigationFailure(error);
    }
    const wallLoad = performance.now() - started;
    await page
      .waitForNetworkIdle({ idleTime: NETWORK_IDLE_MS, timeout: NETWORK_IDLE_MAX_MS })
      .catch(() => undefined);
    guard.throwIfBlocked();

    const dom = (await page.evaluate(EXTRACT_DOM_FACTS)) as DomFacts;
    const { links, loadEventEnd, headingCount, imageCount, imagesWithAlt, ...domPageFacts } = dom;
    const facts: PageFacts = {
      url: page.url(),
      statusCode: response?.status() ?? null,
      // Chromium joins repeated headers with a newline.
      robotsHeaders: (response?.headers()["x-robots-tag"] ?? "")
        .split("\n")
        .filter((value) => value.trim() !== "")
        .slice(0, SEO_FACTS_MAX_ITEMS),
      ...domPageFacts,
    };
    const { score, issues } = evaluateSeo(facts);
    await cdp.detach().catch(() => undefined);
    // The page kept running while it was read: whatever it reached for since counts too.
    guard.throwIfBlocked();

    // Bounded before it is stored: a page's size must not decide whether its result fits.
    return seoResultSchema.parse(
      boundSeoResult({
        url: facts.url,
        score,
        loadTime: Math.round((loadEventEnd ?? wallLoad) / 10) / 100,
        pageSize: transferred,
        links,
        issues,
        metaTitle: dom.title || null,
        metaDescription: dom.metaDescription || null,
        headings: dom.headings,
        images: dom.images,
        headingCount,
        imageCount,
        imagesWithAlt,
      }),
    );
  } finally {
    await close();
  }
}
