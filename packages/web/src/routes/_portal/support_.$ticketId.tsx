import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { TicketPage } from "../../tickets/ticket-page";

/**
 * One ticket's conversation at /support/{id}. The trailing underscore keeps it beside the
 * Support Center rather than inside it: the page replaces the list instead of nesting in it.
 */
export const Route = createFileRoute("/_portal/support_/$ticketId")({
  loader: ({ context, params }) =>
    loadPageData(context, async () => {
      const { ticketThreadQuery } = await import("../../tickets/queries");
      return [context.queryClient.ensureQueryData(ticketThreadQuery(params.ticketId))];
    }),
  component: TicketRoute,
});

function TicketRoute() {
  const { ticketId } = Route.useParams();
  return <TicketPage ticketId={ticketId} />;
}
