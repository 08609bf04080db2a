/**
 * Query options for the dashboard's own resources: GET /api/dashboard/stats and
 * GET /api/activities. Sites and tickets have their own modules (sites/, tickets/).
 */
import { queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";

export const dashboardStatsQuery = () =>
  queryOptions({
    queryKey: apiKey("GET /api/dashboard/stats"),
    queryFn: () => call("GET /api/dashboard/stats"),
  });

/** The caller's activity feed, newest first. */
export const activitiesQuery = () =>
  queryOptions({
    queryKey: apiKey("GET /api/activities"),
    queryFn: () => call("GET /api/activities"),
  });

/** 'Check Status' on the activation banner: POST /api/verify-subscription (payments). */
export const verifySubscription = () => call("POST /api/verify-subscription");
