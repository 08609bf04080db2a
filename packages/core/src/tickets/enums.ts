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

/**
 * What the portal, the console and the mails call each value (docs/support.md), in the order the
 * Support Center's filters list them: the one list of these words.
 */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};
export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  general: "General",
  technical: "Technical",
  billing: "Billing",
  website_request: "Website Request",
  bug_report: "Bug Report",
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};
