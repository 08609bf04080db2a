/** The dashboard's figures, read with one Query of the customer's dashboard collection. */
import type { DashboardStats } from "../contracts/dashboard";
import { db } from "../db/service";
import { computeStats } from "./stats";

export async function getStats(userId: string, now = new Date()): Promise<DashboardStats> {
  // user, sites, tickets, activities and questionnaires share the customer's partition under
  // one sort-key prefix: a single Query (paged if the activity feed grows past 1 MB).
  const { data } = await db.collections.dashboard({ userId }).go({ pages: "all" });
  return computeStats({ user: data.user[0], sites: data.site, tickets: data.ticket }, now);
}
