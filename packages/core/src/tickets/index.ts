/**
 * Support tickets and their conversations. Everything here works inside one customer's
 * partition, so a ticket id from another customer finds nothing (404 by construction), and
 * nothing staff-only (internal messages, internalNotes) leaves this module for a customer.
 */

import * as Activities from "../activities/index";
import { type People, peopleByIds, personRef } from "../attribution/people";
import { attachableFiles, attachmentsById } from "../content/records";
import type { Attachment } from "../contracts/content";
import type {
  NewTicket,
  Ticket,
  TicketMessage,
  TicketStatusValue,
  TicketThread,
} from "../contracts/tickets";
import {
  db,
  isConditionFailure,
  isId,
  newId,
  type TicketItem,
  type TicketMessageItem,
} from "../db/service";
import { NotFoundError, UnprocessableError, ValidationError } from "../errors";
import { transactWithMedians, unchanged } from "../staff/inbox-medians";

const TICKET_NOT_FOUND = "Ticket not found";
export const CLOSED_TICKET_MESSAGE =
  "This ticket is closed and can no longer be replied to. Please open a new ticket.";

/**
 * Who opened the ticket: its `openedById`, or for a ticket older than teams the account's first
 * owner, whose id is the account's (docs/team.md, "Who did it").
 */
export const openerOf = (item: TicketItem) => item.openedById ?? item.userId;

/** Who wrote a message: null for the team's; the account's first owner before teams. */
export const authorOf = (item: TicketMessageItem) =>
  item.isStaffReply ? null : (item.authorId ?? item.userId);

/** The people tickets and their messages name, in one read. */
export function ticketPeople(
  tickets: readonly TicketItem[],
  messages: readonly TicketMessageItem[] = [],
): Promise<People> {
  return peopleByIds([...tickets.map(openerOf), ...messages.map(authorOf)]);
}

export function toTicket(item: TicketItem, people: People): Ticket {
  return {
    id: item.ticketId,
    title: item.title,
    description: item.description ?? "",
    category: item.category,
    priority: item.priority,
    status: item.status,
    siteId: item.siteId ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    lastResponse: item.lastResponse ?? null,
    openedBy: personRef(openerOf(item), people),
  };
}

/**
 * A message as the API answers it. Its `attachments` are file ids; `files` holds the owner's
 * files they name (messageAttachments), and an id with no file any more is left out.
 */
export function toTicketMessage(
  item: TicketMessageItem,
  files: ReadonlyMap<string, Attachment>,
  people: People,
): TicketMessage {
  return {
    id: item.messageId,
    message: item.message,
    isStaffReply: item.isStaffReply,
    writtenBy: personRef(authorOf(item), people),
    createdAt: item.createdAt,
    attachments: (item.attachments ?? []).flatMap((id) => {
      const file = files.get(id);
      return file ? [file] : [];
    }),
  };
}

/** The files the messages' attachments name, read once for the whole thread. */
export function messageAttachments(userId: string, messages: readonly TicketMessageItem[]) {
  return attachmentsById(
    userId,
    messages.flatMap((m) => m.attachments ?? []),
  );
}

/** What a customer may read of a conversation: internal messages are dropped, oldest first. */
export function customerThread(
  ticket: TicketItem,
  messages: TicketMessageItem[],
  files: ReadonlyMap<string, Attachment>,
  people: People,
): TicketThread {
  return {
    ticket: toTicket(ticket, people),
    messages: messages
      .filter((message) => !message.isInternal)
      // Ids are ULIDs: their order is creation order.
      .sort((a, b) => (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0))
      .map((message) => toTicketMessage(message, files, people)),
  };
}

/** The caller's tickets, newest first. */
export async function list(userId: string): Promise<Ticket[]> {
  const { data } = await db.entities.ticket.query
    .byOwner({ userId })
    .go({ order: "desc", pages: "all" });
  const people = await ticketPeople(data);
  return data.map((ticket) => toTicket(ticket, people));
}

/**
 * Opens a ticket (status open) on account `userId`, by the member `by`. A site it names must be
 * one of the account's own; otherwise nothing is stored and the error names the field.
 */
