/**
 * The provider's console beside a customer (docs/console.md), two browser contexts side by side:
 * the customer submits the questionnaire and opens a ticket; a team member sees both, answers
 * with a reply and an internal note, assigns the ticket, takes the site live at an address this
 * file serves on 127.0.0.1, and starts the SEO work the customer bought. The customer's
 * dashboard then shows the live site with its screenshot and a measured score, the reply (and
 * never the note), the activity, and the SEO work in progress. One Lighthouse run.
 *
 * Like audits.test.ts, this file runs its own local stack so the worker may visit 127.0.0.1.
 * Screenshots of every console page at 1440 and 375 px go to E2E_SHOTS_DIR.
 */
import { readdir, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPage, screenshot, useBrowser, waitForPath } from "../support/browser";
import { postAsSpa, signUpIn } from "../support/browser-customers";
import { makeStaff } from "../support/dev-identity";
import { useOwnStack, WEB_DIST } from "../support/own-web-stack";
import { useServers } from "../support/servers";

const servers = useServers();
let liveOrigin: string;
let db: typeof import("@portal/core/db/service").db;

const BAKERY = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Corner Bakery</title><meta name="description" content="Fresh bread every morning.">
<style>body{font:16px/1.5 sans-serif;margin:0;padding:24px;color:#222}</style></head>
<body><h1>Corner Bakery</h1><p>Sourdough, rye and pastries every morning.</p></body></html>`;

beforeAll(async () => {
  const site = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(BAKERY);
  });
  liveOrigin = `http://127.0.0.1:${await servers.listen(site)}`;
});
const stack = useOwnStack(() => ({ allowOutboundHosts: [new URL(liveOrigin).host] }));
beforeAll(async () => {
  ({ db } = await import("@portal/core/db/service"));
});
const browser = useBrowser();

/** A page on this file's own stack. */
function pageAt(width: number) {
  return openPage(browser(), width, stack().url);
}

/** A same-origin API write, as the SPA sends it. */
const post = (context: BrowserContext, url: string, data: unknown) =>
  postAsSpa(context, stack().url, url, data);

