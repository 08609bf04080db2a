/**
 * The staff customer page reads what it shows, bounded, not the customer's whole partition
 * (docs/console.md), against a real DynamoDB API (dynalite, in memory).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";

let dynamo: TestDynamo;
let CustomerPage: typeof import("./customer-page");
let db: typeof import("../db/service").db;
let documentClient: typeof import("../db/client").documentClient;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  CustomerPage = await import("./customer-page");
  ({ db } = await import("../db/service"));
  ({ documentClient } = await import("../db/client"));
});

afterAll(async () => {
  await dynamo?.stop();
});

describe("the staff customer page", () => {
  it("reads each kind it shows, newest first and bounded, and nothing it does not show", async () => {
    const userId = "user_staff_page";
    await db.entities.user.create({ userId, email: "ada@example.com", firstName: "Ada" }).go();
    await db.entities.site.create({ userId, name: "Bakery" }).go();
    const { data: ticket } = await db.entities.ticket.create({ userId, title: "Help" }).go();
    const activities = CustomerPage.CUSTOMER_PAGE_LIMITS.activities + 10;
    for (let i = 0; i < activities; i++) {
      await db.entities.activity
        .create({ userId, type: "site_requested", description: `activity ${i}` })
        .go();
    }
    // What the page never shows, and what grows without bound: 300 logged deliveries.
    const { data: hook } = await db.entities.webhook
      .create({ userId, url: "https://hooks.example.com/", events: ["site.live"], secret: "s" })
      .go();
    await db.entities.webhookDelivery
      .put(
        Array.from({ length: 300 }, () => ({
          userId,
          webhookId: hook.webhookId,
          eventType: "site.live",
          payload: { padding: "x".repeat(200) },
        })),
      )
      .go();

    const read: string[] = [];
    const limits: (number | undefined)[] = [];
    const client = documentClient();
    const send = client.send.bind(client);
    const spy = vi.spyOn(client, "send").mockImplementation((async (command: {
      input: { Limit?: number; KeyConditionExpression?: string };
    }) => {
      const output = (await send(command as never)) as { Items?: { __edb_e__?: string }[] };
      if (command.input.KeyConditionExpression) limits.push(command.input.Limit);
      for (const item of output.Items ?? []) read.push(item.__edb_e__ ?? "?");
      return output;
    }) as never);
    let page: Awaited<ReturnType<typeof CustomerPage.get>>;
    try {
      page = await CustomerPage.get(userId);
    } finally {
      spy.mockRestore();
    }

    expect(page.customer.email).toBe("ada@example.com");
    expect(page.sites.map((s) => s.name)).toEqual(["Bakery"]);
    expect(page.tickets.map((t) => t.id)).toEqual([ticket.ticketId]);
    expect(page.activities).toHaveLength(CustomerPage.CUSTOMER_PAGE_LIMITS.activities);
    expect(page.activities[0]?.description).toBe(`activity ${activities - 1}`);
    expect(read).not.toContain("webhookDelivery");
    expect(read).not.toContain("webhook");
    expect(read.filter((kind) => kind === "activity")).toHaveLength(
      CustomerPage.CUSTOMER_PAGE_LIMITS.activities,
    );
    for (const limit of limits) expect(limit).toBeLessThanOrEqual(100);
  });
});
