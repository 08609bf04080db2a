/**
 * The one module of query options for the analytics resource: the Google Analytics settings,
 * a site's aggregates for a range, and the connect / disconnect calls.
 */
import type { AnalyticsRange } from "@portal/core/contracts/analytics";
import { queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";

export const analyticsSettingsKey = apiKey("GET /api/analytics/settings");

export const analyticsSettingsQuery = () =>
  queryOptions({
    queryKey: analyticsSettingsKey,
    queryFn: () => call("GET /api/analytics/settings"),
  });

export const analyticsDataQuery = (siteId: string, range: AnalyticsRange) => {
  const input = { query: { site: siteId, range } };
  return queryOptions({
    queryKey: apiKey("GET /api/analytics/data", input),
    queryFn: () => call("GET /api/analytics/data", input),
    // Page views keep arriving: coming back to the page after a minute shows the new ones.
    staleTime: 60_000,
  });
};

export const connectGa = (trackingId: string) =>
  call("POST /api/analytics/connect-ga", { body: { trackingId } });

export const disconnectGa = () => call("POST /api/analytics/disconnect-ga");
