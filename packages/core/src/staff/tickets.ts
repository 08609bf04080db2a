/**
 * The support inbox: every customer's tickets by status, oldest first, and what the team does
 * on one: reply (or leave an internal note), assign, change status and priority, keep notes.
 * Response and resolution times are minutes from the ticket's opening.
 */
import { createHash } from "node:crypto";
import { NO_PEOPLE, type People } from "../attribution/people";
import { attachableFiles } from "../content/records";
import type {
  StaffInboxQuery,
  StaffInboxTicket,
  StaffTicket,
  StaffTicketThread,
  StaffTicketUpdate,
} from "../contracts/staff";
import type { TicketItem, TicketMessageItem } from "../db/service";
import { db, isId, newId } from "../db/service";
import { ConflictError, NotFoundError, UnprocessableError } from "../errors";
import { emit } from "../events/emit";
import { messageAttachments, ticketPeople, toTicket, toTicketMessage } from "../tickets/index";
import { actionItem, changedFields, type StaffActor } from "./audit-log";
import { inboxMedians, transactWithMedians, unchanged } from "./inbox-medians";
import { PAGE_SIZE } from "./paging";
import { usersById } from "./users";

const TICKET_NOT_FOUND = "Ticket not found";
const DONE = new Set(["resolved", "closed"]);
/** How often a write is decided again on fresh state when the ticket changed under it. */
const WRITE_ROUNDS = 3;
const TICKET_CHANGING = "The ticket is being changed by someone else; please try again.";

export function toStaffTicket(
  item: TicketItem,
  customerEmail: string | null,
  people: People,
): StaffTicket {
  return {
    ...toTicket(item, people),
    userId: item.userId,
    assignedTo: item.assignedTo ?? null,
    internalNotes: item.internalNotes ?? null,
    responseTime: item.responseTime ?? null,
    resolutionTime: item.resolutionTime ?? null,
    waitingOnStaff: (item.waitingOn ?? "staff") === "staff" && !DONE.has(item.status),
    customerEmail,
  };
}

const minutesSince = (from: string, now: Date) =>
  Math.max(0, Math.round((now.getTime() - Date.parse(from)) / 60_000));

export async function inbox(query: StaffInboxQuery, actorId: string) {
  const filtered = db.entities.ticket.query
    .byStatus({ status: query.status })
    .where((attr, op) =>
      [
        query.priority ? op.eq(attr.priority, query.priority) : "",
        query.category ? op.eq(attr.category, query.category) : "",
        query.assignee === "unassigned"
          ? op.notExists(attr.assignedTo)
          : query.assignee
            ? op.eq(attr.assignedTo, query.assignee === "me" ? actorId : query.assignee)
            : "",
        query.waiting === "staff" ? op.ne(attr.waitingOn, "customer") : "",
      ]
        .filter(Boolean)
        .join(" AND "),
    );
  const [page, medians] = await Promise.all([
    filtered.go({ order: "asc", count: PAGE_SIZE, limit: PAGE_SIZE, cursor: query.cursor ?? null }),
    // The medians head the inbox: read once, with its first page, not with every next page.
    query.cursor ? NO_MEDIANS : inboxMedians(query.status),
  ]);
  // Tickets carry their owner's address; only those older than that copy need their owner read.
  const users = await usersById(page.data.filter((t) => !t.customerEmail).map((t) => t.userId));
  return {
    items: page.data.map((t): StaffInboxTicket => {
      // The inbox names no opener (contracts/staff.ts): no people are read for it.
      const { openedBy: _opener, ...row } = toStaffTicket(
        t,
        t.customerEmail ?? users.get(t.userId)?.email ?? null,
        NO_PEOPLE,
      );
      return row;
    }),
    cursor: page.cursor ?? null,
    medians,
  };
}

const NO_MEDIANS = { responseTime: null, resolutionTime: null };

async function readTicket(userId: string, ticketId: string): Promise<TicketItem> {
  if (!isId(ticketId)) throw new NotFoundError(TICKET_NOT_FOUND);
  const { data } = await db.entities.ticket.get({ userId, ticketId }).go({ consistent: true });
  if (!data) throw new NotFoundError(TICKET_NOT_FOUND);
  return data;
}

const byId = (a: TicketMessageItem, b: TicketMessageItem) =>
  a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0;

