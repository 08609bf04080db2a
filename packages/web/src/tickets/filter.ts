/**
 * The Support Center's search and filters (spec part 1 §2.12): what the URL may carry and
 * which tickets it selects. Pure, so the page and its tests share one definition.
 */
import {
  type Ticket,
  ticketCategorySchema,
  ticketStatusSchema,
} from "@portal/core/contracts/tickets";
import { z } from "zod";

/**
 * /support?q=&status=&category=. A value the page does not know (an old or hand-edited link)
 * falls back to "all" rather than breaking the page; the defaults are left out of the URL.
 */
export const supportSearchSchema = z.object({
  q: z.string().optional().catch(undefined),
  status: ticketStatusSchema.optional().catch(undefined),
  category: ticketCategorySchema.optional().catch(undefined),
});
export type SupportSearch = z.infer<typeof supportSearchSchema>;

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
