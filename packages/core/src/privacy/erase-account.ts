/**
 * The erasure of an account (docs/privacy.md, "Delete my account"), run by the PrivacyJobs
 * consumer once the customer asked (delete-account.ts). Sites go through the same `eraseSite`
 * the deletion after the grace period uses; then every other item of the customer's partition,
 * the counters kept beside it (API keys, endpoints, storage), their screenshots and exports, their email claim, the user record, and last their identity at
 * the identity provider. Every step is safe to run again.
 */
import * as Blobs from "../adapters/blobs";
import { deleteIdentity, deleteOrganization } from "../adapters/identity-admin";
import { recordTombstone } from "../adapters/tombstones";
import { findUser } from "../billing/customers";
import { forgetStorage } from "../content/storage-reservations";
import type { UserItem } from "../db/service";
import { db, isConditionFailure, normalizeEmail } from "../db/service";
import { forgetCounters } from "../developer/quota";
import { ConflictError } from "../errors";
import { forgetKeys } from "../idempotency/keys";
import { eraseSite } from "../sites/erase";
import { deleteTicketsCounted } from "../staff/inbox-medians";
import { ACCOUNT_DELETED, CANCEL_FIRST_MESSAGE, requireNoSubscription } from "./delete-account";
import { EXPORTS_PREFIX } from "./enums";
import { revokeAccess } from "./offboard";

/**
 * The job: erases everything and deletes the identity. Stripe is asked once more first: a
 * customer who subscribed again since the request keeps their account ("kept").
 */
export async function eraseAccount(
  userId: string,
  requestedBy: string = userId,
): Promise<"erased" | "kept"> {
  const user = await findUser(userId);
  if (user) {
    try {
      await requireNoSubscription(userId, user.stripeCustomerId);
      if (user.subscriptionActive) throw new ConflictError(CANCEL_FIRST_MESSAGE);
    } catch (error) {
      if (error instanceof ConflictError) return "kept";
      throw error;
    }
    // Before the records: the account's record holds its organization's id (docs/team.md).
    if (user.organizationId) await deleteOrganization(user.organizationId);
    await eraseAccountData(userId, user);
  }
  // The account's id is its first owner's user id. Their identity goes only when they asked:
  // an owner they handed the account to deletes the account, not them (docs/team.md).
  if (requestedBy === userId) await deleteIdentity(userId);
  return "erased";
}

/**
 * Everything of the account the portal holds, once it is settled that it goes: also what
 * `npm run restore-reapply` runs for an erasure a restore brought back. Safe to run again.
 */
export async function eraseAccountData(userId: string, user: UserItem): Promise<void> {
  // First, outside the table: a restore to a time before this re-applies it (tombstones.ts).
  await recordTombstone({ kind: "erasure", userId });
  // Again: a key made between the request and this job must not outlive the account.
  await revokeAccess(userId, ACCOUNT_DELETED);
  await eraseRecords(userId);
  // The counters outside the customer's partition, which the partition's erase misses.
  await forgetCounters(userId);
  await forgetStorage(userId);
  // Recorded answers of Idempotency-Keys hold what the customer wrote.
  await forgetKeys(userId);
  await Blobs.deletePrefix(`users/${userId}/`);
  await Blobs.deletePrefix(`${EXPORTS_PREFIX}${userId}/`);
  if (user.sitesDeleteAfter) {
    await db.entities.siteDeletion.delete({ deleteAfter: user.sitesDeleteAfter, userId }).go();
  }
  await releaseEmail(user.email, userId);
  // Last of the records: while it exists, a retry finds what is left to do.
  await db.entities.user.delete({ userId }).go();
}

/** Sites through eraseSite, then every other item of the customer's partition. */
async function eraseRecords(userId: string) {
  const { data } = await db.collections.customer({ userId }).go({ pages: "all" });
  for (const site of data.site) await eraseSite(site);
  // Tickets leave the inbox medians' counts as they go (staff/inbox-medians.ts).
  await deleteTicketsCounted(data.ticket);
  const { user: _user, site: _sites, ...rest } = data;
  const entities = db.entities as unknown as Record<
    string,
    { delete(items: unknown[]): { go(): Promise<unknown> } }
  >;
  for (const [name, items] of Object.entries(rest)) {
    const entity = entities[name];
    if (!entity) throw new Error(`No entity ${name} to erase`);
    // Batch deletes of 25, as DynamoDB takes them (ElectroDB splits longer lists itself).
    if (items.length > 0) await entity.delete(items).go();
  }
}

/** Frees the address for a new sign-up, only if this customer still holds it. */
async function releaseEmail(email: string, userId: string) {
  try {
    await db.entities.emailClaim
      .delete({ email: normalizeEmail(email) })
      .where((attr, op) => op.eq(attr.userId, userId))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
