import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { DashboardPage } from "../../dashboard/dashboard-page";

export const Route = createFileRoute("/_portal/dashboard")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const [dashboard, sites, tickets] = await Promise.all([
        import("../../dashboard/queries"),
        import("../../sites/queries"),
        import("../../tickets/queries"),
      ]);
      return [
        context.queryClient.ensureQueryData(dashboard.dashboardStatsQuery()),
        context.queryClient.ensureQueryData(dashboard.activitiesQuery()),
        context.queryClient.ensureQueryData(sites.sitesQuery()),
        context.queryClient.ensureQueryData(tickets.ticketsQuery()),
      ];
    }),
  component: DashboardPage,
});