describe("the provider console beside a customer", () => {
  let customer: Awaited<ReturnType<typeof pageAt>>;
  let staff: Awaited<ReturnType<typeof pageAt>>;
  let customerId: string;
  let siteId: string;
  let ticketId: string;

  // A failed step leaves both people's screens behind, to see what they saw.
  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail") return;
    if (staff) await screenshot(staff.page, `console-failed-staff-${task.name.slice(0, 20)}`);
    if (customer)
      await screenshot(customer.page, `console-failed-customer-${task.name.slice(0, 20)}`);
  });

  it("a customer submits the questionnaire and opens a ticket", async () => {
    customer = await pageAt(1440);
    ({ id: customerId } = await signUpIn(customer.context, "Carla"));
    expect((await customer.context.request.get("/api/auth/user")).status()).toBe(200);
    const { setCustomerState, ONBOARDING_CUSTOMER } = await import("../support/customer-state");
    await setCustomerState(customerId, ONBOARDING_CUSTOMER);
    const submitted = await post(customer.context, "/api/questionnaires", {
      businessName: "Corner Bakery",
      industry: "restaurant",
      websiteType: "business",
      targetAudience: "Neighbours who like bread",
      businessGoals: "Take pre-orders for weekend loaves",
    });
    siteId = submitted.siteId;
    const ticket = await post(customer.context, "/api/tickets", {
      title: "When will my site be ready?",
      description: "We would like to launch before the holidays, is that possible?",
      category: "website_request",
      priority: "high",
    });
    ticketId = ticket.id;
    await customer.page.goto("/dashboard");
    await customer.page.getByText("Corner Bakery").first().waitFor();
  });

  it("a customer cannot open the console", async () => {
    const calls: string[] = [];
    const onRequest = (request: { url(): string }) => calls.push(new URL(request.url()).pathname);
    customer.page.on("request", onRequest);
    await customer.page.goto("/staff/requests");
    await waitForPath(customer.page, "/dashboard");
    await customer.page.getByText("Corner Bakery").first().waitFor();
    customer.page.off("request", onRequest);
    // Not even for a moment while the redirect is under way does a console page mount and ask.
    expect(calls.filter((call) => call.startsWith("/api/staff/"))).toEqual([]);
    const res = await customer.context.request.get("/api/staff/requests");
    expect(res.status()).toBe(403);
  });

  it("a team member sees the new request with every answer and opens the customer", async () => {
    staff = await pageAt(1440);
    const { email } = await signUpIn(staff.context, "Sam");
    await makeStaff(email, process.env.DEV_IDENTITY_ADMIN_TOKEN ?? "", stack().url);
    // A fresh sign-in carries the role claim.
    const signIn = await staff.context.request.post("/dev-identity/sign-in", {
      data: { email, password: "correct horse battery" },
    });
    expect(signIn.status()).toBe(200);

    await staff.page.goto("/");
    await waitForPath(staff.page, "/staff/requests");
    const request = staff.page.getByRole("article").filter({ hasText: "Corner Bakery" });
    await request.waitFor();
    await expect.poll(() => request.getByText("Requested").count()).toBe(1);
    await request.getByRole("button", { name: "Answers" }).click();
    await request.getByText("Take pre-orders for weekend loaves").waitFor();
    await request.getByText("Restaurant & Food").waitFor();
    await screenshot(staff.page, "console-requests-1440");
    await request.getByRole("link", { name: "Open customer" }).click();
    await staff.page.getByRole("heading", { name: "Carla Tester" }).waitFor();
    await screenshot(staff.page, "console-customer-1440");
  });

  it("answers the ticket from the inbox: internal note, reply, assignment, status", async () => {
    await staff.page.goto("/staff/tickets?waiting=staff");
    const row = staff.page.getByRole("link").filter({ hasText: "When will my site be ready?" });
    await row.waitFor();
    await screenshot(staff.page, "console-inbox-1440");
    await row.click();
    await staff.page.getByRole("heading", { name: "When will my site be ready?" }).waitFor();

    await staff.page.getByRole("button", { name: "Assign to me" }).click();
    await staff.page.getByRole("button", { name: "Unassign" }).waitFor();

    await staff.page.getByText("Internal note (not sent to the customer)").click();
    await staff.page.getByPlaceholder("Only the team sees this.").fill("Design is nearly done.");
    await staff.page.getByRole("button", { name: "Add note" }).click();
    await staff.page.locator("[data-internal=true]").getByText("Design is nearly done.").waitFor();

    await staff.page.getByText("Internal note (not sent to the customer)").click();
    await staff.page.getByPlaceholder("Write a reply...").fill("Yes! We go live this week.");
    await staff.page.getByRole("button", { name: "Send reply" }).click();
    await staff.page.locator("[data-staff=true]").getByText("Yes! We go live this week.").waitFor();

    await staff.page.getByRole("combobox", { name: "Status" }).selectOption("in_progress");
    await expect
      .poll(
        async () =>
          (await db.entities.ticket.get({ userId: customerId, ticketId }).go()).data?.status,
      )
      .toBe("in_progress");
    await screenshot(staff.page, "console-ticket-1440");
  });

  it("shows the mail the customer was sent: the reply and the status change, each sent", async () => {
    await staff.page.goto(`/staff/customers/${customerId}`);
    const mail = staff.page.getByRole("list", { name: "Mail sent" });
    const statusMail = mail.getByRole("listitem").filter({ hasText: "ticket.status_changed" });
    // The events queue mails in the background: the page shows what is recorded when it loads.
    await expect
      .poll(
        async () => {
          await staff.page.reload();
          await mail.or(staff.page.getByText("No mail sent yet.")).first().waitFor();
          return statusMail.count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    await statusMail.getByText("Sent", { exact: true }).waitFor();
    await statusMail.getByText("to Carla Tester").waitFor();
    await statusMail.getByText(/SES message /).waitFor();
    const reply = mail.getByRole("listitem").filter({ hasText: "ticket.staff_replied" });
    await reply.getByText("Sent", { exact: true }).waitFor();
  });

  it("takes the site live with its address, after a confirmation that says what happens", async () => {
    await staff.page.goto(`/staff/customers/${customerId}`);
    const lifecycle = staff.page.getByRole("form", { name: "Lifecycle of Corner Bakery" });
    await lifecycle.getByLabel("Status").selectOption("live");
    await lifecycle.getByLabel("Live URL").fill(liveOrigin);
    await lifecycle.getByRole("button", { name: "Save changes" }).click();
    const confirm = staff.page.getByRole("alertdialog");
    await confirm.getByText("Status: Requested → Live.").waitFor();
    await confirm.getByText(/mobile performance test of the live URL/).waitFor();
    // No draft was reviewed here: the team writes why it goes live anyway (docs/sites.md).
    await confirm
      .getByLabel(/The customer has not reviewed a draft/)
      .fill("Launch date agreed with Carla by phone.");
    await screenshot(staff.page, "console-go-live-1440");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await confirm.waitFor({ state: "detached" });
    await staff.page.getByText("Corner Bakery is Live.").waitFor();
    await expect
      .poll(
        async () => (await db.entities.site.get({ userId: customerId, siteId }).go()).data?.status,
      )
      .toBe("live");
  });

  it("starts the SEO work the customer bought", async () => {
    await db.entities.upsell
      .create({
        userId: customerId,
        upsellId: `seo-${siteId}`,
        siteId,
        type: "seo",
        title: "SEO Performance Package",
        price: "49.00",
        isPurchased: true,
        purchasedAt: new Date().toISOString(),
      })
      .go();
    await staff.page.goto("/staff/upgrades");
    const row = staff.page.getByRole("listitem").filter({ hasText: "Corner Bakery" });
    await row.getByText("Not started").waitFor();
    await screenshot(staff.page, "console-upgrades-1440");
    await row.getByRole("button", { name: /Mark started/ }).click();
    await row.getByText("In progress").waitFor();
  });

  it("the customer sees the live site measured, the reply but not the note, and the SEO work", async () => {
    const page = customer.page;
    await page.goto("/dashboard");
    await page.getByText("Your website Corner Bakery is live at").first().waitFor();
    await page.getByText("SEO package in progress.").waitFor();
    // The mobile Lighthouse run of the live URL sets the site's score (10-20 s here); the
    // screenshot of the live site is taken beside it.
    await expect
      .poll(
        async () => {
          const { data } = await db.entities.site.get({ userId: customerId, siteId }).go();
          return typeof data?.performanceScore === "number" && Boolean(data.screenshotKey);
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(true);
    const { data: stored } = await db.entities.site.get({ userId: customerId, siteId }).go();
    await page.reload();
    await page.getByLabel(`Performance score ${stored?.performanceScore}%`).waitFor();
    await expect
      // Any screenshot of this site: the dashboard asks for fresh previews when it opens, so
      // the newest one may be newer than the key read above.
      .poll(async () => page.locator(`img[src*="/users/${customerId}/sites/${siteId}/"]`).count())
      .toBeGreaterThan(0);
    await screenshot(page, "console-customer-dashboard-1440");

    await page.goto(`/support/${ticketId}`);
    await page.getByText("Yes! We go live this week.").waitFor();
    expect(await page.getByText("Design is nearly done.").count()).toBe(0);
    expect(customer.problems).toEqual([]);
  }, 180_000);

  it("keeps every staff action in the audit log", async () => {
    await staff.page.goto("/staff/audit-log");
    await staff.page.getByText("site.update").first().waitFor();
    for (const action of ["ticket.reply", "ticket.update", "upsell.update"]) {
      await staff.page.getByText(action, { exact: true }).first().waitFor();
    }
    await screenshot(staff.page, "console-audit-log-1440");
    expect(staff.problems).toEqual([]);
  });

  it("looks right on a 375 px phone", async () => {
    const phone = await pageAt(375);
    await phone.context.addCookies(await staff.context.cookies());
    const pages: [string, string][] = [
      ["/staff/requests", "New Requests"],
      ["/staff/customers", "Customers"],
      [`/staff/customers/${customerId}`, "Carla Tester"],
      ["/staff/tickets?status=in_progress", "Ticket Inbox"],
      [`/staff/tickets/${customerId}/${ticketId}`, "When will my site be ready?"],
      ["/staff/upgrades", "SEO Upgrades"],
      ["/staff/audit-log", "Audit Log"],
    ];
    for (const [url, heading] of pages) {
      await phone.page.goto(url);
      await phone.page.getByRole("heading", { name: heading }).waitFor();
      const overflow = await phone.page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
      );
      expect(overflow, url).toBeLessThanOrEqual(0);
      await screenshot(
        phone.page,
        `console-${url.split(/[/?]/)[2]}${url.split("/").length > 3 ? "-detail" : ""}-375`,
      );
    }
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  afterAll(async () => {
    await customer?.context.close();
    await staff?.context.close();
  });
});

describe("the console's code", () => {
  /** Chunks a customer's pages load: the entry, every non-console route, and their imports. */
  async function customerChunks(): Promise<string[]> {
    const manifest = JSON.parse(
      await readFile(path.join(WEB_DIST, ".vite/manifest.json"), "utf8"),
    ) as Record<string, { file: string; imports?: string[]; isEntry?: boolean; src?: string }>;
    const roots = Object.entries(manifest)
      .filter(
        ([key, chunk]) =>
          chunk.isEntry || (key.includes("src/routes/") && !key.includes("src/routes/staff")),
      )
      .map(([key]) => key);
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    roots.forEach(visit);
    return [...seen].map((key) => manifest[key]?.file as string);
  }

  it("ships in chunks of its own: no customer page loads a byte of it", async () => {
    const files = await customerChunks();
    expect(files.length).toBeGreaterThan(5);
    // Texts only the console's modules contain.
    const markers = [
      "Median first response",
      "Internal note (not sent to the customer)",
      "Mark started",
      "Drop the built site as a .zip",
      "Refused by SES",
    ];
    for (const file of files) {
      const code = await readFile(path.join(WEB_DIST, file), "utf8");
      for (const marker of markers)
        expect(code.includes(marker), `${marker} in ${file}`).toBe(false);
    }
    // ...and the console's chunks do exist.
    const all = await readdir(path.join(WEB_DIST, "assets"));
    let found = 0;
    for (const file of all.filter((f) => f.endsWith(".js"))) {
      const code = await readFile(path.join(WEB_DIST, "assets", file), "utf8");
      if (markers.some((marker) => code.includes(marker))) found += 1;
    }
    expect(found).toBeGreaterThan(0);
  });
});
