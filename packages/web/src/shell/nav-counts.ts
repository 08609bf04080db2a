/**
 * The side navigation's badges: the number of sites (GET /api/sites) and of open tickets
 * (GET /api/tickets). A failed or odd answer means no badge, never a broken shell.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { sitesQuery } from "../sites/queries";
import { ticketsQuery } from "../tickets/queries";

const countOrNothing = (data: unknown, keep: (item: unknown) => boolean = () => true) =>
  Array.isArray(data) ? data.filter(keep).length : undefined;

const isOpenTicket = (item: unknown) =>
  typeof item === "object" && item !== null && (item as { status?: unknown }).status === "open";

// Keys are the API paths: the default query function GETs the joined key.
// Sites and tickets have their own query modules; sharing their options keeps one cache
// entry (and one parser) per resource.
export const siteCountQuery = () =>
  queryOptions({ ...sitesQuery(), select: (data: unknown) => countOrNothing(data) });

export const openTicketCountQuery = () =>
  queryOptions({
    ...ticketsQuery(),
    select: (data: unknown) => countOrNothing(data, isOpenTicket),
  });

export function useNavCounts(): { sites?: number; openTickets?: number } {
  const sites = useQuery(siteCountQuery());
  const tickets = useQuery(openTicketCountQuery());
  return {
    sites: sites.isSuccess ? sites.data : undefined,
    openTickets: tickets.isSuccess ? tickets.data : undefined,
  };
}
