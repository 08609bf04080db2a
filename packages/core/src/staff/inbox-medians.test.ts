/**
 * The inbox medians' running counts follow every change of a ticket's status and times (open,
 * reply, resolve, reopen), also when two writers change one ticket at once: after each step
 * they equal a count made afresh from the tickets. Against dynalite with the local
 * TransactWriteItems (db/local-transactions.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";

vi.mock("../events/emit", () => ({ emit: async () => {} }));

let dynamo: TestDynamo;
let Medians: typeof import("./inbox-medians");
let StaffTickets: typeof import("./tickets");
let Tickets: typeof import("../tickets/index");
let db: typeof import("../db/service").db;
let statuses: typeof import("../db/service").TICKET_STATUSES;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  Medians = await import("./inbox-medians");
  StaffTickets = await import("./tickets");
  Tickets = await import("../tickets/index");
  ({ db, TICKET_STATUSES: statuses } = await import("../db/service"));
});

afterAll(async () => {
  await dynamo?.stop();
});

const staff = { type: "staff" as const, userId: "user_staff_1", email: "team@example.com" };
const userId = "user_customer_medians";
const MINUTE = 60_000;

async function allMedians() {
  return Object.fromEntries(
    await Promise.all(
      statuses.map(async (status) => [status, await Medians.inboxMedians(status)] as const),
    ),
  );
}

/** The running counts, checked against a count made afresh from the tickets. */
async function countedMedians() {
  const running = await allMedians();
  await Medians.recountInboxMedians();
  expect(await allMedians()).toEqual(running);
  return running;
}

async function openTicket(title: string, createdAt: Date) {
  const { data } = await db.entities.ticket.create({ userId, title }).go();
  // A ticket's creation time is read-only; put it back at a known moment for exact minutes.
  await db.entities.ticket.put({ ...data, createdAt: createdAt.toISOString() }).go();
  return data.ticketId;
}

describe("counted as", () => {
  it("keeps minutes under 1,000 exact and longer times to three significant figures", () => {
    expect([0, 7, 999].map(Medians.countedAs)).toEqual([0, 7, 999]);
    expect([1234, 1235, 98_765, 1_000_499].map(Medians.countedAs)).toEqual([
      1230, 1240, 98_800, 1_000_000,
    ]);
  });
});

describe("the inbox medians", () => {
  it("follow a ticket through reply, resolve and reopen, as a fresh count would", async () => {
    await Medians.recountInboxMedians();
    expect((await allMedians()).open).toEqual({ responseTime: null, resolutionTime: null });

    const start = new Date("2026-11-01T09:00:00.000Z");
    const first = await openTicket("First", start);
    const second = await openTicket("Second", start);
    const third = await openTicket("Third", start);

    // Replies 30, 90 and 120 minutes after opening: the open tickets' median response is 90.
    for (const [ticketId, minutes] of [
      [first, 30],
      [second, 90],
      [third, 120],
    ] as const) {
      const at = new Date(start.getTime() + minutes * MINUTE);
      await StaffTickets.reply(
        staff,
        userId,
        ticketId,
        { message: "On it", isInternal: false },
        at,
      );
    }
    // A second reply and an internal note change nothing.
    await StaffTickets.reply(staff, userId, first, { message: "Still on it", isInternal: false });
    await StaffTickets.reply(staff, userId, second, { message: "note", isInternal: true });
    let medians = await countedMedians();
    expect(medians.open).toEqual({ responseTime: 90, resolutionTime: null });

    // Resolved after 600 minutes: its times move to the resolved tickets.
    await StaffTickets.update(
      staff,
      userId,
      first,
      { status: "resolved" },
      new Date(start.getTime() + 600 * MINUTE),
    );
    medians = await countedMedians();
    expect(medians.open).toEqual({ responseTime: 105, resolutionTime: null });
    expect(medians.resolved).toEqual({ responseTime: 30, resolutionTime: 600 });

    // The customer answers: reopened, with its times, and waiting on staff again.
    await Tickets.reply(userId, first, "It is broken again", [], userId);
    medians = await countedMedians();
    expect(medians.open).toEqual({ responseTime: 90, resolutionTime: 600 });
    expect(medians.resolved).toEqual({ responseTime: null, resolutionTime: null });

    // Closed by staff, then moved along by the staff helper: counts follow each status.
    await StaffTickets.update(staff, userId, second, { status: "closed" });
    await Tickets.setStatus(userId, third, "in_progress");
    medians = await countedMedians();
    expect(medians.open).toEqual({ responseTime: 30, resolutionTime: 600 });
    expect(medians.closed?.responseTime).toBe(90);
    expect(medians.in_progress).toEqual({ responseTime: 120, resolutionTime: null });

    // A priority change moves nothing.
    await StaffTickets.update(staff, userId, third, { priority: "high" });
    expect(await countedMedians()).toEqual(medians);
  }, 60_000);

  it("stay right when staff and the customer change one ticket at once", async () => {
    const start = new Date(Date.now() - 200 * MINUTE);
    for (let i = 0; i < 3; i++) {
      const ticketId = await openTicket(`Race ${i}`, start);
      await StaffTickets.reply(staff, userId, ticketId, { message: "Hi", isInternal: false });
      await StaffTickets.update(staff, userId, ticketId, { status: "resolved" });
      // Reopened by the customer while two staff members move it elsewhere.
      // A closed ticket may refuse the replies; the counts are what this checks.
      await Promise.allSettled([
        Tickets.reply(userId, ticketId, "Not fixed", [], userId),
        StaffTickets.update(staff, userId, ticketId, { status: "closed" }),
        StaffTickets.update(staff, userId, ticketId, { status: "in_progress" }),
        StaffTickets.reply(staff, userId, ticketId, { message: "Looking", isInternal: false }),
      ]);
    }
    await countedMedians();
  }, 60_000);

  it("lose an erased account's tickets, once however often the erasure runs", async () => {
    const ticketId = await openTicket("Erased", new Date(Date.now() - 50 * MINUTE));
    await StaffTickets.reply(staff, userId, ticketId, { message: "Hi", isInternal: false });
    await StaffTickets.update(staff, userId, ticketId, { status: "resolved" });
    const before = await countedMedians();
    const { data: ticket } = await db.entities.ticket.get({ userId, ticketId }).go();
    if (!ticket) throw new Error("the ticket was not stored");
    await Medians.deleteTicketsCounted([ticket]);
    await Medians.deleteTicketsCounted([ticket]);
    const after = await countedMedians();
    expect(after).not.toEqual(before);
    expect((await db.entities.ticket.get({ userId, ticketId }).go()).data).toBeNull();
  }, 60_000);
});
