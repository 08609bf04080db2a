/**
 * The one module of query options for support tickets: GET /api/tickets (the shell's open
 * tickets badge, the dashboard card, the Support Center), one ticket's thread, and the calls
 * that write, each through the typed `call()` (api/call.ts).
 */
import type { CreateTicketRequest, TicketThread } from "@portal/core/contracts/tickets";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";
import { activitiesQuery, dashboardStatsQuery } from "../dashboard/queries";

export const ticketsKey = apiKey("GET /api/tickets");

/** The caller's tickets, newest first. */
export const ticketsQuery = () =>
  queryOptions({ queryKey: ticketsKey, queryFn: () => call("GET /api/tickets") });

/** One ticket with its conversation (oldest message first). */
export const ticketThreadQuery = (id: string) => {
  const input = { params: { id } };
  return queryOptions({
    queryKey: apiKey("GET /api/tickets/{id}", input),
    queryFn: () => call("GET /api/tickets/{id}", input),
  });
};

/** POST /api/tickets. */
export const createTicket = (input: CreateTicketRequest) =>
  call("POST /api/tickets", { body: input });

/** POST /api/tickets/{id}/messages: answers with the whole thread, new message included. */
export const replyToTicket = (id: string, message: string, attachments: string[] = []) =>
  call("POST /api/tickets/{id}/messages", { params: { id }, body: { message, attachments } });

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
