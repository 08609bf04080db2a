/**
 * The Support Center's search and filters (docs/support.md, "The Support Center"): what the URL may
 * carry and which tickets it selects. Pure, so the page and its tests share one definition.
 */
import type {
  Ticket,
  TicketCategoryValue,
  TicketStatusValue,
} from "@portal/core/contracts/tickets";
import { TICKET_CATEGORIES, TICKET_STATUSES } from "@portal/core/tickets/enums";

/**
 * /support?q=&status=&category=. A value the page does not know (an old or hand-edited link)
 * falls back to "all" rather than breaking the page; the defaults are left out of the URL.
 */
export interface SupportSearch {
  q?: string;
  status?: TicketStatusValue;
  category?: TicketCategoryValue;
}

// Checked by hand rather than with zod: route options are not code-split, so whatever
// `validateSearch` imports ships with every page, the landing page included, and zod alone is
// ~25 KB gzip. Only type imports from the contracts for the same reason; the enumerations come
// from tickets/enums.ts, plain arrays with no imports.
function oneOf<T extends string>(known: readonly T[], value: unknown): T | undefined {
  return typeof value === "string" && (known as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** The router's `validateSearch`: keeps known values, drops anything else (never throws). */
export function parseSupportSearch(raw: Record<string, unknown>): SupportSearch {
  const search: SupportSearch = {};
  if (typeof raw.q === "string") search.q = raw.q;
  const status = oneOf(TICKET_STATUSES, raw.status);
  if (status) search.status = status;
  const category = oneOf(TICKET_CATEGORIES, raw.category);
  if (category) search.category = category;
  return search;
}

/** Title or description contains the query, ignoring case; then status and category match. */
export function filterTickets(tickets: readonly Ticket[], search: SupportSearch): Ticket[] {
  const needle = search.q?.trim().toLocaleLowerCase() ?? "";
  return tickets.filter(
    (ticket) =>
      (!search.status || ticket.status === search.status) &&
      (!search.category || ticket.category === search.category) &&
      (needle === "" ||
        ticket.title.toLocaleLowerCase().includes(needle) ||
        ticket.description.toLocaleLowerCase().includes(needle)),
  );
}
