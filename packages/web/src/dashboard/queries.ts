/**
 * Query options for the dashboard's own resources: GET /api/dashboard/stats and
 * GET /api/activities. Sites and tickets have their own modules (sites/, tickets/).
 */

import {
  type VerifySubscriptionResponse,
  verifySubscriptionResponseSchema,
} from "@portal/core/contracts/billing";
import {
  type Activity,
  activityListSchema,
  type DashboardStats,
  dashboardStatsSchema,
} from "@portal/core/contracts/dashboard";
import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../api/client";

export const STATS_PATH = "/api/dashboard/stats";
export const ACTIVITIES_PATH = "/api/activities";

export const dashboardStatsQuery = () =>
  queryOptions({
    queryKey: [STATS_PATH] as const,
    queryFn: async (): Promise<DashboardStats> =>
      dashboardStatsSchema.parse(await apiJson("GET", STATS_PATH)),
  });

/**
 * The caller's activity feed, newest first (the key is the path, as the default query reads it).
 */
export const activitiesQuery = () =>
  queryOptions({
    queryKey: [ACTIVITIES_PATH] as const,
    queryFn: async (): Promise<Activity[]> =>
      activityListSchema.parse(await apiJson("GET", ACTIVITIES_PATH)),
  });

/** 'Check Status' on the activation banner: POST /api/verify-subscription (payments). */
export const verifySubscription = async (): Promise<VerifySubscriptionResponse> =>
  verifySubscriptionResponseSchema.parse(await apiJson("POST", "/api/verify-subscription"));
