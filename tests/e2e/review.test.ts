/**
 * Review and approval of a draft (docs/sites.md, "Review and approval"), a customer and a team
 * member in two browser contexts: the team marks the draft ready with a preview this file
 * serves on 127.0.0.1, the customer asks for one change with a file attached (which the team
 * downloads byte for byte), the team posts a new version, the customer approves it, the team
 * takes the site live. Each step mails the customer and reaches
 * their webhook endpoint (an https receiver here).
 *
 * Its own local stack, so the worker may visit 127.0.0.1 (as console.test.ts does). Screenshots
 * of each screen at 1440 and 375 px go to E2E_SHOTS_DIR.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { drawnImage, type OpenPage, openPage, screenshot, useBrowser } from "../support/browser";
import { postAsSpa, signUpIn } from "../support/browser-customers";
import { makeStaff } from "../support/dev-identity";
import { useOwnStack } from "../support/own-web-stack";
import { useServers } from "../support/servers";
import { selfSignedCert } from "../support/tls-cert";

const servers = useServers();
let previewOrigin = "";
let receiverUrl = "";
/** What the customer's webhook endpoint received, in order. */
const hooks: { type: string; data: Record<string, unknown> }[] = [];

const draft = (version: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Corner Bakery</title>
<style>body{font:16px/1.5 sans-serif;margin:0;padding:24px;color:#222}h1{color:#A0522D}</style>
</head><body><h1>Corner Bakery</h1><p>Draft ${version}: sourdough, rye and pastries.</p></body></html>`;

beforeAll(async () => {
  const previewPort = await servers.listen(
    createServer((req, res) => {
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(draft(req.url?.includes("v2") ? "two" : "one"));
    }),
  );
  previewOrigin = `http://127.0.0.1:${previewPort}`;
  const receiverPort = await servers.listen(
    createTlsServer(selfSignedCert(30), (req, res) => {
      let raw = "";
      req.on("data", (chunk) => {
        raw += chunk;
      });
      req.on("end", () => {
        hooks.push(JSON.parse(raw));
        res.writeHead(200).end("{}");
      });
    }),
  );
  receiverUrl = `https://127.0.0.1:${receiverPort}/hooks`;
});
const stack = useOwnStack(() => ({
  allowOutboundHosts: ["127.0.0.1"],
  queue: { msPerDelaySecond: 1 },
}));
const browser = useBrowser();

/** A same-origin API write, as the SPA sends it. */
const post = (context: BrowserContext, url: string, data: unknown) =>
  postAsSpa(context, stack().url, url, data);

