import { describe, expect, it } from "vitest";
import {
  openPage,
  pathOf,
  screenshot,
  selectedPlan,
  signUpThroughApi,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from "../support/browser";
import { webUrl } from "../support/web-stack";

const browser = useBrowser();

describe("a new visitor", () => {
  it("goes from the landing page to pricing, signs up, lands on /sales and picks Professional", async () => {
    const { page, context } = await openPage(browser());

    await page.goto("/");
    await page.getByRole("heading", { name: "Done-For-You Website Creation" }).waitFor();
    await page.getByRole("link", { name: "View Plans" }).click();
    await waitForPath(page, "/sales");
    // The landing page has a 'Pricing' link too (to /sales): wait until /sales is on screen.
    await page.getByRole("heading", { name: "Welcome, User!" }).waitFor();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Pricing" })
      .click();
    await waitForPath(page, "/pricing");
    await page.getByRole("heading", { name: "Choose Your Plan" }).waitFor();
    // docs/pricing.md: the pricing page's cards are Starter, Pro (Most Popular) and Enterprise.
    const cards = page.getByRole("region");
    expect(await cards.getByRole("heading", { level: 2 }).allTextContents()).toEqual([
      "Starter",
      "Pro",
      "Enterprise",
    ]);
    const pro = cards.filter({ has: page.getByRole("heading", { name: "Pro", exact: true }) });
    await pro.getByText("Most Popular").waitFor();
    await pro.getByText("$99").waitFor();
    expect(await page.getByText("Most Popular").count()).toBe(1);

    // Signed out, a plan button keeps the choice (the server's name for it) and asks the
    // visitor to sign in.
    await page.getByRole("link", { name: "Get Started with Pro" }).click();
    await waitForPath(page, "/sign-in");
    expect(await selectedPlan(page)).toBe("Professional");

    await page.getByRole("link", { name: "Sign up" }).click();
    await waitForPath(page, "/sign-up");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Email address").fill(uniqueEmail("grace"));
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create Account" }).click();

    await waitForPath(page, "/sales");
    await page.getByRole("heading", { name: "Welcome, Grace!" }).waitFor();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();

    // Hold the subscription call so the page can be read before it leaves for payment.
    let sent: unknown;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered: (paymentUrl: string) => void = () => {};
    const paymentUrl = new Promise<string>((resolve) => {
      answered = resolve;
    });
    await page.route("**/api/create-subscription", async (route) => {
      sent = route.request().postDataJSON();
      await held;
      const response = await route.fetch();
      const body = (await response.json()) as { paymentUrl?: string };
      answered(body.paymentUrl ?? "");
      await route.fulfill({ response });
    });

    await page.getByRole("link", { name: "Choose Professional" }).click();
    await waitForPath(page, "/subscribe");
    expect(await selectedPlan(page)).toBe("Professional");
    await page.getByText("Plan: Professional ($99/month)").waitFor();
    await page.getByRole("heading", { name: "Preparing your subscription..." }).waitFor();
    await expect.poll(() => sent).toEqual({ planName: "Professional" });

    // The answer's paymentUrl is where the visitor goes next (docs/billing.md, "Paying by card").
    release();
    const url = await paymentUrl;
    expect(url).toMatch(/^https?:\/\//);
    await page.waitForURL(url, { timeout: 15_000 });
    await context.close();
  });

  it("refuses a short password before calling the provider", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/sign-up");
    await page.getByLabel("First name").fill("Short");
    await page.getByLabel("Last name").fill("Password");
    await page.getByLabel("Email address").fill(uniqueEmail("short"));
    await page.getByLabel("Password").fill("1234567");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Password must be at least 8 characters").waitFor();
    expect(pathOf(page)).toBe("/sign-up");
    await context.close();
  });
});

describe("access gating", () => {
  it("sends a signed-out visit to /dashboard to /sign-in with the 'Unauthorized' toast", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/dashboard");
    await waitForPath(page, "/sign-in");
    await page.getByText("Unauthorized").waitFor();
    await page.getByRole("heading", { name: /Welcome to/ }).waitFor();
    await context.close();
  });

  it("sends a signed-in visitor without a plan from a portal page to /sales", async () => {
    const { page, context } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Alan", lastName: "Turing" });
    await page.goto("/billing");
    await waitForPath(page, "/sales");
    await page.getByRole("heading", { name: "Welcome, Alan!" }).waitFor();
    await context.close();
  });

  it("shows the welcome page after payment=success to a visitor without a plan yet", async () => {
    const { page, context } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Katherine", lastName: "Johnson" });
    await page.goto("/?payment=success");
    await waitForPath(page, "/welcome");
    await page.getByRole("link", { name: "Continue to Questionnaire" }).waitFor();
    await context.close();
  });
});

describe("sign-out", () => {
  it("from the shell's user menu ends on /sign-in and ends the session", async () => {
    const { page, context } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Edsger", lastName: "Dijkstra" });
    await page.goto("/settings");
    await page.getByText("Welcome back, Edsger").waitFor();

    await page.getByRole("button", { name: "Open user menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await waitForPath(page, "/sign-in");

    // The session is gone, not just hidden: a portal page sends the visitor back.
    await page.goto("/settings");
    await waitForPath(page, "/sign-in");
    await context.close();
  });

  it("from the sales page ends on /sign-in", async () => {
    const { page, context } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Barbara", lastName: "Liskov" });
    await page.goto("/sales");
    await page.getByRole("heading", { name: "Welcome, Barbara!" }).waitFor();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await waitForPath(page, "/sign-in");
    await page.goto("/sales");
    await page.getByRole("heading", { name: "Welcome, User!" }).waitFor();
    await context.close();
  });

  it("the user menu says who is signed in: first name and e-mail address", async () => {
    const { page, context, problems } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Frances", lastName: "Allen" });
    const { email } = (await (await context.request.get("/api/auth/user")).json()) as {
      email: string;
    };
    expect(email).toMatch(/^frances.*@/);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Open user menu" }).click();
    const signedInAs = page.getByRole("menu").getByTestId("signed-in-as");
    await signedInAs.getByText(email, { exact: true }).waitFor();
    await signedInAs.getByText("Frances", { exact: true }).waitFor();
    await screenshot(page, "user-menu-1440");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the user menu closes on a click outside it", async () => {
    const { page, context } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Donald", lastName: "Knuth" });
    await page.goto("/settings");
    await page.getByRole("button", { name: "Open user menu" }).click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    await page.getByRole("heading", { name: "Account Settings" }).click();
    await menu.waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("identity provider unavailable", () => {
  it("shows 'Authentication Service Unavailable' with a Refresh Page button that reloads", async () => {
    const { page, context } = await openPage(browser());
    // A returning visitor (session cookie present) whose identity provider does not answer.
    await context.addCookies([{ name: "__session", value: "stale", url: webUrl() }]);
    let calls = 0;
    await page.route("**/dev-identity/me", (route) => {
      calls += 1;
      return route.fulfill({ status: 503, body: "down" });
    });
    await page.goto("/");
    await page.getByRole("heading", { name: "Authentication Service Unavailable" }).waitFor();
    await page
      .getByText("We're experiencing technical difficulties with our authentication service.", {
        exact: false,
      })
      .waitFor();
    expect(calls).toBe(1);
    await page.getByRole("button", { name: "Refresh Page" }).click();
    // The reload boots the app again before it asks the provider: allow for a slow machine.
    await expect.poll(() => calls, { timeout: 15_000 }).toBe(2);
    await context.close();
  });
});
