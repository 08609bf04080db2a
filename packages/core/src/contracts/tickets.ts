/**
 * Support tickets and their conversations (docs/support.md): the two ticket
 * forms, what POST /api/tickets accepts, and what the ticket routes answer.
 *
 * Two rule sets for one request (docs/support.md, "Two forms, one request"): the dashboard dialog
 * (title required, description ≥ 10) and the Support Center dialog (title 5-100, description
 * 20-2000). Each form keeps its own rules and messages; the server accepts what either form can
 * send.
 *
 * This file is imported by the web bundle too, so it depends on zod and the plain arrays of
 * tickets/enums.ts only; the ElectroDB entity derives from the same arrays.
 */
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
} from "../tickets/enums";
import { actedBySchema } from "./attribution";
import { attachmentIdsSchema, attachmentSchema } from "./content";
import { text } from "./text";
import * as z from "./zod";

// ------------------------------------------------------------------ enumerations

export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES);
export const ticketCategorySchema = z.enum(TICKET_CATEGORIES);

export type TicketStatusValue = z.infer<typeof ticketStatusSchema>;
export type TicketPriorityValue = z.infer<typeof ticketPrioritySchema>;
export type TicketCategoryValue = z.infer<typeof ticketCategorySchema>;

/** A missing or unknown status is labelled 'Open' (docs/support.md). */
export function ticketStatusLabel(status: string | null | undefined): string {
  return TICKET_STATUS_LABELS[status as TicketStatusValue] ?? TICKET_STATUS_LABELS.open;
}

// ------------------------------------------------------------------ limits

/**
 * Bounds the dashboard form states no rule for (docs/support.md). The server needs some ceiling;
 * these are above anything the Support Center form allows, so they only ever bite on the dashboard
 * form, which states them with its own messages instead of failing with a bare toast.
 */
export const TICKET_TITLE_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 5000;
export const SUPPORT_TITLE_MIN = 5;
export const SUPPORT_TITLE_MAX = 100;
export const SUPPORT_DESCRIPTION_MIN = 20;
export const SUPPORT_DESCRIPTION_MAX = 2000;
export const DASHBOARD_DESCRIPTION_MIN = 10;
export const TICKET_MESSAGE_MAX = 5000;

/** The site picker's "no site" choice (dashboard form). */
export const NO_SITE = "none";

/** '' and 'none' mean "no site": the request then has no siteId at all. */
const optionalSiteChoice = z.pipe(
  z.optional(z.string()),
  z.transform((value) => (value && value !== NO_SITE ? value : undefined)),
);

// ------------------------------------------------------------------ forms

/** Dashboard "New Ticket" dialog (docs/support.md, "Two forms, one request"). */
export const dashboardTicketFormSchema = z.object({
  title: text("Title").check(
    z.minLength(1, "Title is required"),
    z.maxLength(TICKET_TITLE_MAX, `Title must be less than ${TICKET_TITLE_MAX} characters`),
  ),
  description: text("Description", { multiline: true }).check(
    z.minLength(DASHBOARD_DESCRIPTION_MIN, "Please provide at least 10 characters"),
    z.maxLength(
      TICKET_DESCRIPTION_MAX,
      `Description must be less than ${TICKET_DESCRIPTION_MAX} characters`,
    ),
  ),
  // An unchosen select is "" (or undefined): both get the "please select" message.
  category: z.enum(ticketCategorySchema.options, { error: "Please select a category" }),
  priority: z.enum(ticketPrioritySchema.options, { error: "Please select a priority" }),
  siteId: optionalSiteChoice,
});

/** Support Center "New Ticket" dialog (docs/support.md, "Two forms, one request"). */
export const supportTicketFormSchema = z.object({
  title: text("Title").check(
    z.minLength(SUPPORT_TITLE_MIN, "Title must be at least 5 characters"),
    z.maxLength(SUPPORT_TITLE_MAX, "Title must be less than 100 characters"),
  ),
  description: text("Description", { multiline: true }).check(
    z.minLength(SUPPORT_DESCRIPTION_MIN, "Please provide more details (at least 20 characters)"),
    z.maxLength(SUPPORT_DESCRIPTION_MAX, "Description too long"),
  ),
  category: z._default(ticketCategorySchema, "general"),
  priority: z._default(ticketPrioritySchema, "medium"),
  siteId: optionalSiteChoice,
});

