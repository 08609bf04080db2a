/**
 * Who is calling, as the handler wrapper resolved it from the verified session, the route's
 * entitlement and role (docs/access.md). Core functions that act for someone other than the
 * owner of the data (the provider's team, the system) take an Actor instead of a bare user id.
 *
 * A customer actor is a PERSON (`userId`) acting in an ACCOUNT (`accountId`) with a `role`
 * (docs/team.md). The account owns the data: every customer item's partition is its id. For an
 * account that existed before teams, and for anyone's own account, the account's id is its
 * first owner's user id, so nothing stored moved. Handlers pass `accountId` where the id means
 * "whose data", and `userId` where it means "who did it".
 */
import type { SessionIdentity } from "../adapters/identity";
import { db, type UserItem } from "../db/service";
import { DomainError, EntitlementRequiredError } from "../errors";
import { type Entitlement, requireEntitlement } from "./entitlements";
import { API_KEY_ROLE, DEFAULT_ROLE, type Role, requireRole, STAFF_ROLE } from "./roles";

/** A customer on a customer route. */
export interface CustomerActor {
  type: "customer";
  /** The person acting: their user id (Clerk's `sub`). For an API key, the key's account. */
  userId: string;
  /** The account they act in, which owns the data (docs/team.md). */
  accountId: string;
  /** Their role in that account, read from the table on this request. */
  role: Role;
  /** The account's stored user record, when the route's entitlement needed it. */
  user?: UserItem;
  /** Set when the caller is an API key of the account (it acts as API_KEY_ROLE). */
  apiKeyId?: string;
  /**
   * The caller's membership item as this request read it: absent for an account's first owner
   * who has none yet (an account without a team) and for an API key.
   */
  membership?: { lastActiveAt: string | null };
}

/**
 * A signed-in person on a route that serves the person whichever account the session chose
 * (route record `scope: "person"`: their accounts, switching, accepting an invitation, their
 * own mail settings). No membership is read: a person removed from the session's account can
 * still switch away from it.
 */
export interface PersonActor {
  type: "person";
  userId: string;
}

/** A member of the provider's team on a staff route. */
export interface StaffActor {
  type: "staff";
  userId: string;
  email?: string;
}

export type Actor =
  | CustomerActor
  | PersonActor
  | StaffActor
  /** Work no person asked for directly: webhooks, queue jobs, schedules. */
  | { type: "system"; source: string }
  /** An anonymous caller of a public route. */
  | { type: "public" };

export function isStaff(identity: Pick<SessionIdentity, "claims">): boolean {
  return identity.claims.role === STAFF_ROLE;
}

/**
 * The session's chosen account does not (or no longer) count the person among its members: they
 * were removed, left, or never joined. The SPA offers the person's other accounts.
 */
export class NotAMemberError extends DomainError {
  readonly status = 403;
  readonly code = "not_a_member";
  constructor() {
    super("You are not a member of this account (any more). Switch to another account.");
  }
}

/**
 * The person's role in `accountId`, from the table: one strongly consistent GetItem of their
 * membership, so a removal made a moment ago already counts (docs/team.md "Leaving"). No item
 * in their own account (its id is their user id) means its sole owner, as every account was
 * before teams; `removedAt` on that item means they left it. Throws NotAMemberError otherwise.
 */
export async function roleIn(accountId: string, userId: string): Promise<Role> {
  return (await membershipIn(accountId, userId)).role;
}

/** roleIn, with the membership item's last activity when there is an item. */
async function membershipIn(
  accountId: string,
  userId: string,
): Promise<{ role: Role; membership?: CustomerActor["membership"] }> {
  const { data } = await db.entities.membership
    .get({ userId: accountId, memberId: userId })
    .go({ consistent: true });
  if (data && !data.removedAt) {
    return { role: data.role, membership: { lastActiveAt: data.lastActiveAt ?? null } };
  }
  if (!data && accountId === userId) return { role: "owner" };
  throw new NotAMemberError();
}

/**
 * The actor for a verified caller on a route that needs `entitlement` (of the account) and
 * `role` (of the person), reading the account's stored record when the entitlement depends on
 * it, beside the membership (both strongly consistent, at once). Throws
 * EntitlementRequiredError / RoleRequiredError / NotAMemberError naming what is missing.
 */
export async function resolveActor(
  identity: SessionIdentity,
  entitlement: Exclude<Entitlement, "public">,
  role: Role = DEFAULT_ROLE,
  scope: "account" | "person" = "account",
): Promise<Actor> {
  if (entitlement === "staff") {
    if (!isStaff(identity)) {
      throw new EntitlementRequiredError("staff_required", "This is for the support team only.");
    }
    return { type: "staff", userId: identity.userId, email: identity.claims.email };
  }
  if (scope === "person") {
    if (identity.apiKeyId) throw new NotAMemberError();
    return { type: "person", userId: identity.userId };
  }
  // An API key is its account's; it acts as a member (roles.ts, API_KEY_ROLE).
  const accountId = identity.apiKeyId ? identity.userId : (identity.accountId ?? identity.userId);
  const [caller, user] = await Promise.all([
    identity.apiKeyId
      ? { role: API_KEY_ROLE, membership: undefined }
      : membershipIn(accountId, identity.userId),
    entitlement === "signedIn" ? undefined : accountRecord(accountId),
  ]);
  requireRole(caller.role, role);
  const actor: CustomerActor = {
    type: "customer",
    userId: identity.userId,
    accountId,
    role: caller.role,
    ...(identity.apiKeyId ? { apiKeyId: identity.apiKeyId } : {}),
    ...(caller.membership ? { membership: caller.membership } : {}),
  };
  if (entitlement === "signedIn") return actor;
  requireEntitlement(user, entitlement);
  return { ...actor, user: user ?? undefined };
}

/** Strongly consistent: the request right after a payment must see the webhook's write. */
async function accountRecord(accountId: string): Promise<UserItem | null> {
  const { data } = await db.entities.user.get({ userId: accountId }).go({ consistent: true });
  return data;
}

/** The staff actor of a staff route (the wrapper resolved it from the route's record). */
export function asStaff(actor: Actor): StaffActor {
  if (actor.type !== "staff") {
    throw new EntitlementRequiredError("staff_required", "This is for the support team only.");
  }
  return actor;
}
