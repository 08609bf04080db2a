/**
 * What happens to a customer's sites when their subscription ends (docs/billing.md "When a
 * subscription ends"): they are suspended at once and kept for the grace period; subscribing
 * again within it restores them; after it the deletion job (sites-deletion-job.ts) erases them.
 *
 * The customer's record says so (`sitesSuspendedAt`, `sitesDeleteAfter`), each site carries
 * `suspendedAt`, and a siteDeletion item puts the customer in the deletion job's queue. Every
 * step is safe to run again: a Stripe redelivery, or a restore racing the job, ends in the
 * same state and one mail.
 */
import { isConditionFailure } from "../db/errors";
import { db, type UserItem } from "../db/service";
import { emit } from "../events/emit";
import { sendDeployment } from "../hosting/deployments-queue";
import { longDate } from "../long-date";
import type { SubscriptionEnding } from "../users/enums";
import { recordOnce } from "./activity-log";
import { deletionTime, gracePeriodDaysFromConfig } from "./grace-period";

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function sitesOf(userId: string) {
  const { data } = await db.entities.site.query.byOwner({ userId }).go({ pages: "all" });
  return data;
}

/**
 * Each hosted site's hosts follow its record (docs/hosting.md "Paused sites"): the Deployments
 * worker reads the site and writes paused or live entries. Sent for every hosted site on each
 * run, so a run that failed after the sites' patch still gets them there on its retry.
 */
async function syncHosting(sites: { userId: string; siteId: string; hostName?: string }[]) {
  for (const { userId, siteId } of sites.filter((site) => site.hostName)) {
    await sendDeployment({ kind: "sync", userId, siteId });
  }
}

/**
 * The subscription ended at `endedAt`, for `endedFor` (the customer cancelled, or Stripe gave up
 * on an unpaid invoice): takes the customer's sites offline and schedules their deletion. A
 * customer already suspended keeps the date they were first given.
 */
export async function suspendSites(
  user: UserItem,
  endedAt: Date,
  endedFor: SubscriptionEnding,
  days = gracePeriodDaysFromConfig(),
): Promise<void> {
  const { userId } = user;
  const suspendedAt = user.sitesSuspendedAt ?? endedAt.toISOString();
  const deleteAfter = user.sitesDeleteAfter ?? deletionTime(endedAt, days).toISOString();

  // Queued first: should a later step fail, the job still finds the customer, re-reads the
  // record and acts on what it says.
  await db.entities.siteDeletion.put({ deleteAfter, userId }).go();
  if (!user.sitesSuspendedAt) {
    try {
      await db.entities.user
        .patch({ userId })
        .set({
          sitesSuspendedAt: suspendedAt,
          sitesDeleteAfter: deleteAfter,
          subscriptionEndedFor: endedFor,
        })
        .where(({ sitesSuspendedAt }, { notExists }) => notExists(sitesSuspendedAt))
        .go();
    } catch (error) {
      // A concurrent delivery suspended them a moment ago, with its own (equal) dates.
      if (!isConditionFailure(error)) throw error;
    }
  }

  const sites = await sitesOf(userId);
  for (const site of sites.filter((s) => !s.suspendedAt)) {
    await db.entities.site.patch({ userId, siteId: site.siteId }).set({ suspendedAt }).go();
  }
  await syncHosting(sites);

  const cause = {
    key: `sites-suspended:${suspendedAt}`,
    atSeconds: seconds(new Date(suspendedAt)),
  };
  if (sites.length > 0) {
    await recordOnce(userId, cause, {
      type: "sites_suspended",
      description: `Your ${sites.length === 1 ? "website is" : "websites are"} offline until you subscribe again, and will be deleted on ${longDate(deleteAfter)}`,
    });
  }
  await emit({
    type: "subscription.ended",
    eventId: `retention:${userId}:ended:${suspendedAt}`,
    userId,
    siteCount: sites.length,
    deleteAfter,
  });
}

/** The customer subscribed again within the grace period: their sites come back as they were. */
export async function restoreSites(user: UserItem): Promise<void> {
  const { userId, sitesSuspendedAt, sitesDeleteAfter } = user;
  if (!sitesSuspendedAt) return;
  const sites = await sitesOf(userId);
  for (const site of sites.filter((s) => s.suspendedAt)) {
    await db.entities.site.patch({ userId, siteId: site.siteId }).remove(["suspendedAt"]).go();
  }
  // Before the user's record is cleared: should this fail, the next sync runs the restore again.
  await syncHosting(sites);
  try {
    await db.entities.user
      .patch({ userId })
      .remove(["sitesSuspendedAt", "sitesDeleteAfter", "subscriptionEndedFor"])
      .where((attr, { eq }) => eq(attr.sitesSuspendedAt, sitesSuspendedAt))
      .go();
  } catch (error) {
    // Restored (or deleted) by someone else meanwhile: nothing left for this call.
    if (!isConditionFailure(error)) throw error;
    return;
  }
  if (sitesDeleteAfter) {
    await db.entities.siteDeletion.delete({ deleteAfter: sitesDeleteAfter, userId }).go();
  }
  if (sites.length === 0) return;
  const now = new Date();
  await recordOnce(
    userId,
    { key: `sites-restored:${sitesSuspendedAt}`, atSeconds: seconds(now) },
    {
      type: "sites_restored",
      description: `Your ${sites.length === 1 ? "website is" : "websites are"} back online`,
    },
  );
  await emit({
    type: "sites.restored",
    eventId: `retention:${userId}:restored:${sitesSuspendedAt}`,
    userId,
    siteCount: sites.length,
  });
}
