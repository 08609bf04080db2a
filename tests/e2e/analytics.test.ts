/**
 * Website Analytics as a customer uses it: copy the tracking snippet from /analytics onto a
 * site (a page served here on 127.0.0.1), have a visitor's Chromium load that site three times
 * on two paths, and see 3 page views and both paths on the analytics page; the same page
 * reached under another host name is not the site's and is not counted. Also the Google
 * Analytics card: the empty-ID and failure toasts, Connected with the ID, and Disconnect.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, screenshot, useBrowser } from "../support/browser";
import { customerWithSite } from "../support/browser-customers";
import { pageViewsCounted } from "../support/page-views";
import { useWebStackEnv, webUrl } from "../support/web-stack";

useWebStackEnv();
// After the env: sst/node reads the table name when the module loads.
const { db } = await import("@portal/core/db/service");

// A person's desktop Chrome. Headless Chromium says "HeadlessChrome", which the collector
// rightly files under bots and does not count.
const VISITOR_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const browser = useBrowser();

/** The customer: an active plan and a completed questionnaire, so /analytics opens. */
const ANA = { firstName: "Ana", lastName: "Lytics" };

/**
 * The customer's website: two pages carrying whatever snippet the customer pasted, with the
 * strictest referrer policy a page can have (the snippet must still send its Origin).
 */
async function serveCustomerSite(snippet: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://site").pathname;
    const title = path === "/menu" ? "Menu" : path === "/" ? "Home" : null;
    if (!title) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${title}</title>${snippet}</head><body><h1>${title}</h1><a href="/menu">Menu</a></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Opens a page of the customer's site and waits until its page view has been answered. */
async function visit(page: Page, url: string, status = 202) {
  const answered = page.waitForResponse(
    (response) =>
      response.url() === `${webUrl()}/api/collect` && response.request().method() === "POST",
  );
  await page.goto(url);
  const response = await answered;
  expect(response.status()).toBe(status);
}

describe("Website Analytics", () => {
  it("counts three visits on two paths of a site carrying the snippet and shows them", async () => {
    const { page, context, problems } = await openPage(browser());
    const { userId, siteId } = await customerWithSite(context, ANA, { name: "Corner Bakery" });

    await page.goto("/analytics");
    await page.getByRole("heading", { name: "Website Analytics" }).waitFor();
    await page.getByText("No visits yet").waitFor();
    expect(await page.getByTestId("stat-page-views").textContent()).toBe("0");
    expect(await page.getByTestId("stat-pages-per-visitor").textContent()).toBe("--");

    // The snippet as the portal shows it, pasted into the customer's pages.
    const snippet = (await page.getByTestId("tracking-snippet").textContent()) ?? "";
    expect(snippet).toBe(
      `<script defer src="${webUrl()}/api/collect.js" data-site="${siteId}"></script>`,
    );
    const site = await serveCustomerSite(snippet);
    // The site is published there: only its pages may send its views.
    await db.entities.site
      .patch({ userId, siteId })
      .set({ liveUrl: `${site.url}/` })
      .go();
    try {
      const visitor = await browser().newContext({ userAgent: VISITOR_UA });
      const visitorPage = await visitor.newPage();
      await visit(visitorPage, `${site.url}/`);
      await visit(visitorPage, `${site.url}/menu`);
      await visit(visitorPage, `${site.url}/`);
      // The same page under a host name that is not the site's: refused, not counted.
      await visit(visitorPage, `${site.url.replace("127.0.0.1", "localhost")}/`, 403);
      // No cookie was set on the visitor's site, or on ours.
      expect(await visitor.cookies()).toEqual([]);
      await visitor.close();
    } finally {
      site.server.close();
    }

    await pageViewsCounted(webUrl());
    await page.reload();
    await expect
      .poll(() => page.getByTestId("stat-page-views").textContent(), { timeout: 15_000 })
      .toBe("3");
    // The same browser all three times: one visitor, who viewed more than one page.
    expect(await page.getByTestId("stat-total-visitors").textContent()).toBe("1");
    expect(await page.getByTestId("stat-pages-per-visitor").textContent()).toBe("3.0");
    expect(await page.getByTestId("stat-single-page-visits").textContent()).toBe("0%");
    await page.getByRole("img", { name: /3 page views in all/ }).waitFor();
    await screenshot(page, "analytics-overview-1440");

    await page.getByRole("tab", { name: "Behavior" }).click();
    const pages = page.getByRole("list", { name: "Most Visited Pages" });
    await pages.waitFor();
    const rows = pages.getByRole("listitem");
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toMatch(/^\/2\s*67%$/);
    expect(await rows.nth(1).textContent()).toMatch(/^\/menu1\s*33%$/);
    await page.getByText("No referrals yet", { exact: false }).waitFor();
    await screenshot(page, "analytics-behavior-1440");

    await page.getByRole("tab", { name: "Audience" }).click();
    const devices = page.getByRole("list", { name: "Device Types" });
    expect(await devices.getByRole("listitem").first().textContent()).toMatch(/Desktop3/);
    await screenshot(page, "analytics-audience-1440");

    // The range is in the URL and survives a reload.
    await page.getByRole("button", { name: "7 days" }).click();
    await page.waitForURL((url) => url.searchParams.get("range") === "7d");
    await page.reload();
    expect(await page.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await expect
      .poll(() => page.getByTestId("stat-page-views").textContent(), { timeout: 15_000 })
      .toBe("3");

    // Phone width: the same figures, nothing cut off sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId("stat-page-views").waitFor();
    const overflow = await page.evaluate(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    );
    expect(overflow).toBe(0);
    await screenshot(page, "analytics-overview-375");

    expect(problems).toEqual([]);
    await context.close();
  });

  it("connects a Google Analytics tracking ID with the page's toasts, and disconnects it", async () => {
    const { page, context } = await openPage(browser());
    await customerWithSite(context, ANA, { name: "Flower Shop" });
    await page.goto("/analytics");
    // Once the figures are in, nothing above the card moves any more.
    await page.getByText("No visits yet").waitFor();
    const card = page.getByTestId("ga-card");
    await card.getByLabel("Tracking ID").waitFor();
    await card.getByText("How to find your tracking ID").waitFor();

    // Empty after trimming: the page refuses it without a call.
    await card.getByLabel("Tracking ID").fill("   ");
    await card.getByRole("button", { name: "Connect" }).click();
    await page.getByText("Invalid Tracking ID").waitFor();
    await page.getByText("Please enter a valid Google Analytics tracking ID.").waitFor();

    // Not a GA4 or UA ID: the server refuses it.
    await card.getByLabel("Tracking ID").fill("G-123");
    await card.getByRole("button", { name: "Connect" }).click();
    await page.getByText("Connection Failed").waitFor();
    await page
      .getByText("Failed to connect Google Analytics. Please check your tracking ID.")
      .waitFor();

    await card.getByLabel("Tracking ID").fill(" g-abcde12345 ");
    await card.getByRole("button", { name: "Connect" }).click();
    await card.getByText("Connected").waitFor();
    expect(await card.getByTestId("ga-tracking-id").textContent()).toBe("G-ABCDE12345");
    await page.reload();
    await card.getByText("Connected").waitFor();
    await screenshot(page, "analytics-connected-1440");

    await card.getByRole("button", { name: "Disconnect" }).click();
    await card.getByLabel("Tracking ID").waitFor();
    await context.close();
  });
});