export async function create(userId: string, input: NewTicket, by: string): Promise<Ticket> {
  if (input.siteId !== undefined) await requireOwnSite(userId, input.siteId);
  // The staff inbox shows it without reading the owner (staff/customer-copies.ts).
  const { data: owner } = await db.entities.user.get({ userId }).go();
  // Made here, not by the entity's default: a request sent again with its Idempotency-Key
  // makes the same id (db/ids.ts), and finds the ticket its first run stored.
  const ticketId = newId();
  let data: TicketItem;
  try {
    ({ data } = await db.entities.ticket
      .create({
        userId,
        ticketId,
        openedById: by,
        ...(owner ? { customerEmail: owner.email } : {}),
        title: input.title,
        description: input.description,
        category: input.category,
        priority: input.priority,
        status: "open",
        ...(input.siteId ? { siteId: input.siteId } : {}),
      })
      .go());
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data: stored } = await db.entities.ticket
      .get({ userId, ticketId })
      .go({ consistent: true });
    if (!stored) throw error;
    return toTicket(stored, await ticketPeople([stored]));
  }
  await recordActivity(userId, {
    type: "ticket_created",
    description: `Support ticket created: ${data.title}`,
    siteId: data.siteId,
    actorId: by,
  });
  return toTicket(data, await ticketPeople([data]));
}

/**
 * A ticket and its conversation in one Query (the `thread` collection on gsi1). That index is
 * eventually consistent: a read that must include a write just made uses `readThreadConsistent`.
 */
export async function getThread(userId: string, ticketId: string): Promise<TicketThread> {
  if (!isId(ticketId)) throw new NotFoundError(TICKET_NOT_FOUND);
  const { data } = await db.collections.thread({ userId, ticketId }).go({ pages: "all" });
  const ticket = data.ticket[0];
  if (!ticket) throw new NotFoundError(TICKET_NOT_FOUND);
  const [files, people] = await Promise.all([
    messageAttachments(userId, data.ticketMessage),
    ticketPeople([ticket], data.ticketMessage),
  ]);
  return customerThread(ticket, data.ticketMessage, files, people);
}

/**
 * A member (`by`) answers on the account's ticket. Allowed until the ticket is closed; an answer to a
 * resolved ticket reopens it. Answers with the whole thread as it now stands, read from the
 * primary index so the new message is certainly in it.
 *
 * Order of writes (no transactions locally): the ticket is updated first, on the condition
 * that its status is still the one read, so a reply can never slip onto a ticket staff closed
 * in between; then the message is stored. A failure between the two leaves only a newer
 * `lastResponse`, and a retry completes the reply.
 */
export async function reply(
  userId: string,
  ticketId: string,
  message: string,
  attachmentIds: readonly string[],
  by: string,
): Promise<TicketThread> {
  const ticket = await readTicket(userId, ticketId);
  if (ticket.status === "closed") {
    throw new UnprocessableError(CLOSED_TICKET_MESSAGE, { message: CLOSED_TICKET_MESSAGE });
  }
  // Before any write: a reply naming a file that is not the caller's stores nothing.
  const attachments = (await attachableFiles(userId, attachmentIds)).map((file) => file.id);

  const now = new Date().toISOString();
  const status: TicketStatusValue = ticket.status === "resolved" ? "open" : ticket.status;
  const write = db.transaction
    .write(({ ticket: tickets }) => [
      tickets
        .patch({ userId, ticketId })
        .set({ lastResponse: now, status, waitingOn: "staff" })
        // The inbox index is keyed by status and creation time: a status write carries both.
        .composite({ createdAt: ticket.createdAt })
        .where(unchanged(ticket))
        .commit(),
    ])
    .params();
  // Reopening moves the ticket's times between the inbox medians' counts (staff/inbox-medians.ts).
  if (await transactWithMedians(write, ticket, { ...ticket, status })) {
    // The status or times changed under us (or the ticket went away): decide again on fresh state.
    return reply(userId, ticketId, message, attachmentIds, by);
  }

  await db.entities.ticketMessage
    .create({
      userId,
      ticketId,
      message,
      isStaffReply: false,
      authorId: by,
      isInternal: false,
      createdAt: now,
      ...(attachments.length > 0 ? { attachments } : {}),
    })
    .go();
  await recordActivity(userId, {
    type: "ticket_replied",
    description: `Replied to support ticket: ${ticket.title}`,
    siteId: ticket.siteId,
    actorId: by,
  });
  return readThreadConsistent(userId, ticketId);
}

