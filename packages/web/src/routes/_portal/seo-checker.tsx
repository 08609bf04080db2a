import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { SeoCheckerPage } from "../../audits/seo-checker-page";

/** SEO Checker: queue an analysis of a URL and read the results (docs/tools.md). */
export const Route = createFileRoute("/_portal/seo-checker")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const [audits, sites] = await Promise.all([
        import("../../audits/queries"),
        import("../../sites/queries"),
      ]);
      return [
        context.queryClient.ensureQueryData(audits.seoResultsQuery()),
        // The quick select's list.
        context.queryClient.ensureQueryData(sites.sitesQuery()),
      ];
    }),
  component: SeoCheckerPage,
});
