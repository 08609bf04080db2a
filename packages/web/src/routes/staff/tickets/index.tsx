import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../../api/page-data";
import { stringParams } from "../../../router-search";
import { InboxPage } from "../../../staff/inbox-page";
import type { InboxSearch } from "../../../staff/queries";

/** The inbox's filters live in the URL (reloadable, shareable). */
export const Route = createFileRoute("/staff/tickets/")({
  validateSearch: stringParams<keyof InboxSearch>([
    "status",
    "priority",
    "category",
    "assignee",
    "waiting",
  ]),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    loadPageData(context, async () => {
      const { inboxFilters, inboxQuery } = await import("../../../staff/queries");
      return [context.queryClient.ensureInfiniteQueryData(inboxQuery(inboxFilters(deps)))];
    }),
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
