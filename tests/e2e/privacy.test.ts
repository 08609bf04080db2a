import { describe, expect, it } from "vitest";
import { openPage, screenshot, useBrowser, waitForPath } from "../support/browser";
import { signUpCustomer } from "../support/browser-customers";
import { LAPSED_CUSTOMER, setCustomerState } from "../support/customer-state";
import { useWebStackEnv } from "../support/web-stack";

useWebStackEnv();
const browser = useBrowser();

describe("/settings: your data", () => {
  it("exports the data, refuses deletion while subscribed, then deletes the account", async () => {
    const { page, context, problems } = await openPage(browser());
    const userId = await signUpCustomer(context, { firstName: "Priya", lastName: "Vale" });
    await page.goto("/settings");

    const exportCard = page.locator("#data-export");
    await exportCard.getByRole("button", { name: "Export my data" }).click();
    await page.getByText("Your export is being prepared").waitFor();
    const download = exportCard.getByRole("link", { name: "Download your data" });
    await download.waitFor({ timeout: 30_000 });
    expect(await exportCard.getByText(/is ready \(\d+ KB\)/).count()).toBe(1);
    const href = (await download.getAttribute("href")) ?? "";
    expect(href).toContain("X-Amz-Signature");
    const zip = await context.request.get(href);
    expect(zip.status()).toBe(200);
    // A zip file starts with "PK".
    expect((await zip.body()).subarray(0, 2).toString()).toBe("PK");
    await screenshot(page, "settings-your-data");

    // Nothing typed: the form says what to type, and nothing is sent.
    const deleteButton = page.getByRole("button", { name: "Delete my account" });
    await deleteButton.click();
    expect(await page.getByText("Type DELETE to confirm").count()).toBe(2);
    // Still subscribed: the server refuses and the card says what to do.
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await deleteButton.click();
    await page.getByText(/Cancel it on the Billing page first/).waitFor();
    expect(await page.getByRole("link", { name: "Go to Billing" }).count()).toBe(1);
    await screenshot(page, "settings-delete-refused");

    // The subscription has ended: the deletion goes through and the customer is signed out.
    await setCustomerState(userId, LAPSED_CUSTOMER);
    await deleteButton.click();
    await waitForPath(page, "/sign-in");
    await page.getByText("Your account has been deleted").waitFor();
    expect((await context.request.get("/api/auth/user")).status()).toBe(401);
    // The erasure job removes the record (and the identity) in moments.
    const { db } = await import("@portal/core/db/service");
    await expect
      .poll(async () => (await db.entities.user.get({ userId }).go({ consistent: true })).data)
      .toBeNull();
    expect(problems.filter((p) => !/\b(401|409)\b/.test(p))).toEqual([]);
    await context.close();
  });
});
