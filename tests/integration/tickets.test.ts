/**
 * Support tickets through the local stack: the API routes with real tokens and dynalite, and
 * core (staff side) writing into the same table to stand in for the support team.
 */
import {
  type Ticket,
  type TicketThread,
  ticketListSchema,
  ticketSchema,
  ticketThreadSchema,
} from "@portal/core/contracts/tickets";
import { beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { type SignedIn, signUpCustomer } from "../support/dev-identity";
import { stackUrl, useStackEnv } from "../support/stack";

useStackEnv();
// Imported after the env is set: sst/node reads the table name when the module loads.
const { db } = await import("@portal/core/db/service");
const Tickets = await import("@portal/core/tickets/index");
const Activities = await import("@portal/core/activities/index");

const url = stackUrl();

const call = apiAt(url);

const validTicket = {
  title: "Contact form does not send",
  description: "The contact form on my home page shows an error when I press send.",
  category: "bug_report",
  priority: "high",
};

async function openTicket(who: SignedIn, input: Record<string, unknown> = validTicket) {
  const { status, body: answer } = await call(who, "POST", "/api/tickets", input);
  expect(status).toBe(201);
  return ticketSchema.parse(answer);
}

/** What is stored for a ticket, read on the primary index (strongly consistent). */
async function storedMessages(userId: string, ticketId: string) {
  const { data } = await db.entities.ticketMessage.query
    .byOwner({ userId, ticketId })
    .go({ consistent: true, pages: "all" });
  return data;
}

let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  [alice, bob] = await Promise.all([
    signUpCustomer({ firstName: "Alice" }),
    signUpCustomer({ firstName: "Bob" }),
  ]);
  // The API creates the user record on the first authenticated call.
  await Promise.all([call(alice, "GET", "/api/auth/user"), call(bob, "GET", "/api/auth/user")]);
});

describe("POST /api/tickets and GET /api/tickets", () => {
  it("opens a ticket, lists it newest first and records a ticket_created activity", async () => {
    const who = await signUpCustomer();
    const first = await openTicket(who);
    expect(first).toMatchObject({
      ...validTicket,
      status: "open",
      siteId: null,
      lastResponse: null,
    });

    // The Support Center form's defaults stand when a client leaves them out.
    const second = await openTicket(who, {
      title: "Billing question",
      description: "Which card is my subscription charged to?",
    });
    expect(second).toMatchObject({ category: "general", priority: "medium", status: "open" });

    const { status, body: answer } = await call(who, "GET", "/api/tickets");
    expect(status).toBe(200);
    expect(ticketListSchema.parse(answer).map((t) => t.id)).toEqual([second.id, first.id]);

    const activities = await Activities.listRecent(who.user.id);
    expect(activities.filter((a) => a.type === "ticket_created")).toHaveLength(2);
  });

  it("refuses what neither form would send, naming each field", async () => {
    const { status, body: answer } = await call(alice, "POST", "/api/tickets", {
      title: "  ",
      description: "too short",
      category: "urgent-stuff",
    });
    expect(status).toBe(400);
    expect(answer).toMatchObject({
      error: {
        code: "validation_failed",
        fields: {
          title: "Title is required",
          description: "Please provide at least 10 characters",
          category: expect.any(String),
        },
      },
    });
  });

  it("refuses text that is not text: a NUL in the title, lone surrogates in the description", async () => {
    const who = await signUpCustomer();
    // JSON carries both as \u escapes, which the server's parser turns back into them.
    const { status, body: answer } = await call(who, "POST", "/api/tickets", {
      ...validTicket,
      title: "Contact form\u0000 broken",
      description: "\uD83D\uDE00 fine, then \uD83D lone \uDE00 surrogates, twelve chars",
    });
    expect(status).toBe(400);
    expect(answer).toMatchObject({
      error: {
        code: "validation_failed",
        fields: {
          title: "Title cannot contain invisible control characters; please remove them",
          description:
            "Description cannot contain damaged characters (often left by copy and paste); please retype the text",
        },
      },
    });
    // An escape sequence, and a line break in the one-line title: refused the same way.
    const spoiled = await call(who, "POST", "/api/tickets", {
      ...validTicket,
      title: "Two\nlines",
      description: "Colours \u001b[31mred\u001b[0m in my terminal",
    });
    expect(spoiled.body).toMatchObject({
      error: {
        fields: {
          title: "Title must be on a single line",
          description:
            "Description cannot contain invisible control characters; please remove them",
        },
      },
    });
    const list = await call(who, "GET", "/api/tickets");
    expect(list.body).toEqual([]);

    // Tabs, line breaks in the description (CRLF stored as LF) and emoji are text.
    const ok = await openTicket(who, {
      ...validTicket,
      title: "Form\tbroken 😀",
      description: "Steps:\r\n1. Open the page\r\n2. Press send",
    });
    expect(ok.title).toBe("Form\tbroken 😀");
    expect(ok.description).toBe("Steps:\n1. Open the page\n2. Press send");
  });

  it("accepts one of the caller's own sites, and 'none' as no site", async () => {
    const who = await signUpCustomer();
    const { data: site } = await db.entities.site
      .create({ userId: who.user.id, name: "Bakery" })
      .go();
    const withSite = await openTicket(who, { ...validTicket, siteId: site.siteId });
    expect(withSite.siteId).toBe(site.siteId);
    const noSite = await openTicket(who, { ...validTicket, siteId: "none" });
    expect(noSite.siteId).toBeNull();
  });

  it("refuses a ticket naming another customer's site, and stores nothing", async () => {
    const who = await signUpCustomer();
    const { data: bobsSite } = await db.entities.site
      .create({ userId: bob.user.id, name: "Bob's shop" })
      .go();
    for (const siteId of [bobsSite.siteId, "not-an-id"]) {
      const { status, body: answer } = await call(who, "POST", "/api/tickets", {
        ...validTicket,
        siteId,
      });
      expect(status).toBe(400);
      expect(answer).toMatchObject({
        error: { fields: { siteId: "Choose one of your own sites" } },
      });
    }
    const { body: answer } = await call(who, "GET", "/api/tickets");
    expect(answer).toEqual([]);
    expect(await Activities.listRecent(who.user.id)).toEqual([]);
  });
});

