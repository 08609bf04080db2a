import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { loadPageData } from "../../api/page-data";
import { parseSupportSearch, type SupportSearch } from "../../tickets/filter";
import { SupportPage } from "../../tickets/support-page";

/** Support Center. ?q=&status=&category= hold the search and filters (reloadable, shareable). */
export const Route = createFileRoute("/_portal/support")({
  validateSearch: parseSupportSearch,
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const { ticketsQuery } = await import("../../tickets/queries");
      return [context.queryClient.ensureQueryData(ticketsQuery())];
    }),
  component: SupportRoute,
});

function SupportRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: SupportSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <SupportPage search={search} onSearchChange={onSearchChange} />;
}
