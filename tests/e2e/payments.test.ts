/**
 * Paying as a person does, in Chromium against the built SPA and the local Stripe emulator:
 * sign up, pick Professional, pay on the emulator's Checkout page with the good test card,
 * reach the welcome page; then /billing shows the subscription and one paid invoice, cancel
 * and reactivate work, and the dashboard's SEO upsell is bought with the card form.
 * Screenshots at 1440 and 375 px go to E2E_SHOTS_DIR.
 */

import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  openPage,
  pathOf,
  screenshot,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from "../support/browser";
import { signUp } from "../support/browser-customers";
import { useWebStackEnv, webUrl } from "../support/web-stack";

const stackEnv = useWebStackEnv();
// After the env: sst/node reads the table name when the module loads.
const { db } = await import("@portal/core/db/service");

const browser = useBrowser();

/** A modal sits over the viewport: shoot what the person sees, not the whole scrolled page. */
async function viewportShot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // Let the open animation finish: a half-faded dialog says nothing about the layout.
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * The emulator's control: the signed-in customer's billing period ends now (the subscription
 * renews, or ends if it was cancelled).
 */
async function endPeriod(context: BrowserContext) {
  const me = (await (await context.request.get("/api/auth/user")).json()) as Record<string, string>;
  const answer = await fetch(
    `${webUrl()}/__stripe/__emulator/subscriptions/${me.stripeSubscriptionId}/renew`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${stackEnv.SST_Secret_value_STRIPE_SECRET_KEY}` },
    },
  );
  expect(answer.status).toBe(200);
}

async function fillCheckout(page: Page, card: string) {
  await page.getByLabel("Card information").fill(card);
  await page.getByLabel("Expiration").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
}

/** Waits until the webhook has made the signed-in user active (or, with `false`, lapsed). */
async function waitUntilActive(context: BrowserContext, active = true) {
  await expect
    .poll(
      async () =>
        ((await (await context.request.get("/api/auth/user")).json()) as Record<string, unknown>)
          .subscriptionActive,
      { timeout: 20_000, interval: 250 },
    )
    .toBe(active);
}

async function completeQuestionnaire(context: BrowserContext) {
  // Same-origin, as the SPA sends it: the API refuses cookie-authenticated writes that do not
  // say where they come from (docs/access.md).
  const answer = await context.request.post("/api/questionnaires", {
    headers: { origin: webUrl() },
    data: { businessName: "Lovelace Analytics", industry: "technology", websiteType: "business" },
  });
  expect(answer.ok()).toBe(true);
}

describe("paying for a plan", () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let userId: string;

  it("a new user signs up, picks Professional, pays with the good card and reaches the welcome page", async () => {
    ({ page, context, problems } = await openPage(browser(), 1440));
    page.on("response", (r) => {
      if (r.status() === 404) problems.push(`404 ${r.url()}`);
    });
    await page.goto("/sign-up");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Email address").fill(uniqueEmail("ada"));
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create Account" }).click();
    await waitForPath(page, "/sales");

    await page.getByRole("link", { name: "Choose Professional" }).click();
    await waitForPath(page, "/subscribe");
    await page.waitForURL((url) => url.pathname.startsWith("/__stripe/checkout/"), {
      timeout: 15_000,
    });
    await page.getByText("Subscribe to Professional").waitFor();
    await page.getByText("$99.00").first().waitFor();
    await screenshot(page, "checkout-1440");

    await fillCheckout(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await waitForPath(page, "/welcome");
    expect(new URL(page.url()).searchParams.get("payment")).toBe("success");
    await page.getByRole("heading", { name: /^Welcome to / }).waitFor();
    await page.getByRole("link", { name: "Continue to Questionnaire" }).waitFor();

    await waitUntilActive(context);
    const me = (await (await context.request.get("/api/auth/user")).json()) as Record<
      string,
      unknown
    >;
    expect(me).toMatchObject({ subscriptionPlan: "pro", subscriptionActive: true });
    userId = me.id as string;
    expect(problems).toEqual([]);
  });

  it("then /billing shows the Professional subscription and one paid invoice", async () => {
    // /billing opens once the questionnaire is done (docs/access.md, "The SPA's gate").
    await completeQuestionnaire(context);
    await page.goto("/billing");
    await page.getByRole("heading", { name: "Billing", exact: true }).waitFor();
    await page.getByText("Professional Plan").waitFor();
    await page.getByText("$99.00/month").waitFor();
    await page.getByText("Active", { exact: true }).waitFor();
    await page.getByText(/^Next billing date:/).waitFor();

    const invoices = page.getByRole("list", { name: "Invoices" }).getByRole("listitem");
    await invoices.first().waitFor();
    expect(await invoices.count()).toBe(1);
    const invoice = invoices.first();
    expect(await invoice.getByText("$99.00").count()).toBe(1);
    expect(await invoice.getByText("Paid", { exact: true }).count()).toBe(1);
    const today = new Date().toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    expect(await invoice.getByText(today).count()).toBe(1);

    await page.getByText("Visa •••• 4242").waitFor();
    await page.getByText("Default", { exact: true }).waitFor();
    await screenshot(page, "billing-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByText("Professional Plan").waitFor();
    await screenshot(page, "billing-375");
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("cancel asks for confirmation, shows the period-end notice, and Reactivate undoes it", async () => {
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Cancel your subscription?").waitFor();
    await viewportShot(page, "billing-cancel-dialog-1440");
    await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
    await page.getByText("Subscription Canceled", { exact: true }).waitFor();
    await page.getByText(/^Your subscription ends on /).waitFor();
    // What happens, and when (docs/billing.md "When a subscription ends").
    await page
      .getByText(
        /^On .+ your websites go offline\. 7 days later, on .+, they are deleted for good .+ unless you subscribe again before then, .+ Reactivate before .+ to keep them online\.$/,
      )
      .waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: "Cancel Subscription" }).count()).toBe(0);
    await screenshot(page, "billing-canceling-1440");

    await page.getByRole("button", { name: "Reactivate Subscription" }).click();
    await page.getByText("Subscription Reactivated", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Cancel Subscription" }).waitFor();
    expect(await page.getByText(/^Your subscription ends on /).count()).toBe(0);
  });

  it("Manage Payment Methods opens the billing portal, which returns to /billing", async () => {
    await page.getByRole("button", { name: "Manage Payment Methods" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/__stripe/portal/"), {
      timeout: 15_000,
    });
    await page.getByRole("heading", { name: "Current plan" }).waitFor();
    await page.getByText("Visa").first().waitFor();
    await screenshot(page, "portal-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, "portal-375");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("link", { name: "Return to Site Portal" }).click();
    await waitForPath(page, "/billing");
    await page.getByText("Professional Plan").waitFor();
  });

  it("a failed renewal shows 'Payment Issue'; /billing's Pay Now pays the open invoice", async () => {
    // Swap in the card whose charges fail, through Stripe's portal, then end the period.
    await page.getByRole("button", { name: "Manage Payment Methods" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/__stripe/portal/"));
    await fillCheckout(page, "4000 0000 0000 0341");
    await page.getByRole("button", { name: "Add card" }).click();
    await page.getByText("Your card has been added and set as default.").waitFor();
    await endPeriod(context);
    await waitUntilActive(context, false);

    await page.goto("/dashboard");
    await page.getByText("Payment Issue", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Go to Billing" }).click();
    await waitForPath(page, "/billing");
    await page.getByText("Past due", { exact: true }).waitFor();
    await page.getByText("Your latest payment did not go through").waitFor();
    await screenshot(page, "billing-past-due-1440");
    await page.getByRole("link", { name: "Pay Now" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/__stripe/invoices/"));
    await screenshot(page, "invoice-pay-1440");
    await fillCheckout(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay \$99\.00$/ }).click();
    await page.getByText(/^Paid /).waitFor();
    await waitUntilActive(context);
    await page.goto("/billing");
    await page.getByText("Active", { exact: true }).waitFor();
    const invoices = page.getByRole("list", { name: "Invoices" }).getByRole("listitem");
    await expect.poll(() => invoices.getByText("Paid", { exact: true }).count()).toBe(2);
  });

  it("/complete-payment with nothing to pay says so and leaves for / after 2 s", async () => {
    const fresh = await openPage(browser(), 1440);
    await signUp(fresh.context, { firstName: "Nora", lastName: "Payless" });
    await fresh.page.goto("/complete-payment");
    await fresh.page.getByRole("heading", { name: "Complete Your Payment" }).waitFor();
    await fresh.page.getByText("No Payment Required", { exact: true }).waitFor();
    await fresh.page.getByText("No incomplete payment found. Redirecting...").waitFor();
    await fresh.page.waitForURL((url) => url.pathname !== "/complete-payment", { timeout: 15_000 });
    await fresh.context.close();
  });

  it("buys the SEO package for a live site from the dashboard's upsell strip", async () => {
    const { data: site } = await db.entities.site
      .create({
        userId,
        name: "Lovelace Analytics",
        status: "live",
        url: "https://lovelace.example",
        liveUrl: "https://lovelace.example",
        performanceScore: 72,
      })
      .go();
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Upgrade for $49" }).first().click();
    const modal = page.getByRole("dialog");
    await modal.getByText("SEO Performance Package").first().waitFor();
    await viewportShot(page, "upsell-offer-1440");
    await modal.getByRole("button", { name: "Upgrade for $49" }).click();
    await modal.getByLabel("Card number").waitFor();
    await viewportShot(page, "upsell-payment-1440");

    await modal.getByLabel("Card number").fill("4000 0000 0000 0002");
    await modal.getByLabel("Expiration").fill("12 / 34");
    await modal.getByLabel("CVC").fill("123");
    await modal.getByRole("button", { name: "Pay $49" }).click();
    await page.getByText("Payment Failed", { exact: true }).waitFor();
    await page.getByText("Your card was declined.").waitFor();
    // The form stays for another try.
    await modal.getByLabel("Card number").fill("4242 4242 4242 4242");
    await modal.getByRole("button", { name: "Pay $49" }).click();
    await page.getByText("Success!", { exact: true }).waitFor();
    await page
      .getByText(
        "SEO upgrade purchased successfully! We'll start optimizing your site within 24 hours.",
      )
      .waitFor();
    await modal.waitFor({ state: "detached" });

    await expect
      .poll(
        async () =>
          (await db.entities.upsell.get({ userId, upsellId: `seo-${site.siteId}` }).go()).data
            ?.isPurchased,
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
    expect(problems.filter((p) => !p.includes("402"))).toEqual([]);
  });

  it("looks right at 375 px: the upsell modal and the checkout page with a declined card", async () => {
    const small = await openPage(browser(), 375);
    await small.context.addCookies(await context.cookies());
    await small.page.goto("/dashboard");
    // The site bought above has no strip any more; add one that still qualifies.
    await db.entities.site
      .create({ userId, name: "Second Site", status: "live", performanceScore: 60 })
      .go();
    await small.page.reload();
    // The newest site's strip is the last one (sites are listed oldest first).
    await small.page.getByRole("button", { name: "Upgrade for $49" }).last().click();
    const modal = small.page.getByRole("dialog");
    await modal.getByText("SEO Performance Package").first().waitFor();
    await viewportShot(small.page, "upsell-offer-375");
    await modal.getByRole("button", { name: "Upgrade for $49" }).click();
    await modal.getByLabel("Card number").waitFor();
    await viewportShot(small.page, "upsell-payment-375");
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "detached" });
    await small.context.close();

    // A new customer at the checkout page, on a phone.
    const phone = await openPage(browser(), 375);
    await signUp(phone.context, { firstName: "Phone", lastName: "User" });
    await phone.context.request.get("/api/auth/user");
    const created = await phone.context.request.post("/api/create-subscription", {
      headers: { origin: webUrl() },
      data: { planName: "Starter" },
    });
    const { paymentUrl } = (await created.json()) as { paymentUrl: string };
    await phone.page.goto(paymentUrl);
    await phone.page.getByText("Subscribe to Starter").waitFor();
    await screenshot(phone.page, "checkout-375");
    await fillCheckout(phone.page, "4000 0000 0000 0002");
    await phone.page.getByRole("button", { name: "Subscribe" }).click();
    await phone.page.getByRole("alert").getByText("Your card was declined.").waitFor();
    expect(pathOf(phone.page)).toMatch(/^\/__stripe\/checkout\//);
    await screenshot(phone.page, "checkout-declined-375");
    // Back: Checkout's cancel address is the subscribe page's canceled path.
    await phone.page.getByRole("link", { name: "Back" }).click();
    await phone.page.getByRole("heading", { name: "Payment Canceled" }).waitFor();
    await phone.context.close();
  });

  it("a subscription that ends: the sites go offline, and dashboard and billing give the deletion date", async () => {
    await page.goto("/billing");
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(/7 days later, on .+, they are deleted for good/).waitFor();
    await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
    await dialog.waitFor({ state: "detached" });
    // The period ends: Stripe deletes the subscription and tells the webhook.
    await endPeriod(context);
    await waitUntilActive(context, false);

    await page.goto("/dashboard");
    await page.getByText("Your websites are offline", { exact: true }).waitFor();
    await page.getByText(/Your websites will be deleted on .+, with their screenshots/).waitFor();
    // The offline notice takes Payment Issue's place: no payment failed.
    expect(await page.getByText("Payment Issue", { exact: true }).count()).toBe(0);
    await expect
      .poll(() => page.getByText("Suspended", { exact: true }).count())
      .toBeGreaterThan(0);
    await screenshot(page, "dashboard-sites-suspended-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, "dashboard-sites-suspended-375");
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole("link", { name: "Subscribe Again" }).first().click();
    await waitForPath(page, "/pricing");
    await page.goto("/billing");
    await page.getByText("Your websites are offline", { exact: true }).waitFor();
    await screenshot(page, "billing-sites-suspended-1440");
    await context.close();
  });
});