// ------------------------------------------------------------------ staff side
// The operations staff perform (docs/console.md, docs/support.md); the console and operator
// scripts call them, and tests use them to stand in for staff.

/**
 * A message from staff on a customer's ticket. `internal` messages are notes between staff
 * and are never shown to the customer.
 */
export async function addStaffMessage(
  ownerId: string,
  ticketId: string,
  input: { message: string; internal?: boolean },
): Promise<TicketMessageItem> {
  const ticket = await readTicket(ownerId, ticketId);
  const { data } = await db.entities.ticketMessage
    .create({
      userId: ownerId,
      ticketId: ticket.ticketId,
      message: input.message,
      isStaffReply: true,
      isInternal: input.internal ?? false,
    })
    .go();
  // An internal note is not a response the customer received.
  if (!input.internal) {
    await db.entities.ticket
      .patch({ userId: ownerId, ticketId })
      .set({ lastResponse: data.createdAt })
      .go();
  }
  return data;
}

/** Status changes are the server's (docs/support.md, "Status"): staff move a ticket along. */
export async function setStatus(
  ownerId: string,
  ticketId: string,
  status: TicketStatusValue,
): Promise<Ticket> {
  const read = await readTicket(ownerId, ticketId);
  const write = db.transaction
    .write(({ ticket: tickets }) => [
      tickets
        .patch({ userId: ownerId, ticketId })
        .set({ status })
        .composite({ createdAt: read.createdAt })
        .where(unchanged(read))
        .commit(),
    ])
    .params();
  // A status change moves the ticket's times between the inbox medians' counts.
  if (await transactWithMedians(write, read, { ...read, status })) {
    return setStatus(ownerId, ticketId, status);
  }
  const ticket = await readTicket(ownerId, ticketId);
  return toTicket(ticket, await ticketPeople([ticket]));
}

// ------------------------------------------------------------------ helpers

async function readTicket(userId: string, ticketId: string): Promise<TicketItem> {
  if (!isId(ticketId)) throw new NotFoundError(TICKET_NOT_FOUND);
  const { data } = await db.entities.ticket.get({ userId, ticketId }).go({ consistent: true });
  if (!data) throw new NotFoundError(TICKET_NOT_FOUND);
  return data;
}

async function readThreadConsistent(userId: string, ticketId: string): Promise<TicketThread> {
  const [ticket, { data: messages }] = await Promise.all([
    readTicket(userId, ticketId),
    db.entities.ticketMessage.query
      .byOwner({ userId, ticketId })
      .go({ consistent: true, pages: "all" }),
  ]);
  const [files, people] = await Promise.all([
    messageAttachments(userId, messages),
    ticketPeople([ticket], messages),
  ]);
  return customerThread(ticket, messages, files, people);
}

async function requireOwnSite(userId: string, siteId: string): Promise<void> {
  const message = "Choose one of your own sites";
  if (!isId(siteId)) throw new ValidationError("The site was not found", { siteId: message });
  const { data } = await db.entities.site.get({ userId, siteId }).go();
  if (!data) throw new ValidationError("The site was not found", { siteId: message });
}

/**
 * The activity feed is a record of what happened, not part of it: once the ticket or reply is
 * stored, failing the request over a missing feed line would only make the customer send it
 * again (a duplicate ticket). The failure is logged instead.
 */
async function recordActivity(
  userId: string,
  { siteId, ...activity }: Parameters<typeof Activities.record>[1],
): Promise<void> {
  try {
    await Activities.record(userId, siteId ? { ...activity, siteId } : activity);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "activity not recorded",
        type: activity.type,
        userId,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}
