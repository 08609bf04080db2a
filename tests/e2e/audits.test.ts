import { createServer } from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { ulid } from "ulid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, screenshot, useBrowser } from "../support/browser";
import { customerWithSite } from "../support/browser-customers";
import { useOwnStack } from "../support/own-web-stack";
import { useServers } from "../support/servers";

const servers = useServers();
let origin: string;
let db: typeof import("@portal/core/db/service").db;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

// A bakery's page with known defects: no meta description, two h1, two images without alt.
const BAKERY = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Corner Bakery - fresh bread daily</title>
<link rel="canonical" href="/"><meta property="og:title" content="Corner Bakery">
<meta property="og:image" content="/og.png">
<style>body{font:16px/1.5 sans-serif;margin:0;padding:24px;color:#222}img{width:120px;height:80px}</style>
</head><body>
<h1>Corner Bakery</h1><h2>Our loaves</h2><p>Sourdough, rye and pastries every morning.</p>
<img src="/rye.png"><img src="/sourdough.png"><img src="/og.png" alt="Our shop">
<h1>Order online</h1><a href="/menu">Menu</a> <a href="https://maps.example.org/bakery">Map</a>
</body></html>`;

beforeAll(async () => {
  const site = createServer((req, res) => {
    if (req.url?.endsWith(".png")) {
      return void res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(BAKERY);
  });
  origin = `http://127.0.0.1:${await servers.listen(site)}`;
});
const stack = useOwnStack(() => ({ allowOutboundHosts: [new URL(origin).host] }));
beforeAll(async () => {
  ({ db } = await import("@portal/core/db/service"));
});
const browser = useBrowser();

/** A signed-in customer with an active plan, a completed questionnaire and one site. */
async function customer(context: BrowserContext): Promise<string> {
  const person = { firstName: "Bea", lastName: "Baker" };
  return (await customerWithSite(context, person, { url: `${origin}/` })).userId;
}

function open(width: number) {
  return openPage(browser(), width, stack().url);
}

async function sideways(page: Page): Promise<number> {
  return (await page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  )) as number;
}

