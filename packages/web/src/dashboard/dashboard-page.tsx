import { PageHeader } from "../shell/app-shell";

/** The dashboard's content arrives with the dashboard issue; the route and shell exist now. */
export function DashboardPage() {
  return <PageHeader title="Overview" />;
}
