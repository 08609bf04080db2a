/**
 * The monthly care report as an Enterprise customer sees it (docs/reports.md): the months of a
 * site, last month's report at 1440 and 375 px (no horizontal scroll, no console error), the
 * print stylesheet (no navigation, one column), and the PDF downloaded through the button,
 * which has the jobs worker print it on the browser function first. The data is a month of
 * stored uptime days, page views, a Lighthouse run and a resolved ticket.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import { openPage, screenshot, useBrowser } from "../support/browser";
import { READY_CUSTOMER, signUpCustomer } from "../support/browser-customers";
import { compact, pdfText } from "../support/pdf-text";
import { useWebStackEnv } from "../support/web-stack";

useWebStackEnv();
// After the env: sst/node reads the table name when the module loads.
const { db } = await import("@portal/core/db/service");
const { lastCompleteMonth, monthBounds } = await import("@portal/core/reports/month");
const { longMonth } = await import("@portal/core/long-date");

const MONTH = lastCompleteMonth(new Date());
const { firstDay } = monthBounds(MONTH);
const DAYS = Array.from({ length: 28 }, (_, i) => `${MONTH}-${String(i + 1).padStart(2, "0")}`);
const ENTERPRISE = { ...READY_CUSTOMER, subscriptionPlan: "enterprise" as const };

const browser = useBrowser();

async function storeMonth(userId: string, siteId: string) {
  for (const day of DAYS) {
    await db.entities.uptimeDay
      .put({
        userId,
        siteId,
        day,
        checks: 288,
        failures: day.endsWith("-05") ? 3 : 0,
        responseMsTotal: 288 * 250,
      })
      .go();
    await db.entities.analyticsDay.put({ userId, siteId, day, visitors: 25, pageViews: 70 }).go();
    await db.entities.analyticsCount
      .put([
        { siteId, day, dimension: "page", key: "/", views: 50 },
        {
          siteId,
          day,
          dimension: "page",
          key: "/a-rather-long-path/to-the-spring-menu-of-the-bakery",
          views: 20,
        },
        { siteId, day, dimension: "referrer", key: "google.com", views: 9 },
      ])
      .go();
  }
  const runAt = `${MONTH}-12T09:00:00.000Z`;
  await db.entities.lighthouseResult
    .create({
      jobId: ulid(Date.parse(runAt)),
      userId,
      siteId,
      url: "https://bakery.example/",
      strategy: "mobile",
      status: "done",
      finishedAt: runAt,
      result: {
        url: "https://bakery.example/",
        finalUrl: "https://bakery.example/",
        strategy: "mobile",
        timestamp: runAt,
        lighthouseVersion: "12",
        scores: { performance: 87, accessibility: 96, bestPractices: 100, seo: 92, pwa: null },
        pwa: { score: null, measured: false, checks: [] },
        metrics: [],
        opportunities: [],
        diagnostics: [],
      },
    })
    .go();
  await db.entities.ticket
    .create({
      ticketId: ulid(Date.parse(`${firstDay}T10:00:00.000Z`)),
      userId,
      siteId,
      title: "Add the spring menu",
      status: "resolved",
      resolutionTime: 240,
      createdAt: `${firstDay}T10:00:00.000Z`,
    })
    .go();
}

async function noHorizontalScroll(page: Page) {
  const [scroll, inner] = (await page.evaluate(
    "[document.documentElement.scrollWidth, window.innerWidth]",
  )) as [number, number];
  expect(scroll).toBeLessThanOrEqual(inner);
}

describe("the monthly report page", () => {
  let siteId = "";
  const title = () => `Crumb & Co: ${longMonth(MONTH)}`;

  it.each([1440, 375])("opens last month's report at %i px", async (width) => {
    const { page, context, problems } = await openPage(browser(), width);
    const userId = await signUpCustomer(
      context,
      { firstName: "Rita", lastName: "Report" },
      ENTERPRISE,
    );
    siteId = (
      await db.entities.site
        .create({
          userId,
          name: "Crumb & Co",
          status: "live",
          liveUrl: "https://bakery.example/",
          // Live since before last month: the list starts at the month the site was created.
          createdAt: `${monthBounds(MONTH).firstDay}T00:00:00.000Z`,
        })
        .go()
    ).data.siteId;
    await storeMonth(userId, siteId);

    await page.goto(`/sites/${siteId}/reports`);
    await page.getByRole("link", { name: longMonth(MONTH) }).click();
    await expect.poll(() => page.getByRole("heading", { name: title() }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Add the spring menu").isVisible()).toBe(true);
    await noHorizontalScroll(page);
    await screenshot(page, `reports-${width}`);

    // Printed: no header, no side navigation, no buttons; the report alone.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("aside").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Download PDF" }).isVisible()).toBe(false);
    expect(await page.getByRole("heading", { name: title() }).isVisible()).toBe(true);
    await screenshot(page, `reports-${width}-print`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("downloads the month's PDF", async () => {
    const { page, context, problems } = await openPage(browser(), 1440);
    const userId = await signUpCustomer(context, { firstName: "Pia", lastName: "Pdf" }, ENTERPRISE);
    siteId = (
      await db.entities.site
        .create({ userId, name: "Crumb & Co", status: "live", liveUrl: "https://bakery.example/" })
        .go()
    ).data.siteId;
    await storeMonth(userId, siteId);
    await page.goto(`/sites/${siteId}/reports/${MONTH}`);
    await expect.poll(() => page.getByRole("heading", { name: title() }).isVisible()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 90_000 }),
      page.getByRole("button", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-${MONTH}.pdf`);
    const bytes = new Uint8Array(await readFile((await download.path()) as string));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = compact(pdfText(bytes));
    for (const expected of [title(), "Add the spring menu", "87", "google.com"]) {
      expect(text).toContain(compact(expected));
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);
});
