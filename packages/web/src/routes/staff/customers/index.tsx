import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../../api/page-data";
import { stringParams } from "../../../router-search";
import { CustomersPage } from "../../../staff/customers-page";

/** ?q= holds the search (reloadable, shareable). */
export const Route = createFileRoute("/staff/customers/")({
  validateSearch: stringParams<"q">(["q"]),
  loaderDeps: ({ search }) => ({ q: search.q ?? "" }),
  loader: ({ context, deps }) =>
    loadPageData(context, async () => {
      const { customersQuery } = await import("../../../staff/queries");
      return [context.queryClient.ensureInfiniteQueryData(customersQuery(deps.q))];
    }),
  component: CustomersRoute,
});

function CustomersRoute() {
  const { q = "" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CustomersPage
      query={q}
      onQueryChange={(next) => void navigate({ search: next ? { q: next } : {}, replace: true })}
    />
  );
}
