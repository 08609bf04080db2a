/**
 * Onboarding as a paying customer does it: the four-step questionnaire (with Previous once and a
 * reload half-way), the completed screen, the dashboard with the requested site's row, and a
 * support ticket opened from the dashboard. Screenshots at 1440 and 375 px go to E2E_SHOTS_DIR.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, screenshot, textsNotInFull, useBrowser, waitForPath } from "../support/browser";
import { signUpCustomer } from "../support/browser-customers";
import { useWebStackEnv } from "../support/web-stack";

useWebStackEnv();
// After the env: sst/node reads the table name when the module loads.
const { db } = await import("@portal/core/db/service");

const browser = useBrowser();

/**
 * A signed-in customer who has paid (Starter) but not filled in the questionnaire. Payments
 * land separately, so the subscription state is written through core as the webhook would.
 */
async function payingCustomer(context: BrowserContext, firstName: string): Promise<string> {
  return signUpCustomer(context, { firstName, lastName: "Baker" }, (userId) => ({
    subscriptionActive: true,
    subscriptionStatus: "active",
    subscriptionPlan: "starter",
    stripeCustomerId: `cus_${userId.slice(-10)}`,
    stripeSubscriptionId: `sub_${userId.slice(-10)}`,
  }));
}

/**
 * Ticks a radio or checkbox as a person does, by clicking its label (Chakra draws the control
 * over the native input), then checks that the named control is now checked.
 */
async function choose(page: Page, role: "radio" | "checkbox", name: string | RegExp) {
  const control = page.getByRole(role, { name });
  await page.locator("label").filter({ has: control }).click();
  expect(await control.isChecked()).toBe(true);
}

/** Pixels the page is wider than the window: a phone layout must not scroll sideways. */
async function horizontalOverflow(page: Page): Promise<number> {
  return (await page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  )) as number;
}

/**
 * 'My Sites' shows the site the questionnaire just requested as a row of its own (name, 'URL
 * pending', the 'Requested' badge), not the 'Website in Progress' card.
 */
async function expectRequestedSiteRow(page: Page, name: string) {
  const mySites = page.getByRole("region", { name: "My Sites" });
  await mySites.getByText(name, { exact: true }).waitFor();
  await mySites.getByText("URL pending", { exact: true }).waitFor();
  await mySites.getByText("Requested", { exact: true }).waitFor();
  expect(await mySites.getByRole("link", { name: "Manage" }).count()).toBe(1);
  expect(await mySites.getByRole("heading", { name: "Website in Progress" }).count()).toBe(0);
}

async function expectStep(page: Page, step: number, title: string) {
  await page.getByText(`Step ${step} of 4`, { exact: true }).waitFor();
  await page.getByRole("heading", { name: title }).waitFor();
}

