/**
 * Hosting end to end (issue 42; docs/hosting.md, docs/console.md "Deployments", docs/sites.md
 * "Hosting"), a customer and a team member in two browser contexts: the team deploys the
 * sample site (docs/sample-site), posts the deployment for review; the customer sees its screenshot and approves; the
 * team publishes; the customer opens the live site and it is the deployed one; the team
 * deploys a second version and publishes it, then rolls back, and the live site is the first
 * one again.
 *
 * Its own local stack, so the worker's browser may visit the stack's preview addresses (as
 * review.test.ts does for its previews). Screenshots of each screen at 1440 and 375 px go to
 * E2E_SHOTS_DIR.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import type { Locator, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { sampleSiteFiles } from "../../scripts/sample-site";
import { type OpenPage, openPage, screenshot, useBrowser } from "../support/browser";
import { postAsSpa, signUpIn } from "../support/browser-customers";
import { makeStaff } from "../support/dev-identity";
import { useOwnStack } from "../support/own-web-stack";

const stack = useOwnStack(() => ({
  allowOutboundHosts: ["127.0.0.1"],
  queue: { msPerDelaySecond: 1 },
}));
const browser = useBrowser();

const sample = sampleSiteFiles();

/**
 * The sample site (docs/sample-site) as version one; version two is the same site with a new
 * home page, so the live site shows which one it serves.
 */
function siteZip(version: "one" | "two"): Buffer {
  if (version === "one") return Buffer.from(zipSync(sample));
  const home = new TextDecoder()
    .decode(sample["index.html"])
    .replace("Fresh bread every morning", "Now with croissants");
  return Buffer.from(zipSync({ ...sample, "index.html": strToU8(home) }));
}

