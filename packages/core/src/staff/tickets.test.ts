/**
 * A staff reply and its audit entry are one transaction, and a retried reply is posted once
 * (docs/security.md), against dynalite with the local TransactWriteItems
 * (db/local-transactions.ts). Mails are replaced by a recorder.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";

const emitted = vi.hoisted(() => [] as unknown[]);
vi.mock("../events/emit", () => ({
  emit: async (event: unknown) => {
    emitted.push(event);
  },
}));

let dynamo: TestDynamo;
let Tickets: typeof import("./tickets");
let db: typeof import("../db/service").db;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  Tickets = await import("./tickets");
  ({ db } = await import("../db/service"));
});

afterAll(async () => {
  await dynamo?.stop();
});

const staff = { type: "staff" as const, userId: "user_staff_1", email: "team@example.com" };
const userId = "user_customer_1";

async function auditOf(ticketId: string) {
  const { data } = await db.entities.staffAction.query.byAction({}).go({ pages: "all" });
  return data.filter((entry) => entry.targetId === ticketId);
}

async function messagesOf(ticketId: string) {
  const { data } = await db.entities.ticketMessage.query
    .byOwner({ userId, ticketId })
    .go({ consistent: true });
  return data;
}

describe("a staff reply", () => {
  it("is written with the ticket's change and its audit entry, and a retry posts nothing more", async () => {
    const { data: ticket } = await db.entities.ticket.create({ userId, title: "Help" }).go();
    const input = { message: "We are on it.", isInternal: false };
    const first = await Tickets.reply(staff, userId, ticket.ticketId, input);
    const retried = await Tickets.reply(staff, userId, ticket.ticketId, input);

    expect(retried.id).toBe(first.id);
    expect(await messagesOf(ticket.ticketId)).toHaveLength(1);
    expect((await auditOf(ticket.ticketId)).map((e) => e.action)).toEqual(["ticket.reply"]);
    expect(emitted).toHaveLength(1);
    const { data: after } = await db.entities.ticket
      .get({ userId, ticketId: ticket.ticketId })
      .go();
    expect(after).toMatchObject({ waitingOn: "customer", lastResponse: expect.any(String) });

    // Another text, or the same text once the retry window is over, is a new reply.
    await Tickets.reply(staff, userId, ticket.ticketId, { ...input, message: "Done now." });
    const later = new Date(Date.now() + Tickets.REPLY_RETRY_WINDOW_MS + 1_000);
    await Tickets.reply(staff, userId, ticket.ticketId, input, later);
    expect(await messagesOf(ticket.ticketId)).toHaveLength(3);
    expect(await auditOf(ticket.ticketId)).toHaveLength(3);
  });

  it("writes nothing at all when one part of the transaction is refused", async () => {
    const { data: ticket } = await db.entities.ticket.create({ userId, title: "Atomic" }).go();
    const { canceled, data } = await db.transaction
      .write(({ ticketMessage, ticket: tickets }) => [
        ticketMessage
          .create({ userId, ticketId: ticket.ticketId, message: "orphan", isStaffReply: true })
          .commit(),
        tickets
          .patch({ userId, ticketId: ticket.ticketId })
          .set({ waitingOn: "customer" })
          .where((attr, op) => op.eq(attr.title, "Not this title"))
          .commit(),
      ])
      .go();
    expect(canceled).toBe(true);
    expect(data.map((d) => d.code)).toEqual(["None", "ConditionalCheckFailed"]);
    expect(await messagesOf(ticket.ticketId)).toEqual([]);
  });

  it("and a staff ticket update are audited in the same write", async () => {
    const { data: ticket } = await db.entities.ticket.create({ userId, title: "Update" }).go();
    const updated = await Tickets.update(staff, userId, ticket.ticketId, { status: "in_progress" });
    expect(updated.status).toBe("in_progress");
    const [entry] = await auditOf(ticket.ticketId);
    expect(entry).toMatchObject({ action: "ticket.update", actorId: staff.userId });
    await expect(
      Tickets.update(staff, userId, "01M8B21QE24ETBXWCW08BP0RGX", { status: "closed" }),
    ).rejects.toThrow("Ticket not found");
  });
});
