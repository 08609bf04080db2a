/**
 * Each SEO rule on small HTML documents: the same in-page extraction the analysis uses,
 * run on a real DOM (Chromium, no network), then the pure rules. The unit tests cover the
 * rules' edges; these prove the extraction reads real markup the way the rules expect.
 */
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../../packages/core/src/adapters/browser";
import { EXTRACT_DOM_FACTS } from "../../../packages/core/src/audits/seo-analyze";
import { evaluateSeo, type PageFacts } from "../../../packages/core/src/audits/seo-rules";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  // No request may leave: every document here is self-contained.
  await page.setRequestInterception(true);
  page.on("request", (r) => (r.url().startsWith("data:") ? r.continue() : r.abort()));
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const HEAD = `<meta charset="utf-8">
  <title>Corner Bakery - fresh bread</title>
  <meta name="description" content="Fresh sourdough, rye and pastries baked every morning in the heart of town.">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="canonical" href="https://bakery.example/">
  <meta property="og:title" content="Corner Bakery">
  <meta property="og:image" content="https://bakery.example/og.png">`;
const BODY = `<h1>Corner Bakery</h1><h2>Bread</h2><img src="data:," alt="Sourdough loaf">`;

/** A good page with one part swapped: head, body or the <html> attributes. */
function doc(parts: { head?: string; body?: string; html?: string } = {}): string {
  return `<!doctype html><html ${parts.html ?? 'lang="en"'}><head>${parts.head ?? HEAD}</head><body>${parts.body ?? BODY}</body></html>`;
}

async function facts(html: string): Promise<PageFacts> {
  await page.setContent(html, { waitUntil: "load" });
  const dom = (await page.evaluate(EXTRACT_DOM_FACTS)) as Omit<
    PageFacts,
    "url" | "statusCode" | "robotsHeaders"
  >;
  return { ...dom, url: "https://bakery.example/", statusCode: 200, robotsHeaders: [] };
}

async function issue(html: string, rule: string) {
  const found = evaluateSeo(await facts(html)).issues.find((i) => i.rule === rule);
  return found?.type;
}

const without = (tag: RegExp) =>
  HEAD.split("\n")
    .filter((l) => !tag.test(l))
    .join("\n");

describe("SEO rules on HTML documents", () => {
  it("a complete page passes every rule", async () => {
    const { score, issues } = evaluateSeo(await facts(doc()));
    expect(issues.filter((i) => i.type !== "success")).toEqual([]);
    expect(score).toBe(100);
  });

  it.each([
    ["title", without(/<title>/), "error"],
    ["title", HEAD.replace(/<title>.*<\/title>/, "<title>Bakery</title>"), "warning"],
    [
      "title",
      HEAD.replace(/<title>.*<\/title>/, `<title>${"Bread ".repeat(12)}</title>`),
      "warning",
    ],
    ["meta-description", without(/name="description"/), "error"],
    ["meta-description", HEAD.replace(/content="Fresh[^"]*"/, 'content="Bread."'), "warning"],
    ["robots", `${HEAD}<meta name="robots" content="noindex, nofollow">`, "error"],
    ["robots", `${HEAD}<meta name="ROBOTS" content="NOINDEX">`, "error"],
    // One crawler blocked is not all of them (Lighthouse's is-crawlable reads it so).
    ["robots", `${HEAD}<meta name="GoogleBot" content="NOINDEX">`, "success"],
    ["robots", `${HEAD}<meta name="robots" content="max-image-preview:none">`, "success"],
    ["robots", `${HEAD}<meta name="robots" content="bingbot: noindex">`, "success"],
    ["canonical", without(/canonical/), "warning"],
    ["viewport", without(/viewport/), "error"],
    ["og-title", without(/og:title/), "warning"],
    ["og-image", without(/og:image/), "warning"],
  ])("%s: head variant → %s", async (rule, head, type) => {
    expect(await issue(doc({ head }), rule)).toBe(type);
  });

  it.each([
    ["h1", "<h2>No main heading</h2>", "error"],
    ["h1", "<h1>One</h1><p>text</p><h1>Two</h1>", "warning"],
    ["h1", "<header><h1>Only one</h1></header>", "success"],
    ["heading-order", "<h1>A</h1><h3>Skipped a level</h3>", "warning"],
    ["heading-order", "<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2>", "success"],
    ["image-alt", '<h1>A</h1><img src="data:,"><img src="data:," alt="x">', "warning"],
    ["image-alt", '<h1>A</h1><img src="data:," alt="">', "success"],
  ])("%s: body %s → %s", async (rule, body, type) => {
    expect(await issue(doc({ body }), rule)).toBe(type);
  });

  it.each([
    ["", "warning"],
    ['lang=""', "warning"],
    ['lang="de"', "success"],
  ])("lang: <html %s> → %s", async (html, type) => {
    expect(await issue(doc({ html }), "lang")).toBe(type);
  });

  it("reads the heading outline and image alt presence as written", async () => {
    const f = await facts(
      doc({
        body: `<h1>  Corner
          Bakery </h1><h2>Bread <small>daily</small></h2><img src="data:,a" alt=""><img src="data:,b">`,
      }),
    );
    expect(f.headings).toEqual([
      { level: 1, text: "Corner Bakery" },
      { level: 2, text: "Bread daily" },
    ]);
    expect(f.images.map((i) => i.hasAlt)).toEqual([true, false]);
  });
});