/** The page at 1440 and at 375 px, then back: both widths looked at for each screen. */
async function bothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("review and approval of a draft", () => {
  let customer: OpenPage;
  let staff: OpenPage;
  let customerId = "";
  let customerEmail = "";
  /** The file the customer attaches to their change, as they uploaded it. */
  let newLogo = Buffer.alloc(0);

  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail") return;
    if (staff) await screenshot(staff.page, `review-failed-staff-${task.name.slice(0, 20)}`);
    if (customer)
      await screenshot(customer.page, `review-failed-customer-${task.name.slice(0, 20)}`);
  });

  /** The subjects of the customer's mails once every event so far is handled. */
  async function subjects() {
    await stack().events.idle();
    return stack()
      .mail.messages()
      .filter((m) => m.envelope.to.includes(customerEmail))
      .map((m) => m.subject);
  }

  /** The webhook types received once the events and deliveries queues are idle. */
  async function hookTypes() {
    await stack().events.idle();
    await stack().webhooks.idle();
    return hooks.map((hook) => hook.type);
  }

  it("a customer with a requested site, a team member in the console", async () => {
    customer = await openPage(browser(), 1440, stack().url);
    ({ id: customerId, email: customerEmail } = await signUpIn(customer.context, "Carla"));
    expect((await customer.context.request.get("/api/auth/user")).status()).toBe(200);
    const { setCustomerState, ONBOARDING_CUSTOMER } = await import("../support/customer-state");
    await setCustomerState(customerId, ONBOARDING_CUSTOMER);
    await post(customer.context, "/api/questionnaires", {
      businessName: "Corner Bakery",
      industry: "restaurant",
      websiteType: "business",
      targetAudience: "Neighbours who like bread",
    });
    await post(customer.context, "/api/developer/webhooks", {
      url: receiverUrl,
      events: ["site.review_requested", "site.changes_requested", "site.approved", "site.live"],
    });

    staff = await openPage(browser(), 1440, stack().url);
    const { email } = await signUpIn(staff.context, "Sam");
    await makeStaff(email, process.env.DEV_IDENTITY_ADMIN_TOKEN ?? "", stack().url);
    const signIn = await staff.context.request.post("/dev-identity/sign-in", {
      data: { email, password: "correct horse battery" },
    });
    expect(signIn.status()).toBe(200);
  });

  it("the team marks the draft ready for review with its preview", async () => {
    await staff.page.goto(`/staff/customers/${customerId}`);
    const ready = staff.page.getByRole("form", { name: "Ready for review" });
    await ready.getByLabel("Preview URL").fill(`${previewOrigin}/v1`);
    await ready.getByLabel("Note to the customer").fill("Your first version, in your colours.");
    await ready.getByRole("button", { name: "Ready for review" }).click();
    await staff.page.getByText("Version 1 was sent to the customer.").waitFor();
    await staff.page.getByText(/Version 1 is with the customer/).waitFor();
    await bothWidths(staff.page, "review-console-ready");
    expect(await subjects()).toContain("Your draft is ready: Corner Bakery");
  });

  it("the customer's dashboard says the draft is ready, and the review shows it", async () => {
    const page = customer.page;
    await page.goto("/dashboard");
    await page.getByText("Your draft is ready.").waitFor();
    await bothWidths(page, "review-dashboard-row");
    await page.getByRole("link", { name: "Review the draft" }).click();
    await page.getByRole("heading", { name: "Review: Corner Bakery" }).waitFor();
    await page.getByText("Your first version, in your colours.").waitFor();
    // The jobs worker's browser takes the preview's screenshot; the page looks again until then.
    await page.getByRole("img", { name: "Screenshot of version 1" }).waitFor({ timeout: 60_000 });
    const link = page.getByRole("link", { name: "Open the preview" });
    expect(await link.getAttribute("href")).toBe(`${previewOrigin}/v1`);
    await bothWidths(page, "review-page-version-1");
  });

  it("the customer asks for one change, with a file showing the logo they mean", async () => {
    const page = customer.page;
    const changes = page.getByRole("form", { name: "Request changes" });
    await changes.getByLabel("Change 1").fill("Make the logo bigger on the home page.");
    newLogo = await drawnImage(page, "image/png", "#A0522D");
    await changes
      .locator('input[type="file"]')
      .setInputFiles({ name: "bigger-logo.png", mimeType: "image/png", buffer: newLogo });
    await changes.getByRole("button", { name: "Remove bigger-logo.png" }).waitFor();
    await bothWidths(page, "review-page-change-with-file");
    await changes.getByRole("button", { name: "Request changes" }).click();
    await page.getByText("Our team has your list.").waitFor();
    await page.getByText(/Our team is working on your changes/).waitFor();
    await page.getByText("Make the logo bigger on the home page.").waitFor();
    await page.getByRole("button", { name: /bigger-logo\.png/ }).waitFor();
    await bothWidths(page, "review-page-changes-sent");
    expect(await subjects()).toContain("We received your changes to Corner Bakery");
  });

  it("the team sees the change request and posts a new version", async () => {
    const page = staff.page;
    await page.goto("/staff/requests");
    const requests = page.getByRole("region", { name: "Change requests" });
    await requests.getByText("Make the logo bigger on the home page.").waitFor();
    await bothWidths(page, "review-console-change-requests");
    // The team downloads the customer's file through the staff route: the same bytes.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      requests.getByRole("button", { name: /bigger-logo\.png/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("bigger-logo.png");
    expect(Buffer.compare(await readFile(await download.path()), newLogo)).toBe(0);
    await requests.getByRole("link", { name: "Open customer" }).click();
    await page.getByText("Make the logo bigger on the home page.").first().waitFor();
    const ready = page.getByRole("form", { name: "Ready for review" });
    await ready.getByLabel("Preview URL").fill(`${previewOrigin}/v2`);
    await ready.getByRole("button", { name: "Ready for review" }).click();
    await page.getByText("Version 2 was sent to the customer.").waitFor();
    await page.goto("/staff/requests");
    await page.getByText("No customer is waiting for changes.").waitFor();
  });

  it("the customer sees both versions and approves the second", async () => {
    const page = customer.page;
    await page.reload();
    const current = page.getByRole("article", { name: "Version 2" });
    await current.getByText("Waiting for approval").waitFor();
    const earlier = page.getByRole("article", { name: "Version 1" });
    await earlier.getByText("Changes requested").first().waitFor();
    await current
      .getByRole("img", { name: "Screenshot of version 2" })
      .waitFor({ timeout: 60_000 });
    await current.getByRole("button", { name: "Approve" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Approve version 2?").waitFor();
    await screenshot(page, "review-approve-confirm-1440");
    await confirm.getByRole("button", { name: "Approve version 2" }).click();
    await confirm.waitFor({ state: "detached" });
    await current.getByText("Approved", { exact: true }).waitFor();
    await bothWidths(page, "review-page-approved");
    expect(await subjects()).toContain("You approved Corner Bakery");
  });

  it("the team takes the approved site live, no reason asked", async () => {
    const page = staff.page;
    await page.goto(`/staff/customers/${customerId}`);
    const lifecycle = page.getByRole("form", { name: "Lifecycle of Corner Bakery" });
    await lifecycle.getByLabel("Status").selectOption("live");
    await lifecycle.getByLabel("Live URL").fill(`${previewOrigin}/v2`);
    await lifecycle.getByRole("button", { name: "Save changes" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Status: Requested → Live.").waitFor();
    expect(await confirm.getByText(/has not approved/).count()).toBe(0);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.getByText("Corner Bakery is Live.").waitFor();
    await bothWidths(page, "review-console-live");
  });

  it("mailed the customer and called their webhook at every step", async () => {
    const mails = await subjects();
    expect(mails.filter((s) => s === "Your draft is ready: Corner Bakery")).toHaveLength(2);
    expect(mails).toContain("Your website Corner Bakery is live");
    expect(await hookTypes()).toEqual([
      "site.review_requested",
      "site.changes_requested",
      "site.review_requested",
      "site.approved",
      "site.live",
    ]);
    expect(customer.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
  });
});
