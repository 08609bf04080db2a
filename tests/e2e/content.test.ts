/**
 * The customer's content (docs/content.md) with a customer and a team member in two browser
 * contexts: the customer uploads a logo in the questionnaire's optional upload, submits, opens
 * the site's Content section from the dashboard row and drops a photo there (progress, then a
 * thumbnail); the team member opens the customer in the console and downloads both files,
 * each download in the audit log. The bytes go browser → s3rver through presigned PUTs.
 * Screenshots at 1440 and 375 px go to E2E_SHOTS_DIR.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import {
  drawnImage,
  type OpenPage,
  openPage,
  screenshot,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from "../support/browser";
import { signUpCustomer } from "../support/browser-customers";
import { makeStaff } from "../support/dev-identity";
import { useWebStackEnv, webUrl } from "../support/web-stack";

useWebStackEnv();
// After the env: sst/node reads the table name when the module loads.
const { db } = await import("@portal/core/db/service");

const browser = useBrowser();

/** Ticks a checkbox by its label, as a person does (Chakra draws over the native input). */
async function tick(page: Page, name: string) {
  const control = page.getByRole("checkbox", { name });
  await page.locator("label").filter({ has: control }).click();
  expect(await control.isChecked()).toBe(true);
}

describe("content handed over by a customer, downloaded by the team", () => {
  let customer: OpenPage;
  let staff: OpenPage;
  let customerId: string;
  let logo: Buffer;
  let photo: Buffer;

  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail") return;
    if (customer)
      await screenshot(customer.page, `content-failed-customer-${task.name.slice(0, 20)}`);
    if (staff) await screenshot(staff.page, `content-failed-staff-${task.name.slice(0, 20)}`);
  });

  it("the customer uploads a logo in the questionnaire", async () => {
    customer = await openPage(browser(), 1440);
    customerId = await signUpCustomer(
      customer.context,
      { firstName: "Lola", lastName: "Baker" },
      { subscriptionActive: true, subscriptionPlan: "starter", hasCompletedQuestionnaire: false },
    );
    const { page } = customer;
    await page.goto("/questionnaire");
    await page.getByLabel("Business Name").fill("Lola's Loaves");
    await page.getByLabel("Industry").selectOption({ label: "Restaurant & Food" });
    const website = page.getByRole("radio", { name: /Business Website/ });
    await page.locator("label").filter({ has: website }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();

    // Nothing to upload until the box says there is a logo.
    expect(await page.getByRole("heading", { name: "Your Logo" }).count()).toBe(0);
    await tick(page, "I have a logo");
    const section = page.locator("#questionnaire-logo");
    await section.getByRole("heading", { name: "Your Logo" }).waitFor();
    logo = await drawnImage(page, "image/png", "#A0522D");
    await section
      .locator('input[type="file"]')
      .setInputFiles({ name: "lola-logo.png", mimeType: "image/png", buffer: logo });
    await section.getByText("lola-logo.png — Uploaded").waitFor();
    // The confirmed file shows with its thumbnail.
    await section.getByRole("img", { name: "lola-logo.png" }).waitFor();
    await screenshot(page, "content-questionnaire-1440");

    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Submit Questionnaire" }).click();
    await page.getByRole("heading", { name: "Questionnaire Complete!" }).waitFor();
    await waitForPath(page, "/dashboard");
  });

  it("adds a photo in the site's Content section, from the dashboard row", async () => {
    const { page } = customer;
    await page.getByRole("link", { name: "Add Content" }).first().click();
    await waitForPath(page, "/site-settings");
    const section = page.locator("#content");
    await section.getByRole("heading", { name: "Content" }).waitFor();
    // The questionnaire's logo is there already.
    await section.getByRole("img", { name: "lola-logo.png" }).waitFor();

    photo = await drawnImage(page, "image/jpeg", "#2F855A");
    await section
      .locator('input[type="file"]')
      .setInputFiles({ name: "shop-front.jpg", mimeType: "image/jpeg", buffer: photo });
    await section.getByText("shop-front.jpg — Uploaded").waitFor();
    await section.getByRole("img", { name: "shop-front.jpg" }).waitFor();
    // A type the portal does not take is refused in the browser, with the reason.
    await section.locator('input[type="file"]').setInputFiles({
      name: "setup.exe",
      mimeType: "application/x-msdownload",
      buffer: Buffer.from("MZ"),
    });
    await section.getByText(/This type of file cannot be uploaded/).waitFor();
    await section.getByText(/of 1 GB storage used/).waitFor();
    await screenshot(page, "content-site-1440");

    const phone = await openPage(browser(), 375);
    await phone.context.addCookies(await customer.context.cookies());
    await phone.page.goto(page.url());
    await phone.page.locator("#content").getByRole("img", { name: "shop-front.jpg" }).waitFor();
    await phone.page.locator("#content").scrollIntoViewIfNeeded();
    await screenshot(phone.page, "content-site-375");
    const overflow = (await phone.page.evaluate(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context.close();

    const { data } = await db.entities.contentFile.query
      .byOwner({ userId: customerId })
      .go({ consistent: true });
    expect(data.map((f) => [f.name, f.state, f.sizeBytes]).sort()).toEqual([
      ["lola-logo.png", "confirmed", logo.byteLength],
      ["shop-front.jpg", "confirmed", photo.byteLength],
    ]);
  });

  it("a team member downloads both from the console, each download audited", async () => {
    staff = await openPage(browser(), 1440);
    const email = uniqueEmail("stella");
    const signedUp = await staff.context.request.post("/dev-identity/sign-up", {
      data: { email, password: "correct horse battery", firstName: "Stella", lastName: "Staff" },
    });
    expect(signedUp.status()).toBe(201);
    await makeStaff(email, process.env.DEV_IDENTITY_ADMIN_TOKEN ?? "", webUrl());
    // A fresh sign-in carries the role claim.
    const signIn = await staff.context.request.post("/dev-identity/sign-in", {
      data: { email, password: "correct horse battery" },
    });
    expect(signIn.status()).toBe(200);

    const { page } = staff;
    await page.goto(`/staff/customers/${customerId}`);
    const files = page.getByTestId("staff-customer-files");
    for (const [name, bytes] of [
      ["lola-logo.png", logo],
      ["shop-front.jpg", photo],
    ] as const) {
      const card = files.getByRole("listitem").filter({ hasText: name });
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        card.getByRole("button", { name: "Download" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(name);
      const saved = await download.path();
      expect(Buffer.compare(await readFile(saved), bytes)).toBe(0);
    }
    await screenshot(page, "content-console-1440");

    const { data: log } = await db.entities.staffAction.query.byAction({}).go({ pages: "all" });
    const downloads = log.filter(
      (entry) => entry.customerId === customerId && entry.action === "file.download",
    );
    expect(downloads).toHaveLength(2);

    const phone = await openPage(browser(), 375);
    await phone.context.addCookies(await staff.context.cookies());
    await phone.page.goto(`/staff/customers/${customerId}`);
    await phone.page.getByTestId("staff-customer-files").getByText("shop-front.jpg").waitFor();
    await screenshot(phone.page, "content-console-375");
    await phone.context.close();
  });

  it("a ticket reply carries a screenshot the team opens from the thread", async () => {
    const { page } = customer;
    const created = await customer.context.request.post("/api/tickets", {
      headers: { origin: webUrl() },
      data: {
        title: "The menu covers the logo",
        description: "On my phone the menu sits on top of the logo.",
        category: "technical",
        priority: "medium",
      },
    });
    expect(created.status()).toBe(201);
    const ticket = (await created.json()) as { id: string };
    await page.goto(`/support/${ticket.id}`);
    const screenshotBytes = await drawnImage(page, "image/png", "#2B6CB0");
    await page
      .locator("form")
      .locator('input[type="file"]')
      .setInputFiles({ name: "problem.png", mimeType: "image/png", buffer: screenshotBytes });
    await page.getByRole("button", { name: "Remove problem.png" }).waitFor();
    await page.getByPlaceholder("Write a reply...").fill("Screenshot attached.");
    await page.getByRole("button", { name: "Send Reply" }).click();
    await page
      .getByTestId("thread-message")
      .filter({ hasText: "Screenshot attached." })
      .getByRole("button", { name: /problem\.png/ })
      .waitFor();
    await screenshot(page, "content-ticket-1440");

    await staff.page.goto(`/staff/tickets/${customerId}/${ticket.id}`);
    const message = staff.page
      .getByTestId("thread-message")
      .filter({ hasText: "Screenshot attached." });
    const [download] = await Promise.all([
      staff.page.waitForEvent("download"),
      message.getByRole("button", { name: /problem\.png/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("problem.png");
    expect(Buffer.compare(await readFile(await download.path()), screenshotBytes)).toBe(0);
  });
});
