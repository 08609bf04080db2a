/**
 * The Support Center as a customer uses it: open a ticket, find it again with the search box
 * and the category filter (which survive a reload), open it, reply, and see the reply stay.
 */
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, pathOf, useBrowser, waitForPath } from "../support/browser";
import { signUpCustomer } from "../support/browser-customers";
import { useWebStackEnv } from "../support/web-stack";

useWebStackEnv();
// After the env: sst/node reads the table name when the module loads.
const Tickets = await import("@portal/core/tickets/index");

const browser = useBrowser();

/** A signed-in customer with an active plan and a completed questionnaire (so /support opens). */
async function customer(context: BrowserContext): Promise<string> {
  return signUpCustomer(context, { firstName: "Sam", lastName: "Support" });
}

describe("Support Center", () => {
  it("opens a ticket, finds it by search and category, replies, and keeps the reply after a reload", async () => {
    const { page, context, problems } = await openPage(browser());
    const userId = await customer(context);
    // Another ticket, so the search and the filter have something to leave out.
    await Tickets.create(
      userId,
      {
        title: "Question about my invoice",
        description: "I was charged twice this month for the Pro plan.",
        category: "billing",
        priority: "medium",
      },
      userId,
    );

    await page.goto("/support");
    await page.getByRole("heading", { name: "Support Center" }).waitFor();
    await page.getByText("Question about my invoice").waitFor();

    // Open a ticket through the dialog, with the Support Center rules.
    await page.getByRole("button", { name: "New Ticket" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill("Help");
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await dialog.getByText("Title must be at least 5 characters").waitFor();
    await dialog.getByText("Please provide more details (at least 20 characters)").waitFor();

    const description = "The photo gallery on the Cakes page shows broken images since Monday.";
    await dialog.getByLabel("Title").fill("Gallery images are broken");
    await dialog.getByLabel("Description").fill(description);
    await dialog.getByText(`${description.length}/2000 characters`).waitFor();
    await dialog.getByLabel("Category").selectOption({ label: "Technical" });
    await dialog.getByLabel("Priority").selectOption({ label: "High" });
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await page.getByText("Support ticket created successfully").waitFor();
    await dialog.waitFor({ state: "detached" });

    const cards = page.getByTestId("ticket-card");
    const ours = cards.filter({ hasText: "Gallery images are broken" });
    await ours.waitFor();
    await ours.getByText("High Priority").waitFor();
    expect(await cards.count()).toBe(2);

    // Search: a word from the description, in another case.
    await page.getByPlaceholder("Search tickets...").fill("BROKEN IMAGES");
    await page.waitForURL((url) => url.searchParams.get("q") === "BROKEN IMAGES");
    await expect.poll(() => cards.count()).toBe(1);
    await ours.waitFor();

    // Category filter: Billing leaves nothing (the filtered empty text), Technical finds it.
    await page.getByLabel("Filter by category").selectOption({ label: "Billing" });
    await page.getByText("No tickets match your search or filters.", { exact: false }).waitFor();
    await page.getByLabel("Filter by category").selectOption({ label: "Technical" });
    await page.waitForURL((url) => url.searchParams.get("category") === "technical");
    await ours.waitFor();

    // The filtered view is in the URL: a reload shows the same.
    await page.reload();
    await ours.waitFor();
    expect(await cards.count()).toBe(1);
    expect(await page.getByPlaceholder("Search tickets...").inputValue()).toBe("BROKEN IMAGES");
    expect(await page.getByLabel("Filter by category").inputValue()).toBe("technical");

    // The conversation: the original description first, then the reply.
    await ours.click();
    await page.waitForURL((url) => url.pathname.startsWith("/support/"));
    await page.getByRole("heading", { name: "Gallery images are broken" }).waitFor();
    const messages = page.getByTestId("thread-message");
    await expect.poll(() => messages.count()).toBe(1);
    expect(await messages.first().textContent()).toContain(description);

    const reply = "Here is a screenshot link: the third row of photos is missing.";
    await page.getByLabel("Your reply").fill(reply);
    await page.getByRole("button", { name: "Send Reply" }).click();
    await messages.nth(1).getByText(reply).waitFor();
    expect(await page.getByLabel("Your reply").inputValue()).toBe("");

    const ticketPath = pathOf(page);
    await page.reload();
    await waitForPath(page, ticketPath);
    await messages.nth(1).getByText(reply).waitFor();
    expect(await messages.count()).toBe(2);
    expect(await messages.nth(0).textContent()).toContain(description);

    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a ticket the customer does not own as not found", async () => {
    const { page, context } = await openPage(browser());
    await customer(context);
    const otherCustomer = `user_${Date.now()}`;
    const foreign = await Tickets.create(
      otherCustomer,
      {
        title: "Someone else's ticket",
        description: "This belongs to another customer entirely.",
        category: "general",
        priority: "low",
      },
      otherCustomer,
    );
    await page.goto(`/support/${foreign.id}`);
    await page.getByText("Ticket not found").waitFor();
    expect(await page.getByText("Someone else's ticket").count()).toBe(0);
    await context.close();
  });
  it("a ticket created in the Support Center refreshes the dashboard's Open Tickets figure", async () => {
    const { page, context, problems } = await openPage(browser());
    await customer(context);
    // The dashboard first, so its figures are in the cache when the ticket is created.
    await page.goto("/dashboard");
    // The card's label and figure share the stat's root.
    const openTickets = page.getByText("Open Tickets", { exact: true }).locator("xpath=..");
    await openTickets.getByText("0", { exact: true }).waitFor();

    const nav = page.getByRole("navigation", { name: "Portal" });
    await nav.getByRole("link", { name: /^Support/ }).click();
    await page.getByRole("heading", { name: "Support Center" }).waitFor();
    await page.getByRole("button", { name: "New Ticket" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill("Contact form sends nothing");
    await dialog
      .getByLabel("Description")
      .fill("The contact form on the home page shows success but no mail arrives.");
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await page.getByText("Support ticket created successfully").waitFor();

    // Back in the app (no reload): the figure counts the new ticket.
    await nav.getByRole("link", { name: "Overview" }).click();
    await waitForPath(page, "/dashboard");
    await openTickets.getByText("1", { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
