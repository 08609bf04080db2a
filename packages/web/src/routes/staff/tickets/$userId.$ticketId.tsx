import { createFileRoute } from "@tanstack/react-router";
import { StaffTicketPage } from "../../../staff/ticket-page";

/** One customer's ticket, as the team sees it: internal notes, assignee, replies. */
export const Route = createFileRoute("/staff/tickets/$userId/$ticketId")({
  component: TicketRoute,
});

function TicketRoute() {
  const { userId, ticketId } = Route.useParams();
  return <StaffTicketPage userId={userId} ticketId={ticketId} />;
}
