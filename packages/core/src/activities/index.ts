/** A customer's activity feed: what happened to their sites, tickets and account, newest first. */

import type { ActivityItem } from "../db/entities/activity";
import { db } from "../db/service";

/** The types the dashboard draws an icon for; other types still show, with a generic icon. */
export type ActivityType =
  | "site_requested"
  | "site_deployed"
  | "site_updated"
  | "site_deleted"
  | "review_requested"
  | "review_approved"
  | "review_changes_requested"
  | "review_overridden"
  | "domain_added"
  | "domain_verified"
  | "domain_released"
  | "ticket_created"
  | "ticket_replied"
  | "subscription_started"
  | "subscription_canceled"
  | "subscription_reactivated"
  | "subscription_paused"
  | "sites_suspended"
  | "sites_restored"
  | "payment_failed"
  | "payment_action_required"
  | "upsell_purchased"
  | "questionnaire_completed"
  | "analytics_connected";

export interface ActivityView {
  id: string;
  type: string;
  description: string;
  siteId: string | null;
  createdAt: string;
}

export function toActivityView(item: ActivityItem): ActivityView {
  return {
    id: item.activityId,
    type: item.type,
    description: item.description,
    siteId: item.siteId ?? null,
    createdAt: item.createdAt,
  };
}

export async function record(
  userId: string,
  activity: { type: ActivityType; description: string; siteId?: string },
): Promise<ActivityView> {
  const { data } = await db.entities.activity.create({ userId, ...activity }).go();
  return toActivityView(data);
}

/** Newest first: activity ids are ULIDs, so reading the partition backwards is time order. */
export async function listRecent(userId: string, limit = 50): Promise<ActivityView[]> {
  const { data } = await db.entities.activity.query
    .byOwner({ userId })
    .go({ order: "desc", limit });
  return data.map(toActivityView);
}
