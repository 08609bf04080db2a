/**
 * The one module of query options for support tickets: GET /api/tickets (the shell's open
 * tickets badge, the dashboard card, the Support Center), one ticket's thread, and the calls
 * that write. Keys are the API paths, so the default query function and invalidations agree.
 */
import {
  type CreateTicketRequest,
  type Ticket,
  type TicketThread,
  ticketListSchema,
  ticketSchema,
  ticketThreadSchema,
} from "@portal/core/contracts/tickets";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiJson } from "../api/client";
import { activitiesQuery, dashboardStatsQuery } from "../dashboard/queries";

export const TICKETS_PATH = "/api/tickets";
export const ticketsKey = [TICKETS_PATH] as const;
export const ticketKey = (id: string) => [TICKETS_PATH, encodeURIComponent(id)] as const;

/** The caller's tickets, newest first. */
export const ticketsQuery = () =>
  queryOptions({
    queryKey: ticketsKey,
    queryFn: async (): Promise<Ticket[]> =>
      ticketListSchema.parse(await apiJson("GET", TICKETS_PATH)),
  });

/** One ticket with its conversation (oldest message first). */
export const ticketThreadQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKey(id),
    queryFn: async (): Promise<TicketThread> =>
      ticketThreadSchema.parse(await apiJson("GET", ticketKey(id).join("/"))),
  });

/** POST /api/tickets. */
export const createTicket = async (input: CreateTicketRequest): Promise<Ticket> =>
  ticketSchema.parse(await apiJson("POST", TICKETS_PATH, input));

/** POST /api/tickets/{id}/messages: answers with the whole thread, new message included. */
export const replyToTicket = async (id: string, message: string): Promise<TicketThread> =>
  ticketThreadSchema.parse(
    await apiJson("POST", `${ticketKey(id).join("/")}/messages`, { message }),
  );

/**
 * After a reply: the answer is the thread as stored (read consistently by the server), so it
 * goes straight into the cache rather than being fetched again from an index that may lag a
 * moment behind; the list is refetched for its status and order.
 */
export function storeThread(queryClient: QueryClient, thread: TicketThread): void {
  queryClient.setQueryData(ticketThreadQuery(thread.ticket.id).queryKey, thread);
  queryClient.setQueryData(ticketsQuery().queryKey, (tickets) =>
    tickets?.map((ticket) => (ticket.id === thread.ticket.id ? thread.ticket : ticket)),
  );
}

/**
 * After a ticket is created, wherever it was created (the dashboard's dialog or the Support
 * Center's): the list, the dashboard's Open Tickets figure and the activity feed it joins.
 */
export async function refreshAfterTicketCreated(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [ticketsQuery(), dashboardStatsQuery(), activitiesQuery()].map(({ queryKey }) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
