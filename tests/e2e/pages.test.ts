/**
 * Every page at a phone (375 px) and a desktop (1440 px) width: it renders its heading, does
 * not scroll sideways, and logs no errors. With E2E_SHOTS_DIR set, each is also photographed.
 */
import { plans } from "@portal/core/contracts/plans";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AppScripts } from "../../packages/web/src/prerender/app-scripts";
import { contentSecurityPolicy } from "../../stacks/Web";
import {
  openPage,
  screenshot,
  selectedPlan,
  signUpThroughApi,
  useBrowser,
  waitForPath,
} from "../support/browser";
import { webUrl } from "../support/web-stack";

const browser = useBrowser();

interface PageCase {
  name: string;
  path: string;
  heading: string | RegExp;
  signedIn?: boolean;
}

const pages: PageCase[] = [
  { name: "landing", path: "/", heading: "Done-For-You Website Creation" },
  { name: "pricing", path: "/pricing", heading: "Choose Your Plan" },
  { name: "sales-signed-out", path: "/sales", heading: "Welcome, User!" },
  { name: "sign-in", path: "/sign-in", heading: /Welcome to/ },
  { name: "sign-up", path: "/sign-up", heading: /Join/ },
  { name: "subscribe-canceled", path: "/subscribe?canceled=true", heading: "Payment Canceled" },
  { name: "auth-landing", path: "/auth-landing", heading: "You're not signed in" },
  { name: "sales-signed-in", path: "/sales", heading: "Welcome, Ada!", signedIn: true },
  {
    name: "welcome",
    path: "/welcome?payment=success",
    heading: /Welcome to/,
    signedIn: true,
  },
  {
    name: "settings",
    path: "/settings",
    heading: "Account Settings",
    signedIn: true,
  },
  { name: "subscribe", path: "/subscribe", heading: /subscription/, signedIn: true },
];

/**
 * Serves the page's documents with the Content-Security-Policy CloudFront adds in production
 * (the local stack sends none), so a script the policy would refuse fails here too.
 */
async function withProductionCsp(page: Page): Promise<void> {
  const policy = contentSecurityPolicy({
    clerkFrontendApiHost: "clerk.example.com",
    screenshotsBucketName: "screenshots",
    region: "us-east-1",
  });
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.fallback();
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), "content-security-policy": policy },
    });
  });
}

/** The app's scripts as a pre-rendered page names them for its boot script. */
async function appScripts(page: Page): Promise<AppScripts> {
  return JSON.parse((await page.locator("#app-scripts").textContent()) ?? "null") as AppScripts;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return (await page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  )) as number;
}

describe.each([375, 1440])("at %i px wide", (width) => {
  it.each(pages)("$name renders without sideways scrolling or errors", async (c) => {
    const { page, context, problems } = await openPage(browser(), width);
    // Held unanswered: the subscribe page would otherwise leave for the payment page.
    await page.route("**/api/create-subscription", () => new Promise<void>(() => {}));
    if (c.signedIn) {
      await signUpThroughApi(context, { firstName: "Ada", lastName: "Lovelace" });
      if (c.path === "/subscribe") {
        await page.goto("/sales");
        await page.getByRole("link", { name: "Choose Starter" }).click();
      }
    }
    if (c.path !== "/subscribe" || !c.signedIn) await page.goto(c.path);
    await page.getByRole("heading", { name: c.heading, level: 1 }).waitFor();
    // Let animations and late requests settle before judging.
    await page.waitForTimeout(700);
    await screenshot(page, `${c.name}-${width}`);

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the shell's navigation is reachable", async () => {
    const { page, context } = await openPage(browser(), width);
    await signUpThroughApi(context, { firstName: "Ada", lastName: "Lovelace" });
    await page.goto("/settings");
    await page.getByText("Account Settings").first().waitFor();
    if (width < 1024) {
      await page.getByRole("button", { name: "Open navigation" }).click();
    }
    const nav = page.getByRole("navigation", { name: "Portal" });
    await nav.getByRole("link", { name: "Overview" }).waitFor();
    expect(await nav.getByRole("link").count()).toBe(8);
    await screenshot(page, `shell-nav-${width}`);
    await context.close();
  });
});

