import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { PerformancePage } from "../../audits/performance-page";

/** Performance Analytics: Lighthouse tests of a URL on mobile or desktop (docs/tools.md). */
export const Route = createFileRoute("/_portal/performance")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const [audits, sites] = await Promise.all([
        import("../../audits/queries"),
        import("../../sites/queries"),
      ]);
      return [
        context.queryClient.ensureQueryData(audits.lighthouseResultsQuery()),
        // The quick select's list.
        context.queryClient.ensureQueryData(sites.sitesQuery()),
      ];
    }),
  component: PerformancePage,
});