describe("SEO Checker and Performance Analytics", () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let userId: string;

  beforeAll(async () => {
    ({ context, page, problems } = await open(1440));
    userId = await customer(context);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("a customer analyses a site's SEO from the quick select and reads the four tabs", async () => {
    await page.goto("/seo-checker");
    await page.getByRole("heading", { name: "SEO Checker", level: 1 }).waitFor();
    await page.getByText("No Analysis Yet").waitFor();

    // Nothing typed: the 'Invalid URL' toast, nothing queued.
    await page.getByRole("button", { name: "Analyze SEO" }).click();
    await page.getByText("Please enter a valid website URL to analyze.").waitFor();

    // Quick Select fills the site's url.
    await page.getByRole("button", { name: /Corner Bakery/ }).click();
    expect(await page.getByLabel("Website URL").inputValue()).toBe(`${origin}/`);
    await page.getByRole("button", { name: "Analyze SEO" }).click();
    // The job's stage while it is queued or running.
    await page.getByText("Analyzing SEO...").waitFor();
    expect(await page.getByTestId("job-stage").textContent()).toMatch(/Queued|Running/);

    const card = page.getByTestId("seo-result");
    await card.waitFor({ timeout: 30_000 });
    await card.getByText(`${origin}/`).waitFor();
    const score = Number((await card.getByTestId("seo-score").textContent())?.replace("/100", ""));
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThan(100);
    await card.getByText("Page Size").waitFor();
    await card.getByText("Internal Links").waitFor();

    await card.getByRole("tab", { name: "Issues" }).click();
    const issues = card.getByTestId("seo-issue");
    await issues.first().waitFor();
    const text = (await issues.allTextContents()).join("\n");
    expect(text).toMatch(/meta description/i);
    expect(text).toContain("2 <h1> elements");
    expect(text).toContain("2 of 3 images");
    await screenshot(page, "seo-checker-issues-1440");

    await card.getByRole("tab", { name: "Content" }).click();
    await card.getByText("Corner Bakery - fresh bread daily").waitFor();
    await card.getByText("No description found").waitFor();
    await card.getByText("Order online").waitFor();

    await card.getByRole("tab", { name: "Technical" }).click();
    await card.getByText("Images Missing Alt Text", { exact: true }).waitFor();

    await card.getByRole("tab", { name: "Overview" }).click();
    await page.waitForTimeout(300);
    await screenshot(page, "seo-checker-1440");
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // The result is stored: a reload shows it without running again.
    await page.reload();
    await page.getByTestId("seo-result").waitFor();
    expect(await page.getByTestId("seo-result").count()).toBe(1);
  });

  it("a customer runs a mobile Lighthouse test and reads the report, then its history", async () => {
    await page.goto("/performance");
    await page.getByRole("heading", { name: "Performance Analytics", level: 1 }).waitFor();
    await page.getByText("No Performance Tests Yet").waitFor();
    expect(await page.getByTestId("results-debug").textContent()).toContain("results loaded: 0");
    // Mobile is the default strategy.
    expect(await page.getByRole("button", { name: "Mobile" }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    await page.getByLabel("Website URL").fill(origin);
    await page.getByRole("button", { name: "Run Lighthouse Test" }).click();
    await page.getByText("Analyzing with Google Lighthouse...").waitFor();
    await page.getByText("This may take 15-30 seconds").waitFor();
    const stages = new Set<string>();
    const report = page.getByTestId("lighthouse-report");
    // Note the stages the indicator shows while the page polls, until the report is there.
    const deadline = Date.now() + 75_000;
    while (!(await report.isVisible())) {
      const stage = await page
        .getByTestId("job-stage")
        .textContent({ timeout: 500 })
        .catch(() => null);
      if (stage && !stages.has(stage.trim()))
        await screenshot(page, `performance-${stage.trim().toLowerCase()}-1440`);
      if (stage) stages.add(stage.trim());
      expect(Date.now()).toBeLessThan(deadline);
      await page.waitForTimeout(250);
    }
    expect(stages.has("Running")).toBe(true);

    await report.getByText("Mobile").waitFor();
    const tiles = report.getByTestId("score-tile");
    expect(await tiles.count()).toBe(5);
    const tileText = await tiles.allTextContents();
    for (const label of ["Performance", "Accessibility", "Best Practices", "SEO", "PWA"]) {
      expect(tileText.some((t) => t.startsWith(label))).toBe(true);
    }
    for (const t of tileText.slice(0, 4)) {
      expect(t).toMatch(/\d+(Good|Needs Improvement|Poor)$/);
    }
    expect(tileText[4]).toMatch(
      /^PWA(\d+(Good|Needs Improvement|Poor)\d+ of \d+ checks passed|—Not measured)$/,
    );
    expect(await report.getByTestId("metric").count()).toBeGreaterThan(0);
    await report.getByText("First Contentful Paint", { exact: true }).waitFor();
    await report.getByRole("tab", { name: "Opportunities" }).click();
    await report.getByRole("tab", { name: "Diagnostics" }).click();
    await report.getByRole("tab", { name: "Metrics" }).click();
    expect(await page.getByTestId("score-history").count()).toBe(0);

    // An earlier run of the same URL (a day before, 20 points lower): the chart appears.
    const [run] = (await db.entities.lighthouseResult.query.byOwner({ userId }).go()).data;
    const earlier = new Date(Date.now() - 86_400_000);
    const result = run?.result as { scores: { performance: number }; timestamp: string };
    await db.entities.lighthouseResult
      .create({
        userId,
        jobId: ulid(earlier.getTime()),
        url: run?.url ?? "",
        strategy: "mobile",
        status: "done",
        createdAt: earlier.toISOString(),
        result: {
          ...result,
          timestamp: earlier.toISOString(),
          scores: { ...result.scores, performance: Math.max(0, result.scores.performance - 20) },
        },
      })
      .go();
    await page.reload();
    const chart = page.getByTestId("score-history");
    await chart.waitFor();
    expect(await chart.getAttribute("aria-label")).toContain(`${result.scores.performance} on`);
    await page.waitForTimeout(300);
    await screenshot(page, "performance-1440");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  }, 120_000);

  it("both pages fit a phone", async () => {
    const phone = await browser().newContext({
      baseURL: stack().url,
      viewport: { width: 375, height: 812 },
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    for (const [path, heading, name] of [
      ["/seo-checker", "SEO Checker", "seo-checker-375"],
      ["/performance", "Performance Analytics", "performance-375"],
    ] as const) {
      await small.goto(path);
      await small.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await small
        .getByTestId(path === "/performance" ? "lighthouse-report" : "seo-result")
        .waitFor();
      await small.waitForTimeout(300);
      await screenshot(small, name);
      expect(await sideways(small)).toBeLessThanOrEqual(0);
    }
    await phone.close();
  });
});
