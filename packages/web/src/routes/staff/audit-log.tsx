import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { stringParams } from "../../router-search";
import { AuditLogPage } from "../../staff/audit-log-page";

/** ?targetType=&customerId=&actorId= filter the log. */
export const Route = createFileRoute("/staff/audit-log")({
  validateSearch: stringParams<"targetType" | "customerId" | "actorId">([
    "targetType",
    "customerId",
    "actorId",
  ]),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    loadPageData(context, async () => {
      const { auditFilters, auditLogQuery } = await import("../../staff/queries");
      return [context.queryClient.ensureInfiniteQueryData(auditLogQuery(auditFilters(deps)))];
    }),
  component: AuditLogRoute,
});

function AuditLogRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditLogPage
      filters={search}
      onFiltersChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
