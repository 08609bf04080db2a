/**
 * The dashboard's own reads (docs/pages.md, "Dashboard"): its four stat cards and the activity
 * feed.
 */
import * as z from "zod";

/**
 * GET /api/dashboard/stats.
 * - activeSites: sites whose status is live
 * - avgPerformance: mean performance score of the sites that have one, rounded; null when no
 *   site has a score yet (the card shows '--' rather than a made-up 0%)
 * - openTickets: tickets open or in progress
 * - daysActive: whole days since the user record was created
 */
export const dashboardStatsSchema = z.object({
  activeSites: z.number().int().nonnegative(),
  avgPerformance: z.number().int().min(0).max(100).nullable(),
  openTickets: z.number().int().nonnegative(),
  daysActive: z.number().int().nonnegative(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** One entry of GET /api/activities (newest first). */
export const activitySchema = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  siteId: z.string().nullable(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityListSchema = z.array(activitySchema);

/** GET /api/activities?limit=n: at most `limit` entries (default 50, at most 100). */
export const activityListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 100" })
    .int("limit must be a whole number from 1 to 100")
    .min(1, "limit must be a whole number from 1 to 100")
    .max(100, "limit must be a whole number from 1 to 100")
    .default(50),
});
