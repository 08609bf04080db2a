import {
  ANALYTICS_RANGES,
  type AnalyticsRange,
  DEFAULT_RANGE,
} from "@portal/core/contracts/analytics";
import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { AnalyticsPage } from "../../analytics/analytics-page";

interface AnalyticsSearch {
  site?: string;
  range?: AnalyticsRange;
}

/** Website Analytics. ?site= and ?range= hold the choices, so a reload or a link keeps them. */
export const Route = createFileRoute("/_portal/analytics")({
  validateSearch: (search: Record<string, unknown>): AnalyticsSearch => ({
    ...(typeof search.site === "string" && search.site ? { site: search.site } : {}),
    ...(ANALYTICS_RANGES.includes(search.range as AnalyticsRange)
      ? { range: search.range as AnalyticsRange }
      : {}),
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
