/**
 * Users: the portal's record of a person the identity provider signed in. Created from the
 * session token's claims on the first authenticated call, refreshed when the claims change.
 */
import type { CurrentUser } from "../contracts/users";
import { isConditionFailure } from "../db/errors";
import { db, normalizeEmail, type UserItem } from "../db/service";
import { ConflictError, NotFoundError, UnprocessableError } from "../errors";
import { refreshCustomerCopiesOrLog } from "../staff/customer-copies";

/** What the identity adapter read from a verified session token. */
export interface IdentityClaims {
  email?: string;
  firstName?: string;
  lastName?: string;
  imageUrl?: string;
}

export async function get(userId: string): Promise<CurrentUser> {
  const user = await read(userId);
  if (!user) throw new NotFoundError("User not found");
  return toCurrentUser(user);
}

/**
 * The caller's record, made to agree with their token. Safe to call concurrently, and the
 * usual call (nothing changed) is a single read.
 */
export async function syncFromClaims(userId: string, claims: IdentityClaims): Promise<CurrentUser> {
  const existing = await read(userId);
  const user = existing ?? (await createFromClaims(userId, claims));
  const refreshed = await refresh(user, claims);
  // What the staff console keeps of the names and address (staff/customer-copies.ts).
  if (refreshed !== existing) await refreshCustomerCopiesOrLog(userId);
  return toCurrentUser(refreshed);
}

async function createFromClaims(userId: string, claims: IdentityClaims): Promise<UserItem> {
  const email = present(claims.email);
  if (!email) {
    // In production the Clerk session-token template must add `email` (see packages/core/README.md).
    throw new UnprocessableError("Your sign-in did not include an email address.");
  }
  await claimEmail(email, userId);
  try {
    const { data } = await db.entities.user
      .create({
        userId,
        email,
        firstName: present(claims.firstName),
        lastName: present(claims.lastName),
        profileImageUrl: present(claims.imageUrl),
      })
      .go();
    return data;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // A concurrent first call created it a moment ago: theirs is as good as ours.
    const created = await read(userId);
    if (!created) throw error;
    return created;
  }
}

/** Writes the token's email, names and image where they differ from the record. */
async function refresh(user: UserItem, claims: IdentityClaims): Promise<UserItem> {
  const changes: Partial<Pick<UserItem, "email" | "firstName" | "lastName" | "profileImageUrl">> =
    {};
  // A claim the token does not carry says nothing: it does not erase what is stored.
  const email = present(claims.email);
  if (email !== undefined && email !== user.email) changes.email = email;
  for (const [claim, field] of [
    ["firstName", "firstName"],
    ["lastName", "lastName"],
    ["imageUrl", "profileImageUrl"],
  ] as const) {
    const value = present(claims[claim]);
    if (value !== undefined && value !== user[field]) changes[field] = value;
  }
  if (Object.keys(changes).length === 0) return user;

  const emailMoves =
    changes.email !== undefined && normalizeEmail(changes.email) !== normalizeEmail(user.email);
  // Order matters without transactions (dynalite has none): take the new address first, so a
  // failure leaves at worst an extra claim of ours, never a record whose email is unclaimed.
  if (emailMoves && changes.email) await claimEmail(changes.email, user.userId);

  const { data } = await db.entities.user
    .patch({ userId: user.userId })
    .set(changes)
    .go({ response: "all_new" });

  if (emailMoves) await releaseEmail(user.email, user.userId);
  return data;
}

/**
 * Reserves an address for a user: succeeds if it is free or already theirs (an earlier call
 * that stopped half-way, or a concurrent one), else ConflictError.
 */
async function claimEmail(email: string, userId: string): Promise<void> {
  const address = normalizeEmail(email);
  try {
    await db.entities.emailClaim.create({ email: address, userId }).go();
    return;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { data: holder } = await db.entities.emailClaim
    .get({ email: address })
    .go({ consistent: true });
  // Deleted between the two calls: a retry of the whole request will find it free.
  if (!holder || holder.userId !== userId) {
    throw new ConflictError("This email address is already used by another account.");
  }
}

/** Frees a user's former address; only ever their own claim. */
async function releaseEmail(email: string, userId: string): Promise<void> {
  try {
    await db.entities.emailClaim
      .delete({ email: normalizeEmail(email) })
      .where(({ userId: owner }, { eq }) => eq(owner, userId))
      .go();
  } catch (error) {
    // Gone already, or someone else's: either way not ours to remove.
    if (!isConditionFailure(error)) throw error;
  }
}

async function read(userId: string): Promise<UserItem | null> {
  // Strongly consistent: the call right after sign-up must see the record it just made.
  const { data } = await db.entities.user.get({ userId }).go({ consistent: true });
  return data;
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The stored record as GET /api/auth/user answers it (contracts/users.ts). */
export function toCurrentUser(user: UserItem): CurrentUser {
  return {
    id: user.userId,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    imageUrl: user.profileImageUrl ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    stripeCustomerId: user.stripeCustomerId ?? null,
    stripeSubscriptionId: user.stripeSubscriptionId ?? null,
    subscriptionPlan: user.subscriptionPlan ?? null,
    subscriptionActive: user.subscriptionActive,
    hasCompletedQuestionnaire: user.hasCompletedQuestionnaire,
    gaTrackingId: user.gaTrackingId ?? null,
    createdAt: user.createdAt,
    emailNotifications: user.emailNotifications,
    marketingEmails: user.marketingEmails,
    // Users stored before the toggle existed have none: on, as the attribute's default.
    monthlyReport: user.monthlyReport ?? true,
    sitesDeleteAfter: user.sitesSuspendedAt ? (user.sitesDeleteAfter ?? null) : null,
    // Suspended before the ending was kept: shown as before, the offline notice alone.
    subscriptionEndedFor: user.sitesSuspendedAt ? (user.subscriptionEndedFor ?? "cancelled") : null,
  };
}
