import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, pathOf, useBrowser, waitForPath } from "../support/browser";

const browser = useBrowser();

/** A signed-out visit to a portal page shows the 'Unauthorized' toast. */
async function showToast(page: Page) {
  await page.goto("/dashboard");
  await waitForPath(page, "/sign-in");
  const toast = page.locator('[data-scope="toast"][data-part="root"]');
  await toast.getByText("Unauthorized").waitFor();
  // Let the entry animation (400 ms) finish, so the toast is where its box says.
  await page.waitForTimeout(600);
  return toast;
}

describe("a signed-out visitor on a portal page", () => {
  // docs/pages.md, "Signing in and out": the toast shows on the page
  // asked for, and the move to /sign-in follows 500 ms later. The page's clock stands still
  // and is moved by hand, so the 500 ms is measured, not raced.
  it.each(["/manage", "/questionnaire", "/analytics"])(
    "%s: 'Unauthorized' / 'You are logged out. Logging in again...', then /sign-in after 500 ms",
    async (path) => {
      const { page, context } = await openPage(browser());
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await page.goto(path);
      // The spinner stands in for the page; the toast's region loads meanwhile.
      await page.getByRole("status").getByText("Loading").waitFor({ state: "attached" });
      await page.waitForLoadState("networkidle");

      const message = page
        .locator('[data-scope="toast"][data-part="root"]')
        .filter({ hasText: "Unauthorized" })
        .getByText("You are logged out. Logging in again...");
      // React commits the lazily loaded region up to 300 ms after it was asked for.
      let elapsed = 0;
      while ((await message.count()) === 0) {
        expect(elapsed, "the toast shows within 450 ms").toBeLessThan(450);
        await page.clock.runFor(50);
        elapsed += 50;
        await page.waitForTimeout(50);
      }
      expect(pathOf(page)).toBe(path);

      await page.clock.runFor(450 - elapsed);
      await page.waitForTimeout(100);
      expect(pathOf(page)).toBe(path);
      await page.clock.runFor(100);
      await waitForPath(page, "/sign-in");
      await context.close();
    },
  );
});

describe("toasts", () => {
  it("F8 moves focus to the notifications region", async () => {
    const { page, context } = await openPage(browser());
    await showToast(page);
    await page.keyboard.press("F8");
    await page.waitForFunction(
      "document.activeElement?.getAttribute('data-scope') === 'toast' && document.activeElement?.getAttribute('data-part') === 'group'",
    );
    await context.close();
  });

  it("a swipe right of more than 50 px dismisses the toast", async () => {
    const { page, context } = await openPage(browser());
    const toast = await showToast(page);
    const box = await toast.boundingBox();
    if (!box) throw new Error("the toast has no box");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, y, { steps: 4 });
    await page.mouse.move(box.x + 100, y, { steps: 4 });
    await page.mouse.up();
    await toast.waitFor({ state: "hidden", timeout: 3000 });
    await context.close();
  });

  it("a short swipe leaves the toast in place", async () => {
    const { page, context } = await openPage(browser());
    const toast = await showToast(page);
    const box = await toast.boundingBox();
    if (!box) throw new Error("the toast has no box");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, y, { steps: 4 });
    await page.mouse.up();
    await page.waitForTimeout(500);
    expect(await toast.count()).toBe(1);
    await context.close();
  });

  it("disappears on its own after 5 seconds", async () => {
    const { page, context } = await openPage(browser());
    const toast = await showToast(page);
    // Move the pointer away so hovering does not pause it.
    await page.mouse.move(5, 5);
    await page.waitForTimeout(3500);
    expect(await toast.isVisible()).toBe(true);
    await toast.waitFor({ state: "hidden", timeout: 4000 });
    await context.close();
  });

  it("a dismissed toast stays in the store, hidden, until 1,000,000 ms have passed", async () => {
    const { page, context } = await openPage(browser());
    await page.clock.install();
    const toast = await showToast(page);
    await page.getByRole("button", { name: "Close notification" }).click();
    await toast.waitFor({ state: "hidden" });
    await page.waitForTimeout(500);
    expect(await toast.count()).toBe(1);
    await page.clock.fastForward(990_000);
    await page.waitForTimeout(200);
    expect(await toast.count()).toBe(1);
    await page.clock.fastForward(20_000);
    await toast.waitFor({ state: "detached" });
    await context.close();
  });
});
