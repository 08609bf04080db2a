/**
 * tickets and ticket_messages (docs/data.md, docs/support.md).
 *
 * Both live in the owner's partition on the primary index (tickets in the dashboard
 * collection). For the conversation page they also share one partition on gsi1, keyed by
 * owner + ticket, as ElectroDB's "versioncontrol" example keeps an issue with its comments:
 * the ticket sorts first and its messages after it, oldest first, so `thread` is one Query.
 */
import type { EntityItem } from "electrodb";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "../../tickets/enums";
import { newId } from "../ids";
import {
  CASE_SENSITIVE,
  createdAt,
  type EntityOf,
  idFrom,
  lazyEntity,
  model,
  ownerIndex,
  stringList,
  updatedAt,
} from "./common";

export * from "../../tickets/enums";

const integer = (value: number | undefined) => value === undefined || Number.isInteger(value);

export const Ticket = lazyEntity({
  model: model("ticket"),
  attributes: {
    ticketId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("ticketId"),
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string" },
    /**
     * The person who opened it (docs/team.md, "Who did it"); absent on tickets older than
     * teams, which the account's first owner (whose id is the account's) opened.
     */
    openedById: { type: "string", readOnly: true },
    title: { type: "string", required: true },
    description: { type: "string" },
    category: { type: TICKET_CATEGORIES, required: true, default: "general" },
    status: { type: TICKET_STATUSES, required: true, default: "open" },
    priority: { type: TICKET_PRIORITIES, required: true, default: "medium" },
    assignedTo: { type: "string" },
    tags: stringList,
    attachments: stringList,
    /** ISO time of the latest message on the ticket. */
    lastResponse: { type: "string" },
    responseTime: { type: "number", validate: integer },
    resolutionTime: { type: "number", validate: integer },
    customerSatisfaction: { type: "number", validate: integer },
    /** Staff only: never sent to the customer. */
    internalNotes: { type: "string" },
    /**
     * The owner's email address as of the ticket's creation, kept current when it changes
     * (staff/customer-copies.ts), so the staff inbox lists tickets without reading their owners.
     */
    customerEmail: { type: "string" },
    /**
     * Who must answer next: "staff" for a new ticket and after the customer writes,
     * "customer" after a staff reply (internal notes do not count).
     */
    waitingOn: { type: ["staff", "customer"] as const, required: true, default: "staff" },
    /**
     * The latest staff reply or note: a hash of who wrote what, its message and when, so a
     * retried reply is answered with the first instead of posted twice (staff/tickets.ts).
     */
    lastStaffReplyKey: { type: "string" },
    lastStaffReplyId: { type: "string" },
    lastStaffReplyAt: { type: "string" },
    createdAt,
    updatedAt,
  },
  indexes: {
    byOwner: ownerIndex(["ticketId"]),
    /**
     * The staff inbox: every customer's tickets of one status, oldest first. A status change
     * moves the item; ElectroDB needs createdAt with it (`.composite({ createdAt })`).
     */
    byStatus: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["status"], casing: CASE_SENSITIVE },
      sk: { field: "gsi2sk", composite: ["createdAt"], casing: CASE_SENSITIVE },
    },
    thread: {
      index: "gsi1",
      collection: "thread",
      pk: { field: "gsi1pk", composite: ["userId", "ticketId"], casing: CASE_SENSITIVE },
      sk: { field: "gsi1sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export const TicketMessage = lazyEntity({
  model: model("ticketMessage"),
  attributes: {
    messageId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("messageId"),
    ticketId: { type: "string", required: true, readOnly: true },
    /** The ticket owner's id: the partition the message lives in, whoever wrote it. */
    userId: { type: "string", required: true, readOnly: true },
    isStaffReply: { type: "boolean", required: true, default: false },
    /**
     * The member who wrote a customer message (docs/team.md, "Who did it"); absent on staff
     * messages and on messages older than teams (the account's first owner wrote those).
     */
    authorId: { type: "string", readOnly: true },
    message: { type: "string", required: true },
    attachments: stringList,
    /** Staff only: never sent to the customer. */
    isInternal: { type: "boolean", required: true, default: false },
    createdAt,
  },
  indexes: {
    /** Under the owner, sorted by ticket then time: a strongly consistent read of one thread's messages. */
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["ticketId", "messageId"], casing: CASE_SENSITIVE },
    },
    thread: {
      index: "gsi1",
      collection: "thread",
      pk: { field: "gsi1pk", composite: ["userId", "ticketId"], casing: CASE_SENSITIVE },
      sk: { field: "gsi1sk", composite: ["messageId"], casing: CASE_SENSITIVE },
    },
  },
});

export type TicketItem = EntityItem<EntityOf<typeof Ticket>>;
export type TicketMessageItem = EntityItem<EntityOf<typeof TicketMessage>>;
