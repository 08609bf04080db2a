/**
 * The scheduled deletion of sites whose grace period is over (docs/billing.md "When a
 * subscription ends"): hourly on AWS (stacks/Events.ts), on a timer or on demand locally.
 * It reads the due customers with one Query and, for each, asks Stripe once more before
 * deleting anything: a resubscription whose webhook has not arrived yet restores instead.
 */

import { eraseUnassignedContent } from "../content/files";
import { isConditionFailure } from "../db/errors";
import { db, type UserItem } from "../db/service";
import { emit } from "../events/emit";
import { eraseSite } from "../sites/erase";
import { recordOnce } from "./activity-log";
import { findUser, syncCustomer } from "./customers";

export interface DeletionRunResult {
  /** Customers whose sites were deleted in this run. */
  deleted: { userId: string; sites: number }[];
  /** Customers found subscribed again (restored) or no longer suspended. */
  skipped: string[];
  /** Customers left for the next run (Stripe or a write failed). */
  failed: { userId: string; error: string }[];
}

export async function runSiteDeletions(now: Date = new Date()): Promise<DeletionRunResult> {
  const { data: due } = await db.entities.siteDeletion.query
    .byDue({})
    // Bounded below too: the partition is shared with the staff audit log (both are global).
    .between({ deleteAfter: "0000" }, { deleteAfter: now.toISOString() })
    .go({ pages: "all" });
  const result: DeletionRunResult = { deleted: [], skipped: [], failed: [] };
  for (const item of due) {
    try {
      const sites = await deleteIfStillDue(item.userId, item.deleteAfter, now);
      if (sites === null) result.skipped.push(item.userId);
      else result.deleted.push({ userId: item.userId, sites });
    } catch (error) {
      result.failed.push({
        userId: item.userId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return result;
}

/** Deletes the customer's suspended sites if they are still due; null when they are not. */
async function deleteIfStillDue(userId: string, deleteAfter: string, now: Date) {
  let user = await findUser(userId);
  if (user?.stripeCustomerId && user.sitesSuspendedAt) {
    // Stripe has the last word: a subscription paid a moment ago restores the sites here.
    user = (await syncCustomer(userId, user.stripeCustomerId)).user;
  }
  if (!user || user.sitesDeleteAfter !== deleteAfter || user.subscriptionActive) {
    // Restored, deleted by an earlier run, or queued under a date that no longer holds.
    await db.entities.siteDeletion.delete({ deleteAfter, userId }).go();
    return null;
  }
  if (user.sitesSuspendedAt) {
    const claimed = await claim(user, deleteAfter, now);
    // Paid (or restored) between the read and the claim: the next run looks again.
    if (!claimed) return null;
    user = claimed;
  }

  const { data: sites } = await db.entities.site.query.byOwner({ userId }).go({ pages: "all" });
  const suspended = sites.filter((site) => site.suspendedAt);
  for (const site of suspended) {
    await eraseSite(site);
    await recordOnce(
      userId,
      { key: `site-deleted:${site.siteId}`, atSeconds: Math.floor(now.getTime() / 1000) },
      {
        type: "site_deleted",
        description: `Site ${site.name} deleted after the subscription ended`,
        siteId: site.siteId,
      },
    );
  }
  // The customer's content handed over for the sites goes with them (docs/content.md).
  await eraseUnassignedContent(userId);
  await db.entities.user
    .patch({ userId })
    .remove(["sitesDeleteAfter"])
    .where((attr, { eq }) => eq(attr.sitesDeleteAfter, deleteAfter))
    .go();
  await db.entities.siteDeletion.delete({ deleteAfter, userId }).go();
  if (suspended.length > 0) {
    await emit({
      type: "sites.deleted",
      eventId: `retention:${userId}:deleted:${deleteAfter}`,
      userId,
      siteNames: suspended.map((site) => site.name),
    });
  }
  return suspended.length;
}

/**
 * Takes the deletion for this run: only while the record still says suspended, unpaid and due
 * at this date. A payment stored first makes this fail (and the sites stay); once this is
 * stored, a restore finds nothing to restore, so the two can never both happen.
 */
async function claim(user: UserItem, deleteAfter: string, now: Date): Promise<UserItem | null> {
  try {
    const { data } = await db.entities.user
      .patch({ userId: user.userId })
      .set({ sitesDeletedAt: now.toISOString() })
      .remove(["sitesSuspendedAt", "subscriptionEndedFor"])
      .where(
        (attr, { eq, exists }) =>
          `${eq(attr.sitesDeleteAfter, deleteAfter)} AND ${eq(attr.subscriptionActive, false)} AND ${exists(attr.sitesSuspendedAt)}`,
      )
      .go({ response: "all_new" });
    return data as UserItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
