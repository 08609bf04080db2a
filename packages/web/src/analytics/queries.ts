/**
 * The one module of query options for the analytics resource: the Google Analytics settings,
 * a site's aggregates for a range, and the connect / disconnect calls.
 */
import {
  type AnalyticsData,
  type AnalyticsRange,
  type AnalyticsSettings,
  analyticsDataSchema,
  analyticsSettingsSchema,
} from "@portal/core/contracts/analytics";
import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../api/client";

export const ANALYTICS_SETTINGS_PATH = "/api/analytics/settings";
export const ANALYTICS_DATA_PATH = "/api/analytics/data";
export const analyticsSettingsKey = [ANALYTICS_SETTINGS_PATH] as const;

export const analyticsSettingsQuery = () =>
  queryOptions({
    queryKey: analyticsSettingsKey,
    queryFn: async (): Promise<AnalyticsSettings> =>
      analyticsSettingsSchema.parse(await apiJson("GET", ANALYTICS_SETTINGS_PATH)),
  });

export const analyticsDataQuery = (siteId: string, range: AnalyticsRange) =>
  queryOptions({
    queryKey: [ANALYTICS_DATA_PATH, siteId, range] as const,
    queryFn: async (): Promise<AnalyticsData> => {
      const search = new URLSearchParams({ site: siteId, range });
      return analyticsDataSchema.parse(await apiJson("GET", `${ANALYTICS_DATA_PATH}?${search}`));
    },
    // Page views keep arriving: coming back to the page after a minute shows the new ones.
    staleTime: 60_000,
  });

export const connectGa = async (trackingId: string) =>
  analyticsSettingsSchema.parse(await apiJson("POST", "/api/analytics/connect-ga", { trackingId }));

export const disconnectGa = async () =>
  analyticsSettingsSchema.parse(await apiJson("POST", "/api/analytics/disconnect-ga"));