describe("ticket conversations", () => {
  let ticket: Ticket;

  beforeAll(async () => {
    ticket = await openTicket(alice);
  });

  it("answers the ticket with no messages yet", async () => {
    const { status, body: answer } = await call(alice, "GET /api/tickets/{id}", {
      params: { id: ticket.id },
    });
    expect(status).toBe(200);
    expect(ticketThreadSchema.parse(answer)).toEqual({ ticket, messages: [] });
  });

  it("answers 404 for another customer's ticket, on every ticket route, and stores nothing", async () => {
    const read = await call(bob, "GET", `/api/tickets/${ticket.id}`);
    expect(read.status).toBe(404);
    expect(read.text).not.toContain(validTicket.title);

    const reply = await call(bob, "POST /api/tickets/{id}/messages", {
      params: { id: ticket.id },
      body: {
        message: "I can write here?",
      },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ error: { code: "not_found" } });

    expect(await storedMessages(alice.user.id, ticket.id)).toEqual([]);
    expect(await storedMessages(bob.user.id, ticket.id)).toEqual([]);
    const { data: stillAlices } = await db.entities.ticket
      .get({ userId: alice.user.id, ticketId: ticket.id })
      .go({ consistent: true });
    expect(stillAlices?.lastResponse).toBeUndefined();

    const { body: bobsList } = await call(bob, "GET", "/api/tickets");
    expect((bobsList as Ticket[]).map((t) => t.id)).not.toContain(ticket.id);
  });

  it("answers 404 for ids that are not ours", async () => {
    for (const id of ["nope", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "%24customer%23x"]) {
      expect((await call(alice, "GET", `/api/tickets/${id}`)).status).toBe(404);
      const reply = await call(alice, "POST /api/tickets/{id}/messages", {
        params: { id },
        body: { message: "hi" },
      });
      expect(reply.status).toBe(404);
    }
  });

  it("keeps internal staff messages and internal notes from the customer", async () => {
    const own = await openTicket(alice);
    await db.entities.ticket
      .patch({ userId: alice.user.id, ticketId: own.id })
      .set({ internalNotes: "Customer is on the legacy host; ask ops" })
      .go();
    await Tickets.addStaffMessage(alice.user.id, own.id, {
      message: "Internal: reproduce on staging first",
      internal: true,
    });
    await Tickets.addStaffMessage(alice.user.id, own.id, {
      message: "Thanks, we are looking into it.",
    });

    const { status, body: answer, text } = await call(alice, "GET", `/api/tickets/${own.id}`);
    expect(status).toBe(200);
    const thread = ticketThreadSchema.parse(answer);
    expect(thread.messages.map((m) => [m.message, m.isStaffReply])).toEqual([
      ["Thanks, we are looking into it.", true],
    ]);
    expect(text).not.toContain("reproduce on staging");
    expect(text).not.toContain("legacy host");
    expect(text).not.toMatch(/internal/i);

    // The reply's answer (read another way) hides them too.
    const reply = await call(alice, "POST /api/tickets/{id}/messages", {
      params: { id: own.id },
      body: {
        message: "Great, thank you!",
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.text).not.toContain("reproduce on staging");
    expect(reply.text).not.toContain("legacy host");
    expect((reply.body as TicketThread).messages.map((m) => m.message)).toEqual([
      "Thanks, we are looking into it.",
      "Great, thank you!",
    ]);
  });

  it("stores a reply, updates lastResponse, records ticket_replied and shows it oldest first", async () => {
    const who = await signUpCustomer();
    const own = await openTicket(who);
    const first = await call(who, "POST /api/tickets/{id}/messages", {
      params: { id: own.id },
      body: { message: "First" },
    });
    const second = await call(who, "POST /api/tickets/{id}/messages", {
      params: { id: own.id },
      body: {
        message: "Second",
      },
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    const answered = ticketThreadSchema.parse(second.body);
    expect(answered.messages.map((m) => [m.message, m.isStaffReply])).toEqual([
      ["First", false],
      ["Second", false],
    ]);
    expect(answered.ticket.lastResponse).toBe(answered.messages[1]?.createdAt);

    const { body: answer } = await call(who, "GET", `/api/tickets/${own.id}`);
    expect(ticketThreadSchema.parse(answer)).toEqual(answered);
    const replied = (await Activities.listRecent(who.user.id)).filter(
      (a) => a.type === "ticket_replied",
    );
    expect(replied).toHaveLength(2);
  });

  it("refuses a 6,000-character message with a field message, and stores nothing", async () => {
    const own = await openTicket(alice);
    const { status, body: answer } = await call(alice, "POST /api/tickets/{id}/messages", {
      params: { id: own.id },
      body: {
        message: "x".repeat(6000),
      },
    });
    expect(status).toBe(400);
    expect(answer).toMatchObject({
      error: {
        code: "validation_failed",
        fields: { message: "Message must be at most 5000 characters" },
      },
    });
    const empty = await call(alice, "POST /api/tickets/{id}/messages", {
      params: { id: own.id },
      body: { message: "   " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { fields: { message: "Message is required" } } });
    expect(await storedMessages(alice.user.id, own.id)).toEqual([]);
  });

  it("refuses a reply holding a NUL byte or a lone surrogate, and stores nothing", async () => {
    const own = await openTicket(alice);
    for (const [message, says] of [
      ["Thanks\u0000", "Message cannot contain invisible control characters; please remove them"],
      [
        "Thanks \uDE00",
        "Message cannot contain damaged characters (often left by copy and paste); please retype the text",
      ],
    ]) {
      const { status, body: answer } = await call(
        alice,
        "POST",
        `/api/tickets/${own.id}/messages`,
        {
          message,
        },
      );
      expect(status).toBe(400);
      expect(answer).toMatchObject({ error: { fields: { message: says } } });
    }
    expect(await storedMessages(alice.user.id, own.id)).toEqual([]);
  });

  it("refuses a reply to a closed ticket with a clear error, and stores nothing", async () => {
    const own = await openTicket(alice);
    await Tickets.setStatus(alice.user.id, own.id, "closed");
    const { status, body: answer } = await call(alice, "POST /api/tickets/{id}/messages", {
      params: { id: own.id },
      body: {
        message: "One more thing",
      },
    });
    expect(status).toBe(422);
    expect(answer).toMatchObject({
      error: { code: "unprocessable", message: Tickets.CLOSED_TICKET_MESSAGE },
    });
    expect(await storedMessages(alice.user.id, own.id)).toEqual([]);
    const { body: after } = await call(alice, "GET /api/tickets/{id}", { params: { id: own.id } });
    expect(ticketThreadSchema.parse(after).ticket).toMatchObject({
      status: "closed",
      lastResponse: null,
    });
  });

  it("reopens a resolved ticket when the customer replies", async () => {
    const own = await openTicket(alice);
    await Tickets.setStatus(alice.user.id, own.id, "resolved");
    const { status, body: answer } = await call(alice, "POST /api/tickets/{id}/messages", {
      params: { id: own.id },
      body: {
        message: "It broke again",
      },
    });
    expect(status).toBe(201);
    expect(ticketThreadSchema.parse(answer).ticket.status).toBe("open");

    // An in-progress ticket stays in progress.
    await Tickets.setStatus(alice.user.id, own.id, "in_progress");
    const again = await call(alice, "POST /api/tickets/{id}/messages", {
      params: { id: own.id },
      body: {
        message: "Any news?",
      },
    });
    expect(ticketThreadSchema.parse(again.body).ticket.status).toBe("in_progress");
  });
});
