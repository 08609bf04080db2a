/**
 * Tooltips on icon-only controls (docs/pages.md, "Toasts and tooltips"): open 700 ms after the
 * pointer rests on the control; within 300 ms of one closing, the next opens at once; at once on
 * keyboard focus. Their code loads at the first pointer move, press or focus in the page, none
 * before. The page's clock stands still and is moved by hand, so the delays are measured, not
 * raced.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, screenshot, useBrowser } from "../support/browser";
import { signUpCustomer } from "../support/browser-customers";
import { useWebStackEnv } from "../support/web-stack";

useWebStackEnv();
// After the env: sst/node reads the table name when the module loads.
const { db } = await import("@portal/core/db/service");

const browser = useBrowser();

/** Holds the page's clock from now on; timers then run only when the test moves it. */
async function holdClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/** The tooltip showing `text`, while it is open (a closed one may linger for its exit). */
function openTooltip(page: Page, text: string) {
  return page.locator('[data-scope="tooltip"][data-part="content"][data-state="open"]', {
    hasText: text,
  });
}

/** The controls drawn with their tooltip, once its code has loaded. */
function tooltipTriggers(page: Page) {
  return page.locator('[data-scope="tooltip"][data-part="trigger"]');
}

/**
 * The pointer comes onto the page away from any control, and the tooltips' code loads: a
 * visitor's pointer is on the page before it rests on a control.
 */
async function pointerOnPage(page: Page, x: number, y: number) {
  await page.mouse.move(x, y);
  await tooltipTriggers(page).first().waitFor({ state: "attached" });
}

/** Moves the held clock, then gives the page a moment to draw what that changed. */
async function advance(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await page.waitForTimeout(100);
}

describe("tooltips", () => {
  it("on /manage's refresh buttons: 700 ms to open, the next at once within 300 ms", async () => {
    const { page, context, problems } = await openPage(browser(), 1440);
    const userId = await signUpCustomer(context, { firstName: "Tia", lastName: "Tooltip" });
    for (const name of ["Bakery", "Cafe"]) {
      await db.entities.site.create({ userId, name, status: "live", performanceScore: 90 }).go();
    }
    await page.goto("/manage");
    const refresh = (name: string) =>
      page.getByRole("button", { name: `Refresh preview of ${name}` });
    await refresh("Cafe").waitFor();
    await page.waitForLoadState("networkidle");
    await pointerOnPage(page, 5, 450);
    const tooltip = openTooltip(page, "Refresh preview");
    await holdClock(page);

    await refresh("Bakery").hover();
    await advance(page, 600);
    expect(await tooltip.count()).toBe(0);
    await advance(page, 150);
    await tooltip.waitFor();
    await screenshot(page, "tooltip-refresh-1440");

    // Straight on to the other card's button: no second wait.
    await refresh("Cafe").hover();
    await advance(page, 50);
    expect(await tooltip.count()).toBe(1);
    await tooltip.waitFor();

    // Away for longer than 300 ms: the next one waits its 700 ms again.
    await page.mouse.move(5, 450);
    await advance(page, 400);
    expect(await tooltip.count()).toBe(0);
    await refresh("Bakery").hover();
    await advance(page, 300);
    expect(await tooltip.count()).toBe(0);
    await advance(page, 450);
    await tooltip.waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it("on the collapsed side navigation's button and on Copy snippet", async () => {
    const { page, context, problems } = await openPage(browser(), 900);
    const userId = await signUpCustomer(context, { firstName: "Tom", lastName: "Tooltip" });
    await db.entities.site.create({ userId, name: "Bakery", status: "live" }).go();
    await page.goto("/analytics");
    const copy = page.getByRole("button", { name: "Copy snippet" });
    await copy.waitFor();
    await page.waitForLoadState("networkidle");
    // Scrolling closes an opening tooltip: scroll before the clock stands still.
    await copy.scrollIntoViewIfNeeded();
    await pointerOnPage(page, 450, 5);
    await holdClock(page);

    await page.getByRole("button", { name: "Open navigation" }).hover();
    await advance(page, 600);
    const nav = openTooltip(page, "Open navigation");
    expect(await nav.count()).toBe(0);
    await advance(page, 150);
    await nav.waitFor();
    await screenshot(page, "tooltip-nav-900");

    await page.mouse.move(450, 5);
    await advance(page, 400);
    await copy.hover();
    await advance(page, 600);
    const snippet = openTooltip(page, "Copy snippet");
    expect(await snippet.count()).toBe(0);
    await advance(page, 150);
    await snippet.waitFor();
    await screenshot(page, "tooltip-copy-snippet-900");

    expect(problems).toEqual([]);
    await context.close();
  });

  it("load at the first use: none before, open at once on a first keyboard focus, 700 ms on a first hover", async () => {
    const { page, context, problems } = await openPage(browser(), 900);
    const userId = await signUpCustomer(context, { firstName: "Tess", lastName: "Tooltip" });
    await db.entities.site.create({ userId, name: "Bakery", status: "live" }).go();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    const loadsTooltips = () => asked.filter((pathname) => /tooltip/i.test(pathname));

    await page.goto("/manage");
    const refresh = page.getByRole("button", { name: "Refresh preview of Bakery" });
    await refresh.waitFor();
    await page.waitForLoadState("networkidle");
    // Nobody has touched the page: no tooltip's code, every control drawn once.
    expect(loadsTooltips()).toEqual([]);
    expect(await tooltipTriggers(page).count()).toBe(0);

    // The first Tab comes to the header's button before the code is there; it keeps the focus
    // and its tooltip opens as on any keyboard focus.
    await page.keyboard.press("Tab");
    const nav = openTooltip(page, "Open navigation");
    await nav.waitFor();
    expect(loadsTooltips()).not.toEqual([]);
    expect(await page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe(
      "Open navigation",
    );
    await screenshot(page, "tooltip-first-focus-900");

    // Loaded again: the pointer's first stop is a control, before the code is there; the 700 ms
    // run from when it has loaded.
    await page.reload();
    await refresh.waitFor();
    await page.waitForLoadState("networkidle");
    expect(await tooltipTriggers(page).count()).toBe(0);
    await holdClock(page);
    await refresh.hover();
    await tooltipTriggers(page).first().waitFor({ state: "attached" });
    // The control, drawn anew with its tooltip, is handed the resting pointer after its commit.
    await page.waitForTimeout(100);
    const tooltip = openTooltip(page, "Refresh preview");
    await advance(page, 600);
    expect(await tooltip.count()).toBe(0);
    await advance(page, 150);
    await tooltip.waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it("a press under way as the code arrives keeps its click", async () => {
    const { page, context, problems } = await openPage(browser(), 900);
    await signUpCustomer(context, { firstName: "Pia", lastName: "Press" });
    await page.goto("/manage");
    const open = page.getByRole("button", { name: "Open navigation" });
    await open.waitFor();
    await page.waitForLoadState("networkidle");
    // The tooltip's code is held until the button is pressed, then arrives under the press.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/tooltip-popup/, async (route) => {
      await held;
      await route.continue();
    });
    await open.hover();
    await page.mouse.down();
    const arrived = page.waitForResponse(/tooltip-popup/);
    release();
    await arrived;
    await page.waitForTimeout(300);
    expect(await tooltipTriggers(page).count()).toBe(0);

    await page.mouse.up();
    await page.getByRole("dialog").getByRole("navigation", { name: "Portal" }).waitFor();
    await tooltipTriggers(page).first().waitFor({ state: "attached" });
    expect(problems).toEqual([]);
    await context.close();
  });
});
