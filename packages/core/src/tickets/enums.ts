/**
 * The support ticket's enumerations, written once. Plain arrays with no imports, so both the
 * zod contract (contracts/tickets.ts) and the ElectroDB entity (db/entities/ticket.ts) derive
 * from them without pulling in each other's library.
 */
export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const TICKET_CATEGORIES = [
  "general",
  "technical",
  "billing",
  "website_request",
  "bug_report",
] as const;

export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
