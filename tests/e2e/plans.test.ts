/**
 * The plans from inside the portal: /pricing opens in every signed-in state (billing's 'View
 * Plans' leads a lapsed customer there), a plan chosen there goes on to /subscribe, and the
 * 'Upgrade to Pro' card shows to Starter customers only and leads to the change of plan.
 */
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  openPage,
  pathOf,
  screenshot,
  selectedPlan,
  useBrowser,
  waitForPath,
} from "../support/browser";
import { READY_CUSTOMER, signUp, signUpCustomer } from "../support/browser-customers";
import { LAPSED_CUSTOMER } from "../support/customer-state";
import { useWebStackEnv, webUrl } from "../support/web-stack";

useWebStackEnv();

const browser = useBrowser();

/** Same-origin, as the SPA sends it (docs/access.md). */
const sameOrigin = () => ({ origin: webUrl() });

/** A customer on Starter paid through the Stripe emulator, questionnaire answered. */
async function payingStarterCustomer(context: BrowserContext) {
  await signUp(context, { firstName: "Stan", lastName: "Starter" });
  // The first authenticated call creates the user record, as the SPA's sync does.
  expect((await context.request.get("/api/auth/user")).ok()).toBe(true);
  const started = await context.request.post("/api/create-subscription", {
    headers: sameOrigin(),
    data: { planName: "Starter" },
  });
  const { paymentUrl } = (await started.json()) as { paymentUrl: string };
  const paid = await context.request.post(paymentUrl, {
    form: { cardnumber: "4242424242424242", exp: "12 / 34", cvc: "123", name: "Stan Starter" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect
    .poll(
      async () =>
        ((await (await context.request.get("/api/auth/user")).json()) as Record<string, unknown>)
          .subscriptionActive,
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  const answered = await context.request.post("/api/questionnaires", {
    headers: sameOrigin(),
    data: { businessName: "Stan's Shop", industry: "retail", websiteType: "business" },
  });
  expect(answered.ok()).toBe(true);
}

describe("/pricing from the portal", () => {
  it("billing's 'View Plans' takes a lapsed customer to /pricing, and a plan there to /subscribe", async () => {
    const { page, context, problems } = await openPage(browser());
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

    await page.getByRole("link", { name: "Get Started with Pro" }).click();
    await waitForPath(page, "/subscribe");
    expect(await selectedPlan(page)).toBe("Professional");
    await page.getByText("Plan: Professional ($99/month)").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the 'Upgrade to Pro' card", () => {
  it.each([
    ["pro", 0],
    ["enterprise", 0],
    ["starter", 1],
  ])("on the %s plan: %i card", async (plan, cards) => {
    const { page, context } = await openPage(browser());
    await signUpCustomer(
      context,
      { firstName: "Uma", lastName: "Upgrade" },
      {
        ...READY_CUSTOMER,
        subscriptionPlan: plan as "pro" | "enterprise" | "starter",
      },
    );
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Portal" });
    await nav.getByRole("link", { name: "Overview" }).waitFor();
    expect(await nav.getByRole("heading", { name: "Upgrade to Pro" }).count()).toBe(cards);
    expect(await nav.getByRole("link", { name: "Learn More" }).count()).toBe(cards);
    await context.close();
  });

  it("takes a paying Starter customer through the plans to Pro", async () => {
    const { page, context, problems } = await openPage(browser());
    await payingStarterCustomer(context);
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Portal" });
    await nav.getByRole("link", { name: "Learn More" }).click();
    await waitForPath(page, "/pricing");
    await page.getByRole("link", { name: "Get Started with Pro" }).click();
    await waitForPath(page, "/subscribe");

    await page.getByText("Subscription Active!").waitFor();
    await page.getByText("Your plan is now Professional.").waitFor();
    await waitForPath(page, "/dashboard");
    await nav.getByRole("link", { name: "Overview" }).waitFor();
    await expect.poll(() => nav.getByRole("heading", { name: "Upgrade to Pro" }).count()).toBe(0);

    await page.goto("/billing");
    await page.getByText("Professional Plan").waitFor();
    await page.getByText("$99.00/month").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
