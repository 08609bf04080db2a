/**
 * Portal navigation (docs/pages.md, "Portal navigation"): resting the pointer on a side-nav link
 * starts the page's API reads before the click, and the page then opens from them without asking
 * again; every page opened straight from its address asks for each of its reads once; the
 * console's loaders start nothing for a customer.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, pathOf, uniqueEmail, useBrowser, waitForPath } from "../support/browser";
import { customerWithSite } from "../support/browser-customers";
import { makeStaff } from "../support/dev-identity";
import { useWebStackEnv, webUrl } from "../support/web-stack";

// Core (customerWithSite) reads the table name when it loads: the env first.
useWebStackEnv();

const browser = useBrowser();

/**
 * The reads the page sends from now on: GET paths with their query, under /api/ and the API
 * reference's /openapi.json. The current user is left out: the access gate reads it again on
 * its own schedule (docs/pages.md, "Calling the API"), whatever page is open.
 */
function recordReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") return;
    const url = new URL(request.url());
    if (url.pathname === "/api/auth/user") return;
    if (url.pathname.startsWith("/api/") || url.pathname === "/openapi.json") {
      reads.push(url.pathname + url.search);
    }
  });
  return reads;
}

/** Waits until no new read has been sent for 800 ms. */
async function settle(page: Page, reads: string[]): Promise<void> {
  for (let seen = -1; seen !== reads.length; ) {
    seen = reads.length;
    await page.waitForTimeout(800);
  }
}

/** The reads sent more than once, with their counts. */
function repeated(reads: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const read of reads) counts[read] = (counts[read] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 1));
}