export async function thread(userId: string, ticketId: string): Promise<StaffTicketThread> {
  const ticket = await readTicket(userId, ticketId);
  const [{ data: messages }, users] = await Promise.all([
    db.entities.ticketMessage.query
      .byOwner({ userId, ticketId })
      .go({ consistent: true, pages: "all" }),
    usersById([userId]),
  ]);
  const [files, people] = await Promise.all([
    messageAttachments(userId, messages),
    ticketPeople([ticket], messages),
  ]);
  return {
    ticket: toStaffTicket(ticket, users.get(userId)?.email ?? null, people),
    messages: [...messages]
      .sort(byId)
      .map((m) => ({ ...toTicketMessage(m, files, people), isInternal: m.isInternal })),
  };
}

/** A reply repeated by the same staff member within this is taken for a retry of the first. */
export const REPLY_RETRY_WINDOW_MS = 10 * 60 * 1000;

/** Who wrote what: the same staff member sending the same text (and kind) again. */
function replyKey(actor: StaffActor, input: { message: string; isInternal: boolean }) {
  return createHash("sha256")
    .update(`${actor.userId}\n${input.isInternal ? "note" : "reply"}\n${input.message}`)
    .digest("base64url");
}

/**
 * A staff reply the customer reads, or an internal note they never see. The first reply sets
 * the response time; a reply hands the turn to the customer.
 *
 * The message, the ticket's change and the audit entry are one transaction (docs/security.md),
 * so none is written without the others. The ticket remembers its latest staff message (a hash
 * of who wrote what, and when): the same reply from the same person within
 * REPLY_RETRY_WINDOW_MS (a retried request, a double click) is refused by the transaction's
 * condition and answered with the message already posted, which is mailed once.
 */
export async function reply(
  actor: StaffActor,
  userId: string,
  ticketId: string,
  input: { message: string; isInternal: boolean; attachments?: readonly string[] },
  now = new Date(),
) {
  // The customer's own confirmed files only (a proof staff uploaded to them, their screenshot).
  const attached = await attachableFiles(userId, input.attachments ?? []);
  const attachments = attached.map((file) => file.id);
  const key = replyKey(actor, input);
  const messageId = newId();
  const createdAt = now.toISOString();
  const windowStart = new Date(now.getTime() - REPLY_RETRY_WINDOW_MS).toISOString();
  let ticket = await readTicket(userId, ticketId);
  // Rounds: a refused write means the ticket changed under us (or this is a retried reply).
  for (let round = 1; ; round++) {
    if (ticket.status === "closed" && !input.isInternal) {
      throw new UnprocessableError("This ticket is closed. Reopen it to reply.");
    }
    const read = ticket;
    const responseTime =
      !input.isInternal && read.responseTime == null
        ? minutesSince(read.createdAt, now)
        : read.responseTime;
    const transaction = db.transaction
      .write(({ ticket: tickets, ticketMessage, staffAction }) => [
        ticketMessage
          .create({
            userId,
            ticketId,
            messageId,
            message: input.message,
            isStaffReply: true,
            isInternal: input.isInternal,
            createdAt,
            ...(attachments.length > 0 ? { attachments } : {}),
          })
          .commit(),
        tickets
          .patch({ userId, ticketId })
          .set({
            lastStaffReplyKey: key,
            lastStaffReplyId: messageId,
            lastStaffReplyAt: createdAt,
            ...(input.isInternal
              ? {}
              : { lastResponse: createdAt, waitingOn: "customer" as const, responseTime }),
          })
          .where(
            (attr, op) =>
              `NOT (${op.eq(attr.lastStaffReplyKey, key)} AND ${op.gt(attr.lastStaffReplyAt, windowStart)})`,
          )
          .where(unchanged(read))
          .commit(),
        staffAction
          .create(
            actionItem(actor, {
              action: input.isInternal ? "ticket.note" : "ticket.reply",
              targetType: "ticket",
              targetId: ticketId,
              customerId: userId,
              before: null,
              after: {
                message: input.message,
                isInternal: input.isInternal,
                ...(attachments.length > 0 ? { attachments } : {}),
              },
            }),
          )
          .commit(),
      ])
      .params();
    const refused = await transactWithMedians(transaction, read, { ...read, responseTime });
    if (!refused) break;
    if (!refused.rejected[1]) throw new Error("A staff reply's transaction was cancelled");
    ticket = await readTicket(userId, ticketId);
    if (ticket.lastStaffReplyKey === key && (ticket.lastStaffReplyAt ?? "") > windowStart) {
      return repliedAlready(userId, ticketId, key);
    }
    if (round === WRITE_ROUNDS) throw new ConflictError(TICKET_CHANGING);
  }
  if (!input.isInternal) {
    await emit({
      type: "ticket.staff_replied",
      eventId: `ticket-reply:${messageId}`,
      userId,
      ticketId,
      subject: ticket.title,
      message: input.message,
    });
  }
  return {
    ...toTicketMessage(
      {
        userId,
        ticketId,
        messageId,
        id: messageId,
        message: input.message,
        isStaffReply: true,
        isInternal: input.isInternal,
        createdAt,
        attachments,
      } as TicketMessageItem,
      new Map(attached.map((file) => [file.id, file])),
      // A staff message names no member.
      NO_PEOPLE,
    ),
    isInternal: input.isInternal,
  };
}

