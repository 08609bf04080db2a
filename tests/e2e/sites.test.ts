/**
 * Sites as a customer uses them, in Chromium: the dashboard's refresh of the previews at sign-in,
 * refresh a live site's preview on /manage and see the screenshot, change its colours on /site-settings and see them after a reload, add a
 * custom domain and see the DNS records, verify it, and delete a site.
 *
 * This file runs its own local stack (serving the same built SPA): the screenshot worker must
 * be allowed to load the "customer's live site" this file serves on 127.0.0.1, and domain
 * verification asks a DNS server this file starts. The suite's shared stack has neither.
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openPage, sideNavShortfall, useBrowser } from "../support/browser";
import { signUpCustomer } from "../support/browser-customers";
import { useDnsZone } from "../support/dns-zone";
import { useOwnStack } from "../support/own-web-stack";
import { useServers } from "../support/servers";

const SHOTS = process.env.SITES_SHOTS_DIR ?? "/tmp/shots-sites";
const CNAME_TARGET = "sites.portal-hosting.net";

const LIVE_SITE = `<!doctype html><html><head><title>Corner Bakery</title><style>
body{margin:0;font-family:sans-serif;background:#fff7e6;color:#5b3a00}
header{background:#c2410c;color:#fff;padding:48px 64px;font-size:56px;font-weight:700}
main{padding:48px 64px;font-size:28px}</style></head>
<body><header>Corner Bakery</header><main>Fresh bread, every morning since 1998.</main></body></html>`;

const servers = useServers();
let liveOrigin: string;
let db: typeof import("@portal/core/db/service").db;

const dns = useDnsZone();

beforeAll(async () => {
  const liveSite = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(LIVE_SITE);
  });
  liveOrigin = `http://127.0.0.1:${await servers.listen(liveSite)}`;
  mkdirSync(SHOTS, { recursive: true });
});
const stack = useOwnStack(() => ({
  allowOutboundHosts: [new URL(liveOrigin).host],
  dns: { resolver: dns().resolver, cnameTarget: CNAME_TARGET, aRecord: "203.0.113.10" },
}));
beforeAll(async () => {
  ({ db } = await import("@portal/core/db/service"));
});
const browser = useBrowser();

interface Visit {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

function visit(width = 1440): Promise<Visit> {
  return openPage(browser(), width, stack().url);
}

/** A signed-in customer (active plan, questionnaire done) with one live site made through core. */
async function customerWithLiveSite(context: BrowserContext, name = "Corner Bakery") {
  const userId = await signUpCustomer(context, { firstName: "Bea", lastName: "Baker" });
  const { data: site } = await db.entities.site
    .create({
      userId,
      name,
      description: "Artisan bakery in the old town",
      status: "live",
      liveUrl: `${liveOrigin}/`,
      websiteType: "business",
      industry: "restaurant",
      performanceScore: 92,
    })
    .go();
  return { userId, siteId: site.siteId };
}

