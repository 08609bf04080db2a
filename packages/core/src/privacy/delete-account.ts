/**
 * "Delete my account" (docs/privacy.md), the request side: a customer without a running
 * subscription asks; their keys and endpoints are revoked at once and the erasure
 * (erase-account.ts) is queued on the PrivacyJobs queue, which runs it with the bucket and the
 * identity provider's secret key that no API handler holds. The Stripe customer is kept: its
 * invoices are the provider's accounting records.
 */
import { findUser, syncCustomer } from "../billing/customers";
import { ACTIVE_STATUSES, UNPAID_STATUSES } from "../billing/subscription-state";
import type { AccountDeletion } from "../contracts/privacy";
import { ConflictError } from "../errors";
import { sendPrivacyJob } from "./jobs-queue";
import { revokeAccess } from "./offboard";

export const CANCEL_FIRST_MESSAGE =
  "Your subscription is still running. Cancel it on the Billing page first; once it has ended you can delete your account.";

export const ACCOUNT_DELETED = "The account was deleted";

/** Throws a 409 while a subscription still runs (or still bills: past due, unpaid). */
export async function requireNoSubscription(userId: string, stripeCustomerId: string | undefined) {
  if (!stripeCustomerId) return;
  // Stripe has the last word: a renewal a moment ago must not be deleted from under it.
  const { current, user } = await syncCustomer(userId, stripeCustomerId);
  const status = current?.subscription.status;
  const running = !!status && (ACTIVE_STATUSES.has(status) || UNPAID_STATUSES.has(status));
  if (running || user.subscriptionActive) throw new ConflictError(CANCEL_FIRST_MESSAGE);
}

/**
 * The customer asked: refused (409) while a subscription runs; otherwise nothing acts for them
 * from now on (keys revoked, endpoints off) and the erasure is queued.
 */
export async function requestAccountDeletion(
  userId: string,
  requestedBy: string = userId,
): Promise<AccountDeletion> {
  const user = await findUser(userId);
  if (user) {
    await requireNoSubscription(userId, user.stripeCustomerId);
    if (user.subscriptionActive) throw new ConflictError(CANCEL_FIRST_MESSAGE);
    await revokeAccess(userId, ACCOUNT_DELETED);
  }
  await sendPrivacyJob({ kind: "delete-account", userId, requestedBy });
  return { deleting: true, stripeCustomerKept: user?.stripeCustomerId ?? null };
}
