import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { ReportsPage } from "../../reports/reports-page";

/** The months of a site's monthly care report (docs/reports.md). */
export const Route = createFileRoute("/_portal/sites/$siteId/reports/")({
  loader: ({ context, params }) =>
    loadPageData(context, async () => {
      const { reportMonthsQuery } = await import("../../reports/queries");
      return [context.queryClient.ensureQueryData(reportMonthsQuery(params.siteId))];
    }),
  component: ReportsRoute,
});

function ReportsRoute() {
  const { siteId } = Route.useParams();
  return <ReportsPage siteId={siteId} />;
}
