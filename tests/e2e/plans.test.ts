/**
 * The plans from inside the portal: /pricing opens in every signed-in state (billing's 'View
 * Plans' leads a lapsed customer there), and a plan chosen there goes on to /subscribe.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAPSED_CUSTOMER } from "../support/customer-state";
import { launchBrowser, openPage, pathOf, screenshot, selectedPlan, waitForPath } from "./browser";
import { useWebStackEnv } from "./context";
import { signUpCustomer } from "./customers";

useWebStackEnv();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("/pricing from the portal", () => {
  it("billing's 'View Plans' takes a lapsed customer to /pricing, and a plan there to /subscribe", async () => {
    const { page, context, problems } = await openPage(browser);
    await signUpCustomer(context, { firstName: "Lena", lastName: "Lapsed" }, LAPSED_CUSTOMER);
    // Held: the page would otherwise leave for the payment page.
    await page.route("**/api/create-subscription", () => new Promise<void>(() => {}));
    await page.goto("/billing");
    await page.getByText("No active subscription found.").waitFor();
    await page.getByRole("link", { name: "View Plans" }).click();
    await waitForPath(page, "/pricing");
    await page.getByRole("heading", { name: "Choose Your Plan", level: 1 }).waitFor();
    await page.waitForTimeout(700);
    expect(pathOf(page)).toBe("/pricing");
    // Sign-up is for visitors; a customer chooses a plan.
    expect(await page.getByRole("link", { name: "Start Your Website Today" }).count()).toBe(0);
    await screenshot(page, "pricing-signed-in-1440");

    await page.getByRole("button", { name: "Get Started with Pro" }).click();
    await waitForPath(page, "/subscribe");
    expect(await selectedPlan(page)).toBe("Professional");
    await page.getByText("Plan: Professional ($99/month)").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