export type DashboardTicketFormInput = z.input<typeof dashboardTicketFormSchema>;
export type DashboardTicketForm = z.output<typeof dashboardTicketFormSchema>;
export type SupportTicketFormInput = z.input<typeof supportTicketFormSchema>;
export type SupportTicketForm = z.output<typeof supportTicketFormSchema>;

// ------------------------------------------------------------------ requests

/**
 * POST /api/tickets: what either form can send. Minimums are the looser (dashboard) ones,
 * maximums the server's ceilings; category and priority fall back to the stored defaults.
 * `siteId` null, '' or 'none' means no site; any other value must be one of the caller's
 * own sites (checked by core, not here).
 */
export const createTicketRequestSchema = z.object({
  title: text("Title", { error: "Title is required" }).check(
    z.minLength(1, "Title is required"),
    z.maxLength(TICKET_TITLE_MAX, `Title must be less than ${TICKET_TITLE_MAX} characters`),
  ),
  description: text("Description", {
    multiline: true,
    error: "Please provide at least 10 characters",
  }).check(
    z.minLength(DASHBOARD_DESCRIPTION_MIN, "Please provide at least 10 characters"),
    z.maxLength(
      TICKET_DESCRIPTION_MAX,
      `Description must be less than ${TICKET_DESCRIPTION_MAX} characters`,
    ),
  ),
  category: z._default(ticketCategorySchema, "general"),
  priority: z._default(ticketPrioritySchema, "medium"),
  siteId: z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((value) => (value && value !== NO_SITE ? value : undefined)),
  ),
});
export type CreateTicketRequest = z.input<typeof createTicketRequestSchema>;
/** A validated request: what core's `create` takes (siteId absent when there is none). */
export type NewTicket = Omit<z.output<typeof createTicketRequestSchema>, "siteId"> & {
  siteId?: string;
};

/** POST /api/tickets/{id}/messages. */
export const ticketReplyRequestSchema = z.object({
  message: text("Message", { multiline: true, error: "Message is required" }).check(
    z.minLength(1, "Message is required"),
    z.maxLength(TICKET_MESSAGE_MAX, `Message must be at most ${TICKET_MESSAGE_MAX} characters`),
  ),
  /** Ids of the caller's own confirmed files (docs/content.md, "Attachments"). */
  attachments: attachmentIdsSchema,
});
export type TicketReplyRequest = z.input<typeof ticketReplyRequestSchema>;

// ------------------------------------------------------------------ responses

/** A ticket as the customer sees it (staff-only fields such as internalNotes never appear). */
export const ticketSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: ticketCategorySchema,
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  siteId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** ISO time of the latest message, null before the first reply. */
  lastResponse: z.nullable(z.string()),
  /** The member who opened it (docs/team.md, "Who did it"). */
  openedBy: actedBySchema,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** GET /api/tickets: the caller's tickets, newest first. */
export const ticketListSchema = z.array(ticketSchema);

/** One message of a conversation (internal staff messages are never sent to a customer). */
export const ticketMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  isStaffReply: z.boolean(),
  /** The member who wrote it; null for the team's messages (docs/team.md, "Who did it"). */
  writtenBy: actedBySchema,
  createdAt: z.string(),
  /** The files attached, as they are now (a file deleted since is left out). */
  attachments: z.array(attachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** GET /api/tickets/{id}: the ticket and its messages, oldest first. */
export const ticketThreadSchema = z.object({
  ticket: ticketSchema,
  messages: z.array(ticketMessageSchema),
});
export type TicketThread = z.infer<typeof ticketThreadSchema>;