/** A customer with an active plan, a live site and a ticket. */
async function customerWithSiteAndTicket(context: BrowserContext) {
  const firstName = `Nav${Date.now().toString(36)}`;
  const { userId, siteId } = await customerWithSite(context, { firstName, lastName: "Igator" });
  const created = await context.request.post("/api/tickets", {
    headers: { origin: webUrl() },
    data: {
      title: "Opening hours on the contact page",
      description: "Please add our Sunday opening hours to the contact page.",
      category: "general",
      priority: "low",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: ticketId } = (await created.json()) as { id: string };
  return { userId, siteId, ticketId, searchName: firstName.toLowerCase() };
}

/** Signs a new member of the provider's team in, in `context`. */
async function signInStaff(context: BrowserContext): Promise<void> {
  const email = uniqueEmail("navstaff");
  const signUp = await context.request.post("/dev-identity/sign-up", {
    data: { email, password: "correct horse battery", firstName: "Sam", lastName: "Staff" },
  });
  expect(signUp.status()).toBe(201);
  await makeStaff(email, process.env.DEV_IDENTITY_ADMIN_TOKEN ?? "", webUrl());
  // A fresh sign-in carries the role claim.
  const signIn = await context.request.post("/dev-identity/sign-in", {
    data: { email, password: "correct horse battery" },
  });
  expect(signIn.status()).toBe(200);
}

/**
 * Opens each case from its address and checks that its reads were each sent once (a loader and
 * the page's components asking for the same query share one request).
 */
async function opensEachOnce(
  page: Page,
  sent: string[],
  cases: { path: string; heading: string | null; reads: string[] }[],
): Promise<void> {
  for (const c of cases) {
    sent.length = 0;
    await page.goto(c.path);
    if (c.heading) await page.getByRole("heading", { name: c.heading }).first().waitFor();
    await expect.poll(() => c.reads.filter((read) => !sent.includes(read))).toEqual([]);
    await settle(page, sent);
    expect(repeated(sent), c.path).toEqual({});
  }
}

/**
 * Rests the pointer on `link` and waits until each of `expected` has been asked for, while the
 * page is still `from`: the reads start on intent, before any click.
 */
async function hoverStarts(
  page: Page,
  sent: string[],
  link: Locator,
  from: string,
  expected: string[],
): Promise<void> {
  await link.hover();
  await expect.poll(() => expected.filter((read) => !sent.includes(read))).toEqual([]);
  expect(pathOf(page)).toBe(from);
}

describe("intent preload from the side navigation", () => {
  it("a customer's pointer on a link starts the page's reads; the click asks for nothing again", async () => {
    const { page, context, problems } = await openPage(browser());
    const { siteId } = await customerWithSiteAndTicket(context);
    const sent = recordReads(page);
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await settle(page, sent);
    // From here on: what the pointer and the clicks ask for. (The dashboard itself reads the
    // site list twice: again after its refresh of the previews on sign-in.)
    sent.length = 0;
    const nav = page.getByRole("navigation", { name: "Portal" });

    // Analytics: the Google Analytics settings, and the figures of the site the page picks.
    await hoverStarts(page, sent, nav.getByRole("link", { name: "Analytics" }), "/dashboard", [
      "/api/analytics/settings",
      `/api/analytics/data?site=${siteId}&range=30d`,
    ]);
    await nav.getByRole("link", { name: "Analytics" }).click();
    await page.getByRole("heading", { name: "Website Analytics", level: 1 }).waitFor();
    await page.getByTestId("tracking-snippet").waitFor();
    await settle(page, sent);

    // Performance and SEO Checker: their lists of runs.
    await hoverStarts(page, sent, nav.getByRole("link", { name: "Performance" }), "/analytics", [
      "/api/lighthouse/results",
    ]);
    await nav.getByRole("link", { name: "Performance" }).click();
    await page.getByRole("heading", { name: "Performance Analytics", level: 1 }).waitFor();
    await settle(page, sent);

    await hoverStarts(page, sent, nav.getByRole("link", { name: "SEO Checker" }), "/performance", [
      "/api/seo/results",
    ]);
    await nav.getByRole("link", { name: "SEO Checker" }).click();
    await page.getByRole("heading", { name: "SEO Checker", level: 1 }).waitFor();
    await settle(page, sent);

    expect(repeated(sent)).toEqual({});
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a team member's pointer on a console link starts that page's read", async () => {
    const { page, context, problems } = await openPage(browser());
    await signInStaff(context);

    const sent = recordReads(page);
    await page.goto("/staff/requests");
    await page.getByRole("heading", { name: "New Requests", level: 1 }).waitFor();
    await settle(page, sent);
    sent.length = 0;
    const nav = page.getByRole("navigation", { name: "Console" });

    const pages = [
      { link: "Customers", read: "/api/staff/customers", path: "/staff/customers" },
      { link: "Ticket Inbox", read: "/api/staff/tickets?status=open", path: "/staff/tickets" },
      { link: "SEO Upgrades", read: "/api/staff/upsells", path: "/staff/upgrades" },
      { link: "Audit Log", read: "/api/staff/audit-log", path: "/staff/audit-log" },
    ];
    let from = "/staff/requests";
    for (const target of pages) {
      await hoverStarts(page, sent, nav.getByRole("link", { name: target.link }), from, [
        target.read,
      ]);
      await nav.getByRole("link", { name: target.link }).click();
      await page.getByRole("heading", { name: target.link, level: 1 }).waitFor();
      await settle(page, sent);
      from = target.path;
    }

    expect(repeated(sent)).toEqual({});
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a page opened from its address", () => {
  it("asks for each of its reads once", async () => {
    const { page, context, problems } = await openPage(browser());
    const { siteId, ticketId } = await customerWithSiteAndTicket(context);
    const sent = recordReads(page);
    await opensEachOnce(page, sent, [
      {
        path: `/analytics?site=${siteId}&range=7d`,
        heading: "Website Analytics",
        reads: ["/api/analytics/settings", `/api/analytics/data?site=${siteId}&range=7d`],
      },
      {
        path: "/performance",
        heading: "Performance Analytics",
        reads: ["/api/lighthouse/results"],
      },
      { path: "/seo-checker", heading: "SEO Checker", reads: ["/api/seo/results"] },
      {
        path: `/site-settings?site=${siteId}`,
        heading: "Site Settings",
        reads: ["/api/sites", `/api/sites/${siteId}/uptime`],
      },
      {
        path: "/settings",
        heading: "Account Settings",
        reads: ["/api/developer/keys", "/api/developer/webhooks"],
      },
      { path: "/settings/api-reference", heading: "API reference", reads: ["/openapi.json"] },
      {
        path: `/support/${ticketId}`,
        heading: "Opening hours on the contact page",
        reads: [`/api/tickets/${ticketId}`],
      },
      { path: "/questionnaire", heading: null, reads: ["/api/questionnaires/me"] },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a console page asks for each of its reads once; a customer row starts its page's read", async () => {
    const customer = await openPage(browser());
    const { userId, ticketId, searchName } = await customerWithSiteAndTicket(customer.context);
    await customer.context.close();

    const { page, context, problems } = await openPage(browser());
    await signInStaff(context);
    const sent = recordReads(page);
    const customerRead = `/api/staff/customers/${userId}`;
    await opensEachOnce(page, sent, [
      { path: "/staff/requests", heading: "New Requests", reads: ["/api/staff/requests"] },
      {
        path: `/staff/customers?q=${searchName}`,
        heading: "Customers",
        reads: [`/api/staff/customers?q=${searchName}`],
      },
      { path: `/staff/customers/${userId}`, heading: null, reads: [customerRead] },
      {
        path: "/staff/tickets?status=closed&priority=high",
        heading: "Ticket Inbox",
        reads: ["/api/staff/tickets?status=closed&priority=high"],
      },
      {
        path: `/staff/tickets/${userId}/${ticketId}`,
        heading: "Opening hours on the contact page",
        reads: [`/api/staff/customers/${userId}/tickets/${ticketId}`],
      },
      { path: "/staff/upgrades", heading: "SEO Upgrades", reads: ["/api/staff/upsells"] },
      {
        path: "/staff/audit-log?targetType=site",
        heading: "Audit Log",
        reads: ["/api/staff/audit-log?targetType=site"],
      },
    ]);

    // The customer found by the search: the pointer on their row reads their record.
    await page.goto(`/staff/customers?q=${searchName}`);
    const row = page.getByRole("link").filter({ hasText: searchName });
    await row.first().waitFor();
    await settle(page, sent);
    sent.length = 0;
    await hoverStarts(page, sent, row.first(), "/staff/customers", [customerRead]);
    await row.first().click();
    await waitForPath(page, `/staff/customers/${userId}`);
    await settle(page, sent);
    expect(repeated(sent)).toEqual({});
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the console's loaders", () => {
  it("start no console read for a customer sent away from the console", async () => {
    const { page, context } = await openPage(browser());
    await customerWithSiteAndTicket(context);
    const sent = recordReads(page);
    for (const path of ["/staff/requests", "/staff/tickets?status=closed", "/staff/audit-log"]) {
      await page.goto(path);
      await waitForPath(page, "/dashboard");
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      await settle(page, sent);
    }
    // Not during the identity provider's answer, nor while the redirect is under way.
    expect(sent.filter((read) => read.startsWith("/api/staff/"))).toEqual([]);
    await context.close();
  });
});
