import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../../api/page-data";
import { StaffTicketPage } from "../../../staff/ticket-page";

/** One customer's ticket, as the team sees it: internal notes, assignee, replies. */
export const Route = createFileRoute("/staff/tickets/$userId/$ticketId")({
  loader: ({ context, params }) =>
    loadPageData(context, async () => {
      const { ticketQuery } = await import("../../../staff/queries");
      return [context.queryClient.ensureQueryData(ticketQuery(params.userId, params.ticketId))];
    }),
  component: TicketRoute,
});

function TicketRoute() {
  const { userId, ticketId } = Route.useParams();
  return <StaffTicketPage userId={userId} ticketId={ticketId} />;
}