const toastText = (page: Page, text: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').getByText(text).waitFor();

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe("Dashboard", () => {
  it("refreshes the previews at sign-in and reads uptime once My Sites is on screen", async () => {
    const { page, context, problems } = await visit(412);
    const { siteId } = await customerWithLiveSite(context);
    const reads: string[] = [];
    page.on("request", (request) => {
      reads.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    // For each call the page makes: whether a frame had begun since the site's preview (the
    // page's largest paint on a phone) came onto the page, as it was made.
    await page.addInitScript(`{
      window.previewFramed = false;
      window.calls = [];
      const watch = new MutationObserver(() => {
        if (!document.querySelector('img[alt="Corner Bakery preview"]')) return;
        watch.disconnect();
        requestAnimationFrame(() => { window.previewFramed = true; });
      });
      watch.observe(document, { childList: true, subtree: true });
      const fetchNow = window.fetch;
      window.fetch = function (input, init) {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        window.calls.push([(init?.method ?? input.method ?? "GET") + " " + url.pathname, window.previewFramed]);
        return fetchNow.apply(this, arguments);
      };
    }`);
    const callsAfterPreview = async (call: string) => {
      const calls = (await page.evaluate("window.calls")) as [string, boolean][];
      return calls.filter(([made]) => made === call).map(([, framed]) => framed);
    };

    await page.goto("/dashboard");
    await page.getByRole("img", { name: "Corner Bakery preview" }).waitFor();
    const refresh = "POST /api/sites/refresh-screenshots";
    // The list is read again once the refresh has answered.
    await expect.poll(() => reads.filter((read) => read === "GET /api/sites").length).toBe(2);
    expect(reads.lastIndexOf("GET /api/sites")).toBeGreaterThan(reads.indexOf(refresh));
    await page.getByLabel("Uptime").waitFor();
    expect(await callsAfterPreview(refresh)).toEqual([true]);
    expect(await callsAfterPreview(`GET /api/sites/${siteId}/uptime`)).toEqual([true]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("Manage Sites", () => {
  it("refreshes a live site's preview and shows the screenshot", async () => {
    const { page, context, problems } = await visit(1440);
    await customerWithLiveSite(context);

    await page.goto("/manage");
    await page.getByRole("heading", { name: "Manage Sites" }).waitFor();
    const card = page.getByTestId("site-card").filter({ hasText: "Corner Bakery" });
    await card.getByText("Preview will appear when site is live").waitFor();
    await card.getByText("live", { exact: true }).waitFor();
    await card.getByText("92%").waitFor();
    await shot(page, "manage-before-1440");

    await card.hover();
    await card.getByRole("button", { name: "Refresh preview of Corner Bakery" }).click();
    await toastText(page, "Site preview has been refreshed");
    const image = card.getByRole("img", { name: "Preview of Corner Bakery" });
    await image.waitFor();
    // The presigned image really loaded, at the capture's size (root tsconfig has no DOM lib).
    const naturalWidth = await image.evaluate(async (element) => {
      const img = element as unknown as { decode(): Promise<void>; naturalWidth: number };
      await img.decode();
      return img.naturalWidth;
    });
    expect(naturalWidth).toBe(1280);
    await card.getByText(/^Updated [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
    await shot(page, "manage-1440");

    // Previews open the live site in a new tab.
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      card.getByRole("button", { name: "Desktop" }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${liveOrigin}/`);
    await popup.close();

    // Refresh All Previews goes through the same queue and says how many it refreshed.
    await page.getByRole("button", { name: "Refresh All Previews" }).click();
    await toastText(page, "Refreshed 1 site previews");

    expect(problems).toEqual([]);
    await context.close();
  });

  it("looks right on a phone", async () => {
    const { page, context, problems } = await visit(375);
    await customerWithLiveSite(context, "Harbour Café");
    await page.goto("/manage");
    const card = page.getByTestId("site-card").first();
    await card.waitFor();
    // No hover on a phone: the refresh button is there to tap.
    await card.getByRole("button", { name: /Refresh preview of/ }).click();
    await card.getByRole("img", { name: /Preview of/ }).waitFor({ timeout: 60_000 });
    await toastText(page, "Site preview has been refreshed");
    await shot(page, "manage-375");
    const overflow = await page.evaluate(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    );
    expect(overflow).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("Site Settings", () => {
  it("changes colours, keeps them after a reload, adds and verifies a domain, deletes a site", async () => {
    const { page, context, problems } = await visit(1440);
    const { userId, siteId } = await customerWithLiveSite(context);
    const { data: second } = await db.entities.site
      .create({ userId, name: "Old Landing Page", status: "development" })
      .go();

    await page.goto("/site-settings");
    await page.getByText("Select a Site").waitFor();
    await page.getByRole("button", { name: /Corner Bakery/ }).click();
    await page.waitForURL((url) => url.searchParams.get("site") === siteId);
    const form = page.getByRole("form", { name: "Settings for Corner Bakery" });
    await form.waitFor();
    expect(await form.getByLabel("Category").inputValue()).toBe("restaurant");

    // Design: colours, saved, then still there after a reload.
    await form.getByRole("tab", { name: "Design" }).click();
    await form.getByLabel("Primary Color", { exact: true }).fill("#C2410C");
    await form.getByLabel("Secondary Color", { exact: true }).fill("#0f766e");
    await shot(page, "site-settings-design-1440");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await toastText(page, "Your site settings have been saved successfully.");

    await page.reload();
    const reloaded = page.getByRole("form", { name: "Settings for Corner Bakery" });
    await reloaded.getByRole("tab", { name: "Design" }).click();
    expect(await reloaded.getByLabel("Primary Color", { exact: true }).inputValue()).toBe(
      "#c2410c",
    );
    expect(await reloaded.getByLabel("Secondary Color", { exact: true }).inputValue()).toBe(
      "#0f766e",
    );

    // A colour that is not one is refused beside the field, and nothing is sent.
    await reloaded.getByLabel("Primary Color", { exact: true }).fill("orange");
    await reloaded.getByRole("button", { name: "Save Changes" }).click();
    await reloaded.getByText("Enter a colour as #rrggbb, for example #3b82f6").waitFor();
    await reloaded.getByLabel("Primary Color", { exact: true }).fill("#c2410c");

    // Domain: empty input, then a www domain and its records, then verification.
    await reloaded.getByRole("tab", { name: "Domain" }).click();
    await reloaded.getByRole("button", { name: "Add Domain" }).click();
    await toastText(page, "Please enter a domain first");
    await reloaded.getByLabel("Custom Domain").fill("www.corner-bakery-e2e.com");
    await reloaded.getByRole("button", { name: "Add Domain" }).click();
    await toastText(page, "Domain successfully added to your site. Configure DNS records below.");
    const records = reloaded.getByRole("table", { name: "DNS records" });
    await records.waitFor();
    const row = records.getByRole("row").filter({ hasText: "CNAME" });
    await row.getByText("www", { exact: true }).waitFor();
    await row.getByText(CNAME_TARGET).waitFor();
    // The ownership record: a TXT token under _portal-verify, and how long the claim holds.
    const txtRow = records.getByRole("row").filter({ hasText: "TXT" });
    await txtRow.getByText("_portal-verify.www", { exact: true }).waitFor();
    const token = (await txtRow.getByText(/^portal-verify=/).textContent()) ?? "";
    expect(token).toMatch(/^portal-verify=[0-9a-f]{32}$/);
    await reloaded.getByText("Pending Verification").waitFor();
    await reloaded
      .getByTestId("domain-expiry")
      .getByText(/Reserved for this site until/)
      .waitFor();
    await shot(page, "site-settings-domain-1440");
    // A page longer than the window: the side navigation's column runs its whole height.
    expect(await page.evaluate("document.documentElement.scrollHeight")).toBeGreaterThan(900);
    expect(await sideNavShortfall(page)).toBeLessThanOrEqual(0);

    await reloaded.getByRole("button", { name: "Verify Domain" }).click();
    await toastText(page, "DNS records not yet propagated. Please try again later.");
    await row.getByText("Not found").waitFor();

    // Pointing at us is not enough: the TXT token must be there too.
    dns().records.set("www.corner-bakery-e2e.com", { cname: CNAME_TARGET });
    await reloaded.getByRole("button", { name: "Verify Domain" }).click();
    await toastText(page, "DNS records not yet propagated. Please try again later.");
    await row.getByText("Found").waitFor();
    await txtRow.getByText("Not found").waitFor();

    dns().records.set("_portal-verify.www.corner-bakery-e2e.com", { txt: [token] });
    await reloaded.getByRole("button", { name: "Verify Domain" }).click();
    await toastText(page, "Your domain is now active with SSL enabled!");
    await reloaded.getByText("Active", { exact: true }).waitFor();

    // The records stay on the page after a reload (they come with the site).
    await page.reload();
    const again = page.getByRole("form", { name: "Settings for Corner Bakery" });
    await again.getByRole("tab", { name: "Domain" }).click();
    await again.getByRole("table", { name: "DNS records" }).getByText(CNAME_TARGET).waitFor();

    // Delete the other site, confirming in the browser's dialog.
    await page.getByRole("button", { name: /Old Landing Page/ }).click();
    await page.waitForURL((url) => url.searchParams.get("site") === second.siteId);
    const doomed = page.getByRole("form", { name: "Settings for Old Landing Page" });
    await doomed.getByRole("tab", { name: "Advanced" }).click();
    let confirmation = "";
    page.once("dialog", (dialog) => {
      confirmation = dialog.message();
      void dialog.accept();
    });
    await doomed.getByRole("button", { name: "Delete Site" }).click();
    await toastText(page, "Your site has been deleted successfully.");
    expect(confirmation).toBe(
      "Are you sure you want to delete this site? This action cannot be undone.",
    );
    await page.getByText("Select a Site").waitFor();
    // The list drops it once its read comes back.
    await page.getByRole("button", { name: /Old Landing Page/ }).waitFor({ state: "detached" });

    expect(problems).toEqual([]);
    await context.close();
  });

  it("preselects ?site= and fits a phone", async () => {
    const { page, context, problems } = await visit(375);
    const { siteId } = await customerWithLiveSite(context);
    await page.goto(`/site-settings?site=${siteId}`);
    const form = page.getByRole("form", { name: "Settings for Corner Bakery" });
    await form.waitFor();
    await shot(page, "site-settings-375");
    await form.getByRole("tab", { name: "Domain" }).click();
    await form.getByLabel("Custom Domain").fill("phone-bakery-e2e.com");
    await form.getByRole("button", { name: "Add Domain" }).click();
    await form.getByRole("table", { name: "DNS records" }).getByText("203.0.113.10").waitFor();
    await shot(page, "site-settings-domain-375");
    const overflow = await page.evaluate(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    );
    expect(overflow).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a new (requested) site as 'Requested' with the dashboard's neutral badge", async () => {
    const { page, context, problems } = await visit(1440);
    const { userId } = await customerWithLiveSite(context);
    await db.entities.site.create({ userId, name: "Harbour Café", status: "requested" }).go();
    // The root tsconfig has no DOM lib, hence the string.
    const badgeStyle = (badge: ReturnType<Page["getByText"]>) =>
      badge.evaluate(
        "(element) => { const style = getComputedStyle(element); return { background: style.backgroundColor, color: style.color }; }",
      );

    await page.goto("/dashboard");
    const dashboardBadge = page.getByText("Requested", { exact: true });
    await dashboardBadge.waitFor();
    const neutral = await badgeStyle(dashboardBadge);

    await page.goto("/site-settings");
    const sites = page.getByRole("list", { name: "Your sites" });
    const settingsBadge = sites
      .getByRole("button", { name: /Harbour Café/ })
      .getByText("Requested", { exact: true });
    await settingsBadge.waitFor();
    expect(await sites.getByText("requested", { exact: true }).count()).toBe(0);
    expect(await badgeStyle(settingsBadge)).toEqual(neutral);
    await shot(page, "site-settings-requested-1440");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows 'No Sites Yet' to a customer without sites", async () => {
    const { page, context } = await visit(1440);
    const { userId, siteId } = await customerWithLiveSite(context);
    await db.entities.site.delete({ userId, siteId }).go();
    await page.goto("/site-settings");
    await page
      .getByRole("heading", { name: "No Sites Yet" })
      .waitFor()
      .catch(async (error) => {
        await shot(page, "failure-no-sites");
        throw error;
      });
    expect(
      await page.getByRole("link", { name: "Create Your First Site" }).getAttribute("href"),
    ).toBe("/questionnaire");
    await page.goto("/manage");
    await page.getByRole("heading", { name: "No Sites Yet" }).waitFor();
    await shot(page, "manage-empty-1440");
    await context.close();
  });
});
