import { type AnalyticsRange, DEFAULT_RANGE } from "@portal/core/contracts/analytics";
import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { AnalyticsPage } from "../../analytics/analytics-page";
import { loadPageData } from "../../api/page-data";

// Written out rather than imported: route options are not code-split, and importing a value
// from the zod-built contracts module would put zod in every page's JavaScript, the landing
// page's included. The Record makes a range added to the contract a compile error here.
const RANGES: Record<AnalyticsRange, true> = { "7d": true, "30d": true, "90d": true };

interface AnalyticsSearch {
  site?: string;
  range?: AnalyticsRange;
}

/** Website Analytics. ?site= and ?range= hold the choices, so a reload or a link keeps them. */
export const Route = createFileRoute("/_portal/analytics")({
  validateSearch: (search: Record<string, unknown>): AnalyticsSearch => ({
    ...(typeof search.site === "string" && search.site ? { site: search.site } : {}),
    ...(typeof search.range === "string" && Object.hasOwn(RANGES, search.range)
      ? { range: search.range as AnalyticsRange }
      : {}),
  }),
  loaderDeps: ({ search }) => ({ site: search.site, range: search.range }),
  // What the page shows once the site list is there (docs/pages.md, "Portal navigation"): the
  // Google Analytics card, and the figures of the site it picks. The shell has usually read the
  // list already, so both start at once.
  loader: ({ context, deps }) =>
    loadPageData(context, async () => {
      const [analytics, sites, contract] = await Promise.all([
        import("../../analytics/queries"),
        import("../../sites/queries"),
        import("@portal/core/contracts/analytics"),
      ]);
      const { queryClient } = context;
      return [
        queryClient.ensureQueryData(sites.sitesQuery()).then((list) => {
          const site = sites.pickSite(list, deps.site, true);
          return Promise.all([
            queryClient.ensureQueryData(analytics.analyticsSettingsQuery()),
            site &&
              queryClient.ensureQueryData(
                analytics.analyticsDataQuery(site.id, deps.range ?? contract.DEFAULT_RANGE),
              ),
          ]);
        }),
      ];
    }),
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const { site, range } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onChange = useCallback(
    (next: { site?: string; range: AnalyticsRange }) =>
      void navigate({
        search: {
          ...(next.site ? { site: next.site } : {}),
          ...(next.range !== DEFAULT_RANGE ? { range: next.range } : {}),
        },
        replace: true,
      }),
    [navigate],
  );
  return <AnalyticsPage siteId={site} range={range ?? DEFAULT_RANGE} onChange={onChange} />;
}
