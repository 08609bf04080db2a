import { createFileRoute } from "@tanstack/react-router";
import { stringParams } from "../../router-search";
import { AuditLogPage } from "../../staff/audit-log-page";

/** ?targetType=&customerId=&actorId= filter the log. */
export const Route = createFileRoute("/staff/audit-log")({
  validateSearch: stringParams(["targetType", "customerId", "actorId"]),
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
