/**
 * The account's people as Settings → Team lists them (docs/team.md), and the record of when each
 * last opened the portal. Changes of the team: membership-changes.ts.
 */
import type { CustomerActor } from "../access/actor";
import type { Team, TeamMember } from "../contracts/team";
import type { CurrentUser } from "../contracts/users";
import { db, isConditionFailure, type MembershipItem } from "../db/service";
import { toCurrentUser } from "../users/index";
import { listInvitations } from "./invitation-records";
import { accountRecord, currentMembers } from "./people";

export function toTeamMember(item: MembershipItem, you: string): TeamMember {
  return {
    userId: item.memberId,
    email: item.email,
    name: item.name ?? null,
    role: item.role,
    joinedAt: item.joinedAt,
    lastActiveAt: item.lastActiveAt ?? null,
    isYou: item.memberId === you,
  };
}

/** Owners first, then by when they joined. */
function byRoleThenJoined(a: MembershipItem, b: MembershipItem) {
  if (a.role !== b.role) return a.role === "owner" ? -1 : 1;
  return a.joinedAt.localeCompare(b.joinedAt);
}

/** GET /api/team: the account's people and its invitations. */
export async function team(actor: CustomerActor, now = new Date()): Promise<Team> {
  const [members, invitations] = await Promise.all([
    currentMembers(actor.accountId),
    listInvitations(actor.accountId, now),
  ]);
  return {
    accountId: actor.accountId,
    role: actor.role,
    members: members.sort(byRoleThenJoined).map((item) => toTeamMember(item, actor.userId)),
    invitations,
  };
}

/** How often the person's last activity is written at most. */
const TOUCH_EVERY_MS = 10 * 60_000;

/**
 * Records that the person opened the portal in the account (GET /api/auth/user), from the
 * membership item the wrapper read for this request: no write at all for an account's first
 * owner who has no item (an account without a team), an API key, or one touched less than 10
 * minutes ago.
 */
export async function touch(actor: CustomerActor, now = new Date()): Promise<void> {
  const seen = actor.membership;
  if (!seen) return;
  const since = new Date(now.getTime() - TOUCH_EVERY_MS).toISOString();
  if (seen.lastActiveAt && seen.lastActiveAt >= since) return;
  await db.entities.membership
    .patch({ userId: actor.accountId, memberId: actor.userId })
    .set({ lastActiveAt: now.toISOString() })
    .where(
      (attr, op) =>
        `${op.notExists(attr.removedAt)} AND (${op.notExists(attr.lastActiveAt)} OR ${op.lt(attr.lastActiveAt, since)})`,
    )
    .go({ response: "none" })
    .catch((error: unknown) => {
      // Removed, or touched by another request, since it was read: nothing to record.
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * The current user as the SPA reads it (GET /api/auth/user) for a person acting in another's
 * account: their own name, address and mail settings, the ACCOUNT's plan, subscription,
 * questionnaire and sites' state (what the SPA's gate reads, docs/access.md), and their role.
 */
export async function asSeenIn(actor: CustomerActor, me: CurrentUser): Promise<CurrentUser> {
  const seen = { ...me, accountId: actor.accountId, role: actor.role };
  if (actor.accountId === actor.userId) return seen;
  const account = await accountRecord(actor.accountId);
  if (!account) return seen;
  const state = toCurrentUser(account);
  return {
    ...seen,
    stripeCustomerId: state.stripeCustomerId,
    stripeSubscriptionId: state.stripeSubscriptionId,
    subscriptionPlan: state.subscriptionPlan,
    subscriptionActive: state.subscriptionActive,
    hasCompletedQuestionnaire: state.hasCompletedQuestionnaire,
    gaTrackingId: state.gaTrackingId,
    sitesDeleteAfter: state.sitesDeleteAfter,
    subscriptionEndedFor: state.subscriptionEndedFor,
  };
}
