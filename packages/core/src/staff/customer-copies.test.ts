/**
 * Tickets carry their owner's email address, kept current when it changes, so the staff inbox
 * lists a page without reading the customers behind it. Against dynalite.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";

let dynamo: TestDynamo;
let Copies: typeof import("./customer-copies");
let StaffTickets: typeof import("./tickets");
let Tickets: typeof import("../tickets/index");
let db: typeof import("../db/service").db;
let documentClient: typeof import("../db/client").documentClient;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  Copies = await import("./customer-copies");
  StaffTickets = await import("./tickets");
  Tickets = await import("../tickets/index");
  ({ db } = await import("../db/service"));
  ({ documentClient } = await import("../db/client"));
});

afterAll(async () => {
  await dynamo?.stop();
});

/** The inbox's open tickets, and the DynamoDB commands it sent. */
async function inboxRead() {
  const sent: string[] = [];
  const client = documentClient();
  const send = client.send.bind(client);
  const spy = vi.spyOn(client, "send").mockImplementation((async (command: {
    constructor: { name: string };
  }) => {
    sent.push(command.constructor.name);
    return send(command as never);
  }) as never);
  try {
    const page = await StaffTickets.inbox({ status: "open" }, "user_staff");
    return { page, sent };
  } finally {
    spy.mockRestore();
  }
}

describe("the owner's address on tickets", () => {
  it("is written with a new ticket, kept current, and spares the inbox reading customers", async () => {
    const userId = "user_copies";
    await db.entities.user.create({ userId, email: "old@example.com" }).go();
    const ticket = await Tickets.create(
      userId,
      {
        title: "Help",
        description: "Please",
        category: "general",
        priority: "medium",
      },
      userId,
    );

    let { page, sent } = await inboxRead();
    expect(page.items.find((t) => t.id === ticket.id)?.customerEmail).toBe("old@example.com");
    expect(sent).not.toContain("BatchGetCommand");

    await db.entities.user.patch({ userId }).set({ email: "new@example.com" }).go();
    await Copies.refreshCustomerCopies(userId);
    ({ page, sent } = await inboxRead());
    expect(page.items.find((t) => t.id === ticket.id)?.customerEmail).toBe("new@example.com");
    expect(sent).not.toContain("BatchGetCommand");
  });

  it("is read from the customer for a ticket from before the copy existed", async () => {
    const userId = "user_copies_legacy";
    await db.entities.user.create({ userId, email: "legacy@example.com" }).go();
    const { data } = await db.entities.ticket.create({ userId, title: "Old ticket" }).go();
    const { page, sent } = await inboxRead();
    expect(page.items.find((t) => t.id === data.ticketId)?.customerEmail).toBe(
      "legacy@example.com",
    );
    expect(sent).toContain("BatchGetCommand");
  });
});