describe("onboarding", () => {
  it("a paying customer completes the questionnaire, lands on the dashboard and opens a ticket", async () => {
    const { page, context, problems } = await openPage(browser(), 1440);
    await payingCustomer(context, "Ada");

    await page.goto("/questionnaire");
    await page.getByRole("heading", { name: /^Welcome to / }).waitFor();
    await expectStep(page, 1, "Business Information");
    const previous = page.getByRole("button", { name: "Previous" });
    expect(await previous.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Submit Questionnaire" }).count()).toBe(0);

    // Step 1
    await page.getByLabel("Business Name").fill("Ada's Bakery");
    await page.getByLabel("Industry").selectOption({ label: "Restaurant & Food" });
    await choose(page, "radio", /Business Website/);
    await page.getByLabel("Target Audience").fill("Families and office workers nearby");
    await screenshot(page, "wizard-step1-1440");
    await page.getByRole("button", { name: "Next" }).click();

    // Step 2, then back once with Previous: step 1 still holds its answers.
    await expectStep(page, 2, "Goals & Competition");
    await page.getByLabel("Business Goals").fill("Take cake orders online");
    await page
      .getByLabel("Competitor Websites")
      .fill("https://bread.example\nhttps://cakes.example");
    await previous.click();
    await expectStep(page, 1, "Business Information");
    expect(await page.getByLabel("Business Name").inputValue()).toBe("Ada's Bakery");
    await page.getByRole("button", { name: "Next" }).click();
    await expectStep(page, 2, "Goals & Competition");

    // A reload half-way keeps the answers and the step (the browser draft).
    await page.reload();
    await expectStep(page, 2, "Goals & Competition");
    expect(await page.getByLabel("Business Goals").inputValue()).toBe("Take cake orders online");
    await screenshot(page, "wizard-step2-1440");
    await page.getByRole("button", { name: "Next" }).click();

    // Step 3
    await expectStep(page, 3, "Design Preferences");
    expect(await page.getByPlaceholder("#3B82F6").inputValue()).toBe("#3B82F6");
    expect(await page.getByPlaceholder("#8B5CF6").inputValue()).toBe("#8B5CF6");
    await choose(page, "radio", /Classic/);
    await page.getByLabel("Preferred Colors").fill("Warm browns and cream");
    await page.getByPlaceholder("#3B82F6").fill("#A0522D");
    await choose(page, "checkbox", "I have a logo");
    await screenshot(page, "wizard-step3-1440");
    await page.getByRole("button", { name: "Next" }).click();

    // Step 4
    await expectStep(page, 4, "Additional Services & Timeline");
    expect(await page.getByRole("button", { name: "Next" }).count()).toBe(0);
    await choose(page, "checkbox", "SEO Optimization");
    await page.getByLabel("Preferred Timeline").selectOption({ label: "3-4 weeks" });
    await page.getByLabel("Additional Budget for Extras").selectOption({ label: "$250 - $500" });
    await choose(page, "radio", "Phone");
    await screenshot(page, "wizard-step4-1440");
    await page.getByRole("button", { name: "Submit Questionnaire" }).click();

    await page.getByRole("heading", { name: "Questionnaire Complete!" }).waitFor();
    await page.getByText("Questionnaire Submitted!").waitFor();
    await page.getByText("Your website launches within 2-3 weeks").waitFor();
    await page.getByRole("link", { name: "Back to Dashboard" }).waitFor();
    await screenshot(page, "questionnaire-complete-1440");
    await waitForPath(page, "/dashboard");

    // The dashboard: the requested site has its own row; 'Website in Progress' is only for a
    // customer with no site at all (docs/sites.md, "On the dashboard").
    await expectRequestedSiteRow(page, "Ada's Bakery");
    await page.getByText("Website requested for Ada's Bakery").waitFor();
    await page.getByText("No support tickets yet").waitFor();

    // A ticket from the dashboard, through its own form rules.
    await page.getByRole("button", { name: "New Ticket" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await dialog.getByText("Title is required").waitFor();
    await dialog.getByText("Please provide at least 10 characters").waitFor();
    await dialog.getByText("Please select a category").waitFor();
    await dialog.getByText("Please select a priority").waitFor();
    await dialog.getByLabel("Title").fill("Add our opening hours");
    await dialog.getByLabel("Description").fill("Please add Monday to Saturday, 7am to 6pm.");
    await dialog.getByLabel("Category").selectOption({ label: "Website Request" });
    await dialog.getByLabel("Priority").selectOption({ label: "Low" });
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await page.getByText("Support ticket created successfully").waitFor();
    await dialog.waitFor({ state: "detached" });

    const card = page.getByRole("list", { name: "Support tickets" });
    await card.getByText("Add our opening hours").waitFor();
    expect(await card.getByText(/^#[0-9A-Z]{6}$/).count()).toBe(1);
    await card.getByText("Open", { exact: true }).waitFor();
    await screenshot(page, "dashboard-1440");

    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the wizard and the dashboard on a 375 px phone", async () => {
    const { page, context, problems } = await openPage(browser(), 375);
    await payingCustomer(context, "Grace");

    await page.goto("/questionnaire");
    await expectStep(page, 1, "Business Information");
    await screenshot(page, "wizard-step1-375");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // Submitting without the required answers opens step 1 with the field messages.
    for (let step = 1; step < 4; step++) await page.getByRole("button", { name: "Next" }).click();
    await expectStep(page, 4, "Additional Services & Timeline");
    await screenshot(page, "wizard-step4-375");
    await page.getByRole("button", { name: "Submit Questionnaire" }).click();
    await expectStep(page, 1, "Business Information");
    await page.getByText("Business name is required").waitFor();
    await page.getByText("Please select an industry", { exact: true }).waitFor();
    await page.getByText("Please select a website type", { exact: true }).waitFor();
    await screenshot(page, "wizard-errors-375");

    await page.getByLabel("Business Name").fill("Grace's Gym");
    await page.getByLabel("Industry").selectOption({ label: "Fitness & Wellness" });
    await choose(page, "radio", /Portfolio/);
    for (let step = 1; step < 4; step++) await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Submit Questionnaire" }).click();
    await page.getByRole("heading", { name: "Questionnaire Complete!" }).waitFor();
    await screenshot(page, "questionnaire-complete-375");
    await waitForPath(page, "/dashboard");
    await expectRequestedSiteRow(page, "Grace's Gym");
    await page.getByText("Website requested for Grace's Gym").waitFor();
    await page.getByText("No support tickets yet").waitFor();
    await screenshot(page, "dashboard-375");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    expect(problems).toEqual([]);
    await context.close();
  });

  it("lists sites with their labels, score bands and the SEO upsell; a lapsed payment shows its banner", async () => {
    for (const width of [1440, 375]) {
      const { page, context, problems } = await openPage(browser(), width);
      const userId = await payingCustomer(context, "Linus");
      await db.entities.user.patch({ userId }).set({ hasCompletedQuestionnaire: true }).go();
      await db.entities.site
        .create({
          userId,
          name: "Bakery Shop",
          status: "live",
          url: "https://bakery.example",
          liveUrl: "https://bakery.example",
          performanceScore: 72,
        })
        .go();
      await db.entities.site
        .create({ userId, name: "Cake Blog", status: "in_progress", performanceScore: 91 })
        .go();
      await db.entities.site.create({ userId, name: "Catering", status: "development" }).go();
      // Three buttons (Add Content, Preview, Manage) beside a name, an address and a date.
      await db.entities.site
        .create({
          userId,
          name: "Sunrise Bakery",
          status: "development",
          url: "https://sunrise-bakery.example",
        })
        .go();

      await page.goto("/dashboard");
      await page.getByText("Bakery Shop").waitFor();
      expect(await page.getByText("URL pending").count()).toBe(2);
      for (const label of ["Live", "In Progress", "Development"]) {
        await page.getByText(label, { exact: true }).first().waitFor();
      }
      await page.getByText("Sunrise Bakery").waitFor();
      // Name, status, address and dates read in full, the buttons wherever they fit.
      const updated = await page
        .getByText(/^Updated /)
        .first()
        .textContent();
      expect(
        await textsNotInFull(page, `section[aria-labelledby="my-sites-title"]`, [
          "Sunrise Bakery",
          "Development",
          "https://sunrise-bakery.example",
          updated ?? "Updated",
          "Performance--",
        ]),
      ).toEqual([]);
      await page.getByLabel("Performance score 72%").waitFor();
      await page.getByLabel("Performance score 91%").waitFor();
      expect(await page.getByLabel("Performance score --").count()).toBe(2);
      // Preview opens the live site; without a liveUrl it is disabled.
      const previews = page.getByRole("link", { name: "Preview" });
      expect(await previews.count()).toBe(1);
      expect(await previews.getAttribute("href")).toBe("https://bakery.example");
      expect(await page.getByRole("button", { name: "Preview" }).count()).toBe(3);

      // Only the live site scoring below 85 gets the strip.
      const upgrade = page.getByRole("button", { name: "Upgrade for $49" });
      expect(await upgrade.count()).toBe(1);
      await page.getByText("No recent activity").waitFor();
      // Stat cards: one live site; the average of the two scores set, (72 + 91) / 2 rounded.
      await page.getByText("82%", { exact: true }).waitFor();
      await screenshot(page, `dashboard-sites-${width}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await upgrade.click();
      await page.getByRole("dialog").getByText("SEO Performance Package").first().waitFor();
      await screenshot(page, `dashboard-seo-modal-${width}`);
      await page.keyboard.press("Escape");

      // The renewal fails: the banner leads to billing, and the package is no longer offered
      // (only a paid-up customer can buy it).
      await db.entities.user
        .patch({ userId })
        .set({ subscriptionActive: false, subscriptionStatus: "past_due" })
        .go();
      await page.goto("/dashboard?payment=failed");
      await page.getByText("Payment Failed").waitFor();
      await page.getByText("There was an issue with your payment. Please try again.").waitFor();
      await page.waitForURL((url) => url.search === "");
      await page.getByText("Payment Issue").waitFor();
      expect(await page.getByRole("link", { name: "Go to Billing" }).getAttribute("href")).toBe(
        "/billing",
      );
      await page.getByText("Bakery Shop").waitFor();
      expect(await page.getByRole("button", { name: "Upgrade for $49" }).count()).toBe(0);

      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("a payment received but not yet activated: the banner's Check Status asks the payment provider", async () => {
    const { page, context } = await openPage(browser(), 1440);
    const userId = await payingCustomer(context, "Hedy");
    // The customer exists at the payment provider, but no subscription has been stored for them.
    await db.entities.user
      .patch({ userId })
      .set({ hasCompletedQuestionnaire: true })
      .remove(["subscriptionPlan", "stripeSubscriptionId"])
      .go();
    await page.goto("/dashboard");
    await page.getByText("Payment Received - Activating Subscription").waitFor();
    expect(await page.getByText("Payment Issue").count()).toBe(0);
    await page.getByRole("button", { name: "Check Status" }).click();
    await page.getByText("No Active Subscription").waitFor();
    await page
      .getByText("We couldn't find an active subscription in your payment provider account.")
      .waitFor();
    await screenshot(page, "dashboard-activating-1440");
    await context.close();
  });

  it("a failed submit toasts and stays; a lost session: 'Unauthorized', /sign-in, answers kept as a draft", async () => {
    const { page, context } = await openPage(browser(), 1440);
    await payingCustomer(context, "Barbara");
    await page.goto("/questionnaire");
    await expectStep(page, 1, "Business Information");
    await page.getByLabel("Business Name").fill("Liskov Labs");
    await page.getByLabel("Industry").selectOption({ label: "Technology" });
    await choose(page, "radio", /Business Website/);
    for (let step = 1; step < 4; step++) await page.getByRole("button", { name: "Next" }).click();

    // First the server fails: the failure toast, and the wizard stays on step 4.
    // Then the session has ended meanwhile: the API answers as it answers an expired token (a
    // real sign-out elsewhere leaves the cached 60 s token valid for up to a minute).
    let calls = 0;
    await page.route("**/api/questionnaires", (route) => {
      calls += 1;
      return calls === 1
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "internal", message: "Internal server error" } }),
          })
        : route.fulfill({
            status: 401,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "unauthorized", message: "Unauthorized" } }),
          });
    });
    await page.getByRole("button", { name: "Submit Questionnaire" }).click();
    await page.getByText("Failed to submit questionnaire. Please try again.").waitFor();
    await expectStep(page, 4, "Additional Services & Timeline");
    // The toast sits over the lower right corner, where the button is: close it first.
    await page.getByRole("button", { name: "Close notification" }).click();

    await page.getByRole("button", { name: "Submit Questionnaire" }).click();
    await page.getByText("Unauthorized", { exact: true }).waitFor();
    await page.getByText("You are logged out. Logging in again...").waitFor();
    await waitForPath(page, "/sign-in");

    const draft = (await page.evaluate(
      "JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('questionnaire-draft:')))",
    )) as string;
    expect(draft).toContain("Liskov Labs");
    await context.close();
  });
});