/** The page at 1440 and at 375 px, then back: both widths looked at for each screen. */
async function bothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("hosting: deploy, review, publish, roll back", () => {
  let customer: OpenPage;
  let staff: OpenPage;
  let customerId = "";
  /** The customer's tab on the live site. */
  let live: Page;
  /** The deployments' short names as the console shows them ("#" and the id's last 6). */
  const refs: string[] = [];

  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail") return;
    if (staff) await screenshot(staff.page, `hosting-failed-staff-${task.name.slice(0, 20)}`);
    if (customer)
      await screenshot(customer.page, `hosting-failed-customer-${task.name.slice(0, 20)}`);
  });

  const panel = () => staff.page.getByRole("region", { name: "Deployments of Corner Bakery" });
  const row = (ref: string): Locator =>
    panel().getByRole("listitem", { name: `Deployment ${ref}` });

  /** Uploads a zip through the panel and waits until the worker has made it ready. */
  async function deploy(version: "one" | "two"): Promise<string> {
    const before = await panel().getByRole("listitem").count();
    await panel()
      .getByLabel("Site zip to deploy")
      .setInputFiles({
        name: `bakery-${version}.zip`,
        mimeType: "application/zip",
        buffer: siteZip(version),
      });
    await staff.page.getByText(`bakery-${version}.zip is queued to be built.`).waitFor();
    await expect.poll(() => panel().getByRole("listitem").count()).toBe(before + 1);
    const newest = panel().getByRole("listitem").first();
    await newest.getByText("Ready", { exact: true }).waitFor({ timeout: 60_000 });
    const name = (await newest.getAttribute("aria-label")) ?? "";
    return name.replace("Deployment ", "");
  }

  /** The live site as a visitor's browser gets it, from the production address. */
  async function liveText(page: Page): Promise<string> {
    await page.reload();
    return (await page.locator("h2").first().textContent()) ?? "";
  }

  it("a customer with a requested site, a team member in the console", async () => {
    customer = await openPage(browser(), 1440, stack().url);
    ({ id: customerId } = await signUpIn(customer.context, "Carla"));
    expect((await customer.context.request.get("/api/auth/user")).status()).toBe(200);
    const { setCustomerState, ONBOARDING_CUSTOMER } = await import("../support/customer-state");
    await setCustomerState(customerId, ONBOARDING_CUSTOMER);
    await postAsSpa(customer.context, stack().url, "/api/questionnaires", {
      businessName: "Corner Bakery",
      industry: "restaurant",
      websiteType: "business",
      targetAudience: "Neighbours who like bread",
    });

    staff = await openPage(browser(), 1440, stack().url);
    const { email } = await signUpIn(staff.context, "Sam");
    await makeStaff(email, process.env.DEV_IDENTITY_ADMIN_TOKEN ?? "", stack().url);
    const signIn = await staff.context.request.post("/dev-identity/sign-in", {
      data: { email, password: "correct horse battery" },
    });
    expect(signIn.status()).toBe(200);
  });

  it("refuses a zip over the limit in the browser, before any upload", async () => {
    await staff.page.goto(`/staff/customers/${customerId}`);
    await panel().getByText("Nothing deployed yet.").waitFor();
    // A sparse file: the browser knows its size without anyone writing 101 MB.
    const dir = mkdtempSync(path.join(os.tmpdir(), "hosting-e2e-"));
    const big = path.join(dir, "too-big.zip");
    execFileSync("truncate", ["-s", String(101 * 1024 * 1024), big]);
    const created: string[] = [];
    staff.page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/deployments"))
        created.push(request.url());
    });
    await panel().getByLabel("Site zip to deploy").setInputFiles(big);
    await panel()
      .getByRole("alert")
      .getByText("The zip must be at most 100 MB; this one is 101 MB")
      .waitFor();
    expect(created).toEqual([]);
    await panel().getByText("Nothing deployed yet.").waitFor();
  });

  it("the team deploys the site, and it is ready with its preview", async () => {
    refs.push(await deploy("one"));
    const ready = row(refs[0] ?? "");
    await ready.getByText(/Uploaded by sam-.*@example\.com/).waitFor();
    await ready.getByText(new RegExp(`in ${Object.keys(sample).length} files`)).waitFor();
    // The preview address serves the deployment itself, marked noindex.
    const previewUrl =
      (await ready.getByRole("link", { name: "Preview" }).getAttribute("href")) ?? "";
    const preview = await staff.context.newPage();
    const answer = await preview.goto(previewUrl);
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
    await preview.getByRole("heading", { name: "Fresh bread every morning" }).waitFor();
    await screenshot(preview, "hosting-preview-1440");
    await preview.close();
    await bothWidths(staff.page, "hosting-console-ready");
  });

  it("the team posts the deployment for review", async () => {
    const ready = staff.page.getByRole("form", { name: "Ready for review" });
    const version = ready.getByLabel("Version to review");
    expect(await version.inputValue()).toMatch(new RegExp(`${refs[0]?.slice(1)}$`, "i"));
    await ready.getByLabel("Note to the customer").fill("Your site, served by us.");
    await ready.getByRole("button", { name: "Ready for review" }).click();
    await staff.page.getByText("Version 1 was sent to the customer.").waitFor();
    await bothWidths(staff.page, "hosting-console-review-posted");
    // Before the customer answers, publishing would take the site live unapproved: it asks why.
    await row(refs[0] ?? "")
      .getByRole("button", { name: "Publish" })
      .click();
    const confirm = staff.page.getByRole("alertdialog");
    await confirm
      .getByLabel("The customer has not approved version 1. Why go live now?")
      .fill("Too short");
    expect(await confirm.getByRole("button", { name: "Publish" }).isDisabled()).toBe(true);
    await screenshot(staff.page, "hosting-console-publish-unapproved-1440");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
  });

  it("the customer sees the deployment's screenshot and approves it", async () => {
    const page = customer.page;
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Review the draft" }).click();
    await page.getByText("Your site, served by us.").waitFor();
    await page.getByRole("img", { name: "Screenshot of version 1" }).waitFor({ timeout: 60_000 });
    const link = page.getByRole("link", { name: "Open the preview" });
    expect(await link.getAttribute("href")).toMatch(/--[a-z0-9-]+\.sites\.localhost:\d+\/$/);
    await bothWidths(page, "hosting-review-screenshot");
    await page.getByRole("button", { name: "Approve" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Approve version 1" }).click();
    await confirm.waitFor({ state: "detached" });
  });

  it("the team publishes it, no reason asked: it is live", async () => {
    await staff.page.reload();
    await row(refs[0] ?? "")
      .getByRole("button", { name: "Publish" })
      .click();
    const confirm = staff.page.getByRole("alertdialog");
    await confirm.getByText("This takes the site live").waitFor();
    expect(await confirm.getByText(/has not approved/).count()).toBe(0);
    await screenshot(staff.page, "hosting-console-publish-confirm-1440");
    await confirm.getByRole("button", { name: "Publish" }).click();
    await confirm.waitFor({ state: "detached" });
    await row(refs[0] ?? "")
      .getByText(/^Live since /)
      .waitFor();
    await bothWidths(staff.page, "hosting-console-live");
  });

  it("the customer opens the live site, and it is the deployed one", async () => {
    const page = customer.page;
    await page.goto("/site-settings");
    await page.getByRole("button", { name: /Corner Bakery/ }).click();
    const card = page.getByRole("region", { name: "Live version" });
    await card.getByText(`Version ${refs[0]}`).waitFor();
    await card.getByText(/^Published /).waitFor();
    await bothWidths(page, "hosting-site-settings-live-version");
    const [site] = await Promise.all([
      page.waitForEvent("popup"),
      card.getByRole("link", { name: "Visit" }).click(),
    ]);
    await site.waitForLoadState();
    expect(new URL(site.url()).hostname).toMatch(/^corner-bakery-[a-z0-9]{6}\.sites\.localhost$/);
    await site.getByRole("heading", { name: "Fresh bread every morning" }).waitFor();
    await screenshot(site, "hosting-live-site-one-1440");
    // The site's own 404 page, for a path it does not have.
    const home = site.url();
    const missing = await site.goto(new URL("/no-such-page", home).href);
    expect(missing?.status()).toBe(404);
    await site.getByRole("heading", { name: "This page is not on the menu" }).waitFor();
    await site.goto(home);
    live = site;
  });

  it("a second version published, then a rollback shows the first again", async () => {
    refs.push(await deploy("two"));
    await row(refs[1] ?? "")
      .getByRole("button", { name: "Publish" })
      .click();
    let confirm = staff.page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Publish" }).click();
    await confirm.waitFor({ state: "detached" });
    await row(refs[1] ?? "")
      .getByText(/^Live since /)
      .waitFor();
    await expect.poll(() => liveText(live)).toBe("Now with croissants");

    await row(refs[0] ?? "")
      .getByRole("button", { name: "Roll back" })
      .click();
    confirm = staff.page.getByRole("alertdialog");
    await confirm.getByText(`${refs[1]}, live now, stays ready to publish again.`).waitFor();
    await screenshot(staff.page, "hosting-console-rollback-confirm-1440");
    await confirm.getByRole("button", { name: "Roll back" }).click();
    await confirm.waitFor({ state: "detached" });
    await row(refs[0] ?? "")
      .getByText(/^Live since /)
      .waitFor();
    await row(refs[1] ?? "")
      .getByRole("button", { name: "Publish" })
      .waitFor();
    await bothWidths(staff.page, "hosting-console-rolled-back");
    await expect.poll(() => liveText(live)).toBe("Fresh bread every morning");
    await screenshot(live, "hosting-live-site-rolled-back-1440");
  });

  it("left no problem in either browser", () => {
    expect(staff.problems).toEqual([]);
    expect(customer.problems).toEqual([]);
  });
});
