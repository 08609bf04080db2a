import { createFileRoute } from "@tanstack/react-router";
import { stringParams } from "../../../router-search";
import { InboxPage } from "../../../staff/inbox-page";

/** The inbox's filters live in the URL (reloadable, shareable). */
export const Route = createFileRoute("/staff/tickets/")({
  validateSearch: stringParams(["status", "priority", "category", "assignee", "waiting"]),
  component: InboxRoute,
});

function InboxRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InboxPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