/** The message a retried reply was already posted as; the ticket is gone otherwise. */
async function repliedAlready(userId: string, ticketId: string, key: string) {
  const { data: ticket } = await db.entities.ticket
    .get({ userId, ticketId })
    .go({ consistent: true });
  if (!ticket || ticket.lastStaffReplyKey !== key || !ticket.lastStaffReplyId) {
    throw new NotFoundError(TICKET_NOT_FOUND);
  }
  const { data: message } = await db.entities.ticketMessage
    .get({ userId, ticketId, messageId: ticket.lastStaffReplyId })
    .go({ consistent: true });
  if (!message) throw new NotFoundError(TICKET_NOT_FOUND);
  const files = await messageAttachments(userId, [message]);
  // A staff message names no member.
  return { ...toTicketMessage(message, files, NO_PEOPLE), isInternal: message.isInternal };
}

export async function update(
  actor: StaffActor,
  userId: string,
  ticketId: string,
  input: StaffTicketUpdate,
  now = new Date(),
): Promise<StaffTicket> {
  const { assignedTo, ...rest } = input;
  let ticket = await readTicket(userId, ticketId);
  // Rounds: a refused write means the ticket changed under us; decide again on fresh state.
  for (let round = 1; ; round++) {
    const read = ticket;
    const resolutionTime =
      input.status !== undefined && DONE.has(input.status) && read.resolutionTime == null
        ? minutesSince(read.createdAt, now)
        : read.resolutionTime;
    const changed = changedFields(
      {
        status: read.status,
        priority: read.priority,
        assignedTo: read.assignedTo ?? null,
        internalNotes: read.internalNotes ?? null,
      },
      input,
    );
    // The change and its audit entry in one transaction (docs/security.md).
    const transaction = db.transaction
      .write(({ ticket: tickets, staffAction }) => {
        let patch = tickets.patch({ userId, ticketId }).set({
          ...rest,
          ...(assignedTo ? { assignedTo } : {}),
          ...(resolutionTime != null ? { resolutionTime } : {}),
        });
        if (assignedTo === null) patch = patch.remove(["assignedTo"]);
        return [
          // The inbox index is keyed by status and creation time: a status write carries both.
          patch.composite({ createdAt: read.createdAt }).where(unchanged(read)).commit(),
          staffAction
            .create(
              actionItem(actor, {
                action: "ticket.update",
                targetType: "ticket",
                targetId: ticketId,
                customerId: userId,
                ...changed,
              }),
            )
            .commit(),
        ];
      })
      .params();
    const after = { ...read, status: input.status ?? read.status, resolutionTime };
    const refused = await transactWithMedians(transaction, read, after);
    if (!refused) break;
    if (!refused.rejected[0]) throw new Error("A staff ticket update's transaction was cancelled");
    ticket = await readTicket(userId, ticketId);
    if (round === WRITE_ROUNDS) throw new ConflictError(TICKET_CHANGING);
  }
  const data = await readTicket(userId, ticketId);
  if (input.status !== undefined && input.status !== ticket.status) {
    await emit({
      type: "ticket.status_changed",
      userId,
      ticketId,
      subject: ticket.title,
      from: ticket.status,
      to: input.status,
    });
  }
  const [users, people] = await Promise.all([
    usersById([userId]),
    ticketPeople([data as TicketItem]),
  ]);
  return toStaffTicket(data as TicketItem, users.get(userId)?.email ?? null, people);
}
