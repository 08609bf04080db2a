/** A customer's activity feed: what happened to their sites, tickets and account, newest first. */

import { type People, peopleByIds, personRef } from "../attribution/people";
import type { Activity } from "../contracts/dashboard";
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
  | "analytics_connected"
  | "account_ownerless";

export type ActivityView = Activity;

/** An entry as the API answers it, its actor named from `people` (activityPeople). */
export function toActivityView(item: ActivityItem, people: People): ActivityView {
  return {
    id: item.activityId,
    type: item.type,
    description: item.description,
    siteId: item.siteId ?? null,
    createdAt: item.createdAt,
    actor: personRef(item.actorId, people),
  };
}

/** The people the entries name, in one read. */
export function activityPeople(items: readonly ActivityItem[]): Promise<People> {
  return peopleByIds(items.map((item) => item.actorId));
}

/**
 * Records an entry; `actorId` is the person who acted (docs/team.md, "Who did it"), left out
 * where the team or the system did.
 */
export async function record(
  userId: string,
  activity: { type: ActivityType; description: string; siteId?: string; actorId?: string },
): Promise<void> {
  const { actorId, ...rest } = activity;
  await db.entities.activity
    .create({ userId, ...rest, ...(actorId ? { actorId } : {}) })
    .go({ response: "none" });
}

/** Newest first: activity ids are ULIDs, so reading the partition backwards is time order. */
export async function listRecent(userId: string, limit = 50): Promise<ActivityView[]> {
  const { data } = await db.entities.activity.query
    .byOwner({ userId })
    .go({ order: "desc", limit });
  const people = await activityPeople(data);
  return data.map((item) => toActivityView(item, people));
}
