/**
 * The side navigation's badges: the number of sites (GET /api/sites) and of open tickets
 * (GET /api/tickets). A failed or odd answer means no badge, never a broken shell.
 */
import { missingFor } from "@portal/core/access/entitlements";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAccess } from "../access/access-context";
import { sitesQuery } from "../sites/queries";
import { ticketsQuery } from "../tickets/queries";

const countOrNothing = (data: unknown, keep: (item: unknown) => boolean = () => true) =>
  Array.isArray(data) ? data.filter(keep).length : undefined;

const isOpenTicket = (item: unknown) =>
  typeof item === "object" && item !== null && (item as { status?: unknown }).status === "open";

// The pages' own query options (key and `call()` of the route, which parses the answer), with
// a `select` that counts: one cache entry, one request and one parser per resource, shared
// with the pages that list them.
export const siteCountQuery = () =>
  queryOptions({ ...sitesQuery(), select: (data: unknown) => countOrNothing(data) });

export const openTicketCountQuery = () =>
  queryOptions({
    ...ticketsQuery(),
    select: (data: unknown) => countOrNothing(data, isOpenTicket),
  });

export function useNavCounts(): { sites?: number; openTickets?: number } {
  // The shell also frames pages a customer without a plan may open (settings): they have no
  // sites or tickets to count, and the server would refuse to list them (docs/access.md).
  const { user } = useAccess();
  const enabled = !!user && !missingFor(user, "validPlan");
  const sites = useQuery({ ...siteCountQuery(), enabled });
  const tickets = useQuery({ ...openTicketCountQuery(), enabled });
  return {
    sites: sites.isSuccess ? sites.data : undefined,
    openTickets: tickets.isSuccess ? tickets.data : undefined,
  };
}
