import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { ReportPage } from "../../reports/report-page";

/** One month's care report, printable, with its PDF (docs/reports.md). */
export const Route = createFileRoute("/_portal/sites/$siteId/reports/$month")({
  loader: ({ context, params }) =>
    loadPageData(context, async () => {
      const { reportQuery } = await import("../../reports/queries");
      return [context.queryClient.ensureQueryData(reportQuery(params.siteId, params.month))];
    }),
  component: ReportRoute,
});

function ReportRoute() {
  const { siteId, month } = Route.useParams();
  return <ReportPage siteId={siteId} month={month} />;
}
