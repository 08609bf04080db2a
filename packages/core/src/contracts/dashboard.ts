/**
 * The dashboard's own reads (docs/pages.md, "Dashboard"): its four stat cards and the activity
 * feed.
 */
import { actedBySchema } from "./attribution";
import * as z from "./zod";

/**
 * GET /api/dashboard/stats.
 * - activeSites: sites whose status is live
 * - avgPerformance: mean performance score of the sites that have one, rounded; null when no
 *   site has a score yet (the card shows '--' rather than a made-up 0%)
 * - openTickets: tickets open or in progress
 * - daysActive: whole days since the user record was created
 */
export const dashboardStatsSchema = z.object({
  activeSites: z.number().check(z.int(), z.nonnegative()),
  avgPerformance: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(100))),
  openTickets: z.number().check(z.int(), z.nonnegative()),
  daysActive: z.number().check(z.int(), z.nonnegative()),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** One entry of GET /api/activities (newest first). */
export const activitySchema = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  siteId: z.nullable(z.string()),
  createdAt: z.string(),
  /** The member who acted; null where the team or the system did (docs/team.md, "Who did it"). */
  actor: actedBySchema,
});
export type Activity = z.infer<typeof activitySchema>;

export const activityListSchema = z.array(activitySchema);

/** GET /api/activities?limit=n: at most `limit` entries (default 50, at most 100). */
export const activityListQuerySchema = z.object({
  limit: z._default(
    z.coerce
      .number({ error: "limit must be a whole number from 1 to 100" })
      .check(
        z.int("limit must be a whole number from 1 to 100"),
        z.gte(1, "limit must be a whole number from 1 to 100"),
        z.lte(100, "limit must be a whole number from 1 to 100"),
      ),
    50,
  ),
});
