/** The dashboard's figures and the activity feed. The routes' contracts (contracts/api.ts). */
import { activityListQuerySchema, activityListSchema, dashboardStatsSchema } from "../dashboard";
import type { RouteContract } from "./index";

export const contracts = {
  "GET /api/dashboard/stats": { response: dashboardStatsSchema },
  "GET /api/activities": { query: activityListQuerySchema, response: activityListSchema },
} as const satisfies Record<string, RouteContract>;
