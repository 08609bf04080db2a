/**
 * "Delete my account" (docs/privacy.md): a customer without a running subscription erases
 * everything the portal holds about them. Sites go through the same `eraseSite` the deletion
 * after the grace period uses (screenshots, analytics, uptime, custom-domain claims); then every
 * other item of their partition, their screenshots and exports in the bucket, their email
 * claim, and last their identity at the identity provider. The Stripe customer is kept: its
 * invoices are the provider's accounting records.
 *
 * Every step is safe to run again: a failure part-way leaves the customer able to retry, and a
 * retry after the records are gone still deletes the identity.
 */
import * as Blobs from "../adapters/blobs";
import { deleteIdentity } from "../adapters/identity-admin";
import { findUser, syncCustomer } from "../billing/customers";
import { ACTIVE_STATUSES, UNPAID_STATUSES } from "../billing/subscription-state";
import type { AccountDeleted } from "../contracts/privacy";
import { db, isConditionFailure, normalizeEmail } from "../db/service";
import { ConflictError } from "../errors";
import { eraseSite } from "../sites/erase";
import { EXPORTS_PREFIX } from "./export";
import { revokeAccess } from "./offboard";

export const CANCEL_FIRST_MESSAGE =
  "Your subscription is still running. Cancel it on the Billing page first; once it has ended you can delete your account.";

const ACCOUNT_DELETED = "The account was deleted";

/** Throws a 409 while a subscription still runs (or still bills: past due, unpaid). */
async function requireNoSubscription(userId: string, stripeCustomerId: string | undefined) {
  if (!stripeCustomerId) return;
  // Stripe has the last word: a renewal a moment ago must not be deleted from under it.
  const { current, user } = await syncCustomer(userId, stripeCustomerId);
  const status = current?.subscription.status;
  const running = !!status && (ACTIVE_STATUSES.has(status) || UNPAID_STATUSES.has(status));
  if (running || user.subscriptionActive) throw new ConflictError(CANCEL_FIRST_MESSAGE);
}

export async function deleteAccount(userId: string): Promise<AccountDeleted> {
  const user = await findUser(userId);
  if (user) {
    await requireNoSubscription(userId, user.stripeCustomerId);
    if (user.subscriptionActive) throw new ConflictError(CANCEL_FIRST_MESSAGE);
    // First, so no key or endpoint acts for the customer while the rest goes.
    await revokeAccess(userId, ACCOUNT_DELETED);
    await eraseRecords(userId);
    await Blobs.deletePrefix(`users/${userId}/`);
    await Blobs.deletePrefix(`${EXPORTS_PREFIX}${userId}/`);
    if (user.sitesDeleteAfter) {
      await db.entities.siteDeletion.delete({ deleteAfter: user.sitesDeleteAfter, userId }).go();
    }
    await releaseEmail(user.email, userId);
    // Last of the records: while it exists, a retry finds what is left to do.
    await db.entities.user.delete({ userId }).go();
  }
  await deleteIdentity(userId);
  return { deleted: true, stripeCustomerKept: user?.stripeCustomerId ?? null };
}

/** Sites through eraseSite, then every other item of the customer's partition. */
async function eraseRecords(userId: string) {
  const { data } = await db.collections.customer({ userId }).go({ pages: "all" });
  for (const site of data.site) await eraseSite(site);
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