describe("Chakra's global CSS (chakra-global-css.ts)", () => {
  it("comes once, with index.html: the app adds none of its own", async () => {
    const { page, context, problems } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Ada", lastName: "Lovelace" });
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Account Settings", level: 1 }).waitFor();
    const found = (await page.evaluate(`(() => {
      const declares = (sheet) => [...sheet.cssRules].some(function has(rule) {
        return rule.cssText.includes("--chakra-colors-brand-500:") ||
          [...(rule.cssRules ?? [])].some(has);
      });
      return {
        sheets: [...document.styleSheets].filter(declares).map((s) =>
          s.ownerNode.hasAttribute("data-chakra-global") ? "index.html" : s.ownerNode.outerHTML.slice(0, 60)),
        brand: getComputedStyle(document.documentElement).getPropertyValue("--chakra-colors-brand-500"),
        bodyMargin: getComputedStyle(document.body).margin,
      };
    })()`)) as { sheets: string[]; brand: string; bodyMargin: string };
    expect(found).toEqual({
      sheets: ["index.html"],
      brand: "#6366f1",
      bodyMargin: "0px",
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the landing page after the identity provider's hosted flow", () => {
  it("/auth-landing forwards a signed-in user to /sales once the user is loaded", async () => {
    const { page, context, problems } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Ada", lastName: "Lovelace" });
    await page.goto("/auth-landing");
    await waitForPath(page, "/sales");
    await page.getByRole("heading", { name: "Welcome, Ada!", level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("/auth-landing offers a visitor whose sign-in did not finish the sign-in page", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/auth-landing");
    await page.getByRole("heading", { name: "You're not signed in", level: 1 }).waitFor();
    expect(await page.getByText("Page not found").count()).toBe(0);
    await page.getByRole("link", { name: "Sign In" }).click();
    await waitForPath(page, "/sign-in");
    await context.close();
  });
});

describe("pre-rendered public pages", () => {
  const publicPages = pages.filter(
    (c) => ["/", "/pricing", "/sales"].includes(c.path) && !c.signedIn,
  );

  it.each(publicPages)("$path is readable and styled before any script runs", async (c) => {
    const context = await browser().newContext({ baseURL: webUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(c.path);
    await page.getByRole("heading", { name: c.heading, level: 1 }).waitFor({ timeout: 2000 });
    // Chakra's styles came with the HTML: the page's container is laid out by its CSS (the
    // body's default 8 px margin is gone, the header is a flex row).
    const styled = await page.evaluate(`(() => {
      const header = document.querySelector("header > div > div");
      return {
        bodyMargin: getComputedStyle(document.body).margin,
        headerDisplay: header ? getComputedStyle(header).display : null,
      };
    })()`);
    expect(styled).toEqual({ bodyMargin: "0px", headerDisplay: "flex" });
    await context.close();
  });

  it.each(publicPages)(
    "$path needs no app: a visitor not signed in loads its boot script only",
    async (c) => {
      const { page, context, problems } = await openPage(browser());
      const requested: string[] = [];
      page.on("request", (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(c.path, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: c.heading, level: 1 }).waitFor();
      const app = await appScripts(page);
      expect(requested.filter((file) => file.startsWith("/assets/boot-"))).toHaveLength(1);
      // The boot script's own modules (tiny ones the app shares) are preloaded with it.
      const boots = (await page.evaluate(
        `[...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"))`,
      )) as string[];
      const appOnly = [app.entry, ...app.preload].filter((file) => !boots.includes(file));
      expect(appOnly).toContain(app.entry);
      expect(requested.filter((file) => appOnly.includes(file))).toEqual([]);
      expect(await page.locator("[data-prerendered]").count()).toBe(1);
      // Every control is a link: nothing on the page waits for an app that never comes.
      expect(await page.locator("#root button").count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("/pricing's cards each show their plan's description, and a visitor gets 'Sign In'", async () => {
    const context = await browser().newContext({ baseURL: webUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/pricing");
    for (const plan of plans) {
      const card = page.getByRole("region", { name: plan.pricingName, exact: true });
      await card.getByText(plan.description, { exact: true }).waitFor({ timeout: 2000 });
      // Its own line only: no card shows another plan's description.
      for (const other of plans.filter((p) => p !== plan)) {
        expect(await card.getByText(other.description).count()).toBe(0);
      }
    }
    const signIn = page.getByRole("link", { name: "Sign In", exact: true });
    expect(await signIn.getAttribute("href")).toBe("/sign-in");
    await context.close();
  });

  it("a plan link keeps the visitor's choice without the app", async () => {
    const { page, context, problems } = await openPage(browser());
    await withProductionCsp(page);
    await page.goto("/pricing", { waitUntil: "networkidle" });
    expect(await page.locator("[data-prerendered]").count()).toBe(1);
    await page.getByRole("link", { name: "Get Started with Enterprise" }).click();
    await waitForPath(page, "/sign-in");
    expect(await selectedPlan(page)).toBe("Enterprise");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("pointing at a link into the app prefetches it, and the next page loads it from the cache", async () => {
    const { page, context } = await openPage(browser());
    const fetched: string[] = [];
    page.on("requestfinished", (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto("/", { waitUntil: "networkidle" });
    const app = await appScripts(page);
    // A link to another pre-rendered page prefetches nothing.
    await page.getByRole("link", { name: "View Plans" }).hover();
    await page.waitForTimeout(300);
    expect(fetched).not.toContain(app.entry);

    await page.getByRole("link", { name: "Sign In" }).hover();
    const appFiles = [app.entry, ...app.preload];
    await expect.poll(() => appFiles.filter((file) => !fetched.includes(file))).toEqual([]);

    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const fromNetwork: string[] = [];
    cdp.on("Network.responseReceived", ({ response }) => {
      const cached =
        response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker;
      if (!cached) fromNetwork.push(new URL(response.url).pathname);
    });
    await page.getByRole("link", { name: "Sign In" }).click();
    await waitForPath(page, "/sign-in");
    await page.getByRole("heading", { name: /Welcome to/, level: 1 }).waitFor();
    expect(fromNetwork).toContain("/sign-in");
    expect(fromNetwork.filter((file) => appFiles.includes(file))).toEqual([]);
    await context.close();
  });

  it("the app takes a signed-in visitor's page over: one root, their own page", async () => {
    const { page, context, problems } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Ada", lastName: "Lovelace" });
    await withProductionCsp(page);
    await page.goto("/pricing");
    // (A locator, not a function: the policy forbids evaluating strings.)
    await page.locator("[data-prerendered]").waitFor({ state: "detached" });
    expect(await page.locator("#root").count()).toBe(1);
    await page.getByRole("heading", { name: "Choose Your Plan", level: 1 }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    // Signed in, a plan leads to /subscribe, not to sign-up.
    expect(await page.getByRole("link", { name: "Start Your Website Today" }).count()).toBe(0);
    // Nor is a signed-in visitor offered to sign in (docs/decisions.md, "'Sign In' on /pricing
    // is for visitors").
    expect(await page.getByRole("link", { name: "Sign In", exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a plan link followed before the app takes over keeps the plan", async () => {
    const { page, context } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Ada", lastName: "Lovelace" });
    // The identity provider answers late: the pre-rendered page is all there is meanwhile.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/dev-identity/**", async (route) => {
      await released;
      await route.continue();
    });
    await page.route("**/api/create-subscription", () => new Promise<void>(() => {}));
    await page.goto("/sales");
    expect(await page.locator("[data-prerendered]").count()).toBe(1);
    await page.getByRole("link", { name: "Choose Starter" }).click();
    release();
    await waitForPath(page, "/subscribe");
    expect(await selectedPlan(page)).toBe("Starter");
    await context.close();
  });

  it("a signed-in visitor's /sales is the app's, not the pre-rendered visitor's", async () => {
    const { page, context } = await openPage(browser());
    await signUpThroughApi(context, { firstName: "Ada", lastName: "Lovelace" });
    await page.goto("/sales");
    await page.getByRole("heading", { name: "Welcome, Ada!", level: 1 }).waitFor();
    expect(await page.getByRole("heading", { name: "Welcome, User!" }).count()).toBe(0);
    await context.close();
  });
});

describe("keyboard", () => {
  it("reaches the landing page's calls to action with Tab", async () => {
    const { page, context } = await openPage(browser(), 1440);
    await page.goto("/");
    await page.getByRole("heading", { name: "Done-For-You Website Creation" }).waitFor();
    const reached: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press("Tab");
      reached.push(((await page.evaluate("document.activeElement?.textContent")) as string) ?? "");
    }
    expect(reached).toEqual(
      expect.arrayContaining(["Pricing", "Sign In", "Get Started Free", "View Plans"]),
    );
    await context.close();
  });
});
