/**
 * Changing an account's people (docs/team.md "Roles" and "Leaving"): an owner changing someone's
 * role, handing over ownership, removing someone, and leaving. An account always keeps at least
 * one owner: every write that takes an owner away checks, in the same transaction, that another
 * owner still is one. Each change writes its audit entry naming who acted in that transaction
 * (docs/team.md "Who changed the team"), and is mirrored to the account's organization afterwards.
 */
import type { CustomerActor } from "../access/actor";
import type { Role } from "../access/roles";
import type { Team, TeamMember } from "../contracts/team";
import { db, type MembershipItem } from "../db/service";
import { ConflictError, ForbiddenError, UnprocessableError } from "../errors";
import { clearOwnerlessFlag } from "../privacy/leave-accounts";
import { teamEventItem } from "../staff/audit-log";
import { team, toTeamMember } from "./members";
import { mirrorRemoval, mirrorRole } from "./organization";
import {
  accountRecord,
  currentMembers,
  LAST_OWNER_MESSAGE,
  LastOwnerError,
  materializeFounder,
  memberOf,
  otherOwner,
} from "./people";

/** The membership entity as a write transaction's callback gets it. */
type TransactionMembership = Parameters<
  Parameters<typeof db.transaction.write>[0]
>[0]["membership"];

/**
 * What a write that may take an owner away checks in its transaction: that `guard`, another
 * owner, still is one when it lands. Nothing without a guard.
 */
function ownerStays(membership: TransactionMembership, guard: MembershipItem | undefined) {
  if (!guard) return [];
  return [
    membership
      .check({ userId: guard.userId, memberId: guard.memberId })
      .where((attr, op) => `${op.eq(attr.role, "owner")} AND ${op.notExists(attr.removedAt)}`)
      .commit(),
  ];
}

/**
 * PATCH /api/team/members/{userId}: an owner sets another person's role, or lowers their own
 * while another owner remains. Nobody raises their own role: a member cannot reach this route
 * (owner only), and an owner has nothing above them.
 */
export async function changeRole(
  actor: CustomerActor,
  memberId: string,
  role: Role,
): Promise<TeamMember> {
  await materializeFounder(actor.accountId);
  const items = await currentMembers(actor.accountId);
  const target = memberOf(items, memberId);
  if (target.role === role) return toTeamMember(target, actor.userId);
  // Lowering an owner: another owner must still be one when the write lands.
  const guard = target.role === "owner" ? otherOwner(items, memberId) : undefined;
  const { canceled } = await db.transaction
    .write(({ membership, staffAction }) => [
      membership
        .patch({ userId: actor.accountId, memberId })
        .set({ role })
        .where((attr, op) => `${op.eq(attr.role, target.role)} AND ${op.notExists(attr.removedAt)}`)
        .commit(),
      ...ownerStays(membership, guard),
      staffAction
        .create(
          teamEventItem(
            { personId: actor.userId },
            {
              action: "member.roleChange",
              targetType: "member",
              targetId: memberId,
              customerId: actor.accountId,
              before: { role: target.role },
              after: { role },
            },
          ),
        )
        .commit(),
    ])
    .go();
  if (canceled) throw new ConflictError("The team changed meanwhile: reload and try again.");
  await mirrorRole(await accountRecord(actor.accountId), memberId, role);
  if (role === "owner") await clearOwnerlessFlag(actor.accountId, memberId);
  return toTeamMember({ ...target, role }, actor.userId);
}

/**
 * POST /api/team/transfer-ownership: the caller (an owner) makes `memberId` an owner and steps
 * down to member, in one transaction.
 */
export async function transferOwnership(
  actor: CustomerActor,
  memberId: string,
  now = new Date(),
): Promise<Team> {
  if (memberId === actor.userId) {
    throw new UnprocessableError("Choose another person of the account to hand ownership to.");
  }
  await materializeFounder(actor.accountId);
  const items = await currentMembers(actor.accountId);
  memberOf(items, memberId);
  const { canceled } = await db.transaction
    .write(({ membership, staffAction }) => [
      membership
        .patch({ userId: actor.accountId, memberId })
        .set({ role: "owner" })
        .where((attr, op) => op.notExists(attr.removedAt))
        .commit(),
      membership
        .patch({ userId: actor.accountId, memberId: actor.userId })
        .set({ role: "member" })
        .where((attr, op) => `${op.eq(attr.role, "owner")} AND ${op.notExists(attr.removedAt)}`)
        .commit(),
      staffAction
        .create(
          teamEventItem(
            { personId: actor.userId },
            {
              action: "member.transferOwnership",
              targetType: "member",
              targetId: memberId,
              customerId: actor.accountId,
              before: { owner: actor.userId },
              after: { owner: memberId, formerOwnerRole: "member" },
            },
          ),
        )
        .commit(),
    ])
    .go();
  if (canceled) throw new ConflictError("The team changed meanwhile: reload and try again.");
  const account = await accountRecord(actor.accountId);
  await mirrorRole(account, memberId, "owner");
  await mirrorRole(account, actor.userId, "member");
  return team({ ...actor, role: "member" }, now);
}

/**
 * Takes the person out of the account: their item goes, or, for the account's first owner
 * (whose user id the account's id is), is marked removed. `guard`, when given, must still be an
 * owner as the write lands.
 */
async function takeOut(
  accountId: string,
  member: MembershipItem,
  by: string,
  guard?: MembershipItem,
) {
  const now = new Date().toISOString();
  const { canceled } = await db.transaction
    .write(({ membership, staffAction }) => [
      member.memberId === accountId
        ? membership
            .patch({ userId: accountId, memberId: member.memberId })
            .set({ removedAt: now })
            .where((attr, op) => op.notExists(attr.removedAt))
            .commit()
        : membership
            .delete({ userId: accountId, memberId: member.memberId })
            .where((attr, op) => op.eq(attr.role, member.role))
            .commit(),
      ...ownerStays(membership, guard),
      staffAction
        .create(
          teamEventItem(
            { personId: by },
            {
              // The person themselves: they left; anyone else: an owner removed them.
              action: by === member.memberId ? "member.left" : "member.remove",
              targetType: "member",
              targetId: member.memberId,
              customerId: accountId,
              before: { role: member.role, email: member.email },
              after: null,
            },
          ),
        )
        .commit(),
    ])
    .go();
  if (canceled) throw new ConflictError("The team changed meanwhile: reload and try again.");
  await mirrorRemoval(await accountRecord(accountId), member.memberId);
}

/**
 * DELETE /api/team/members/{userId}: an owner removes someone else. They lose access at their
 * next request (access/actor.ts reads the membership on every request).
 */
export async function remove(actor: CustomerActor, memberId: string): Promise<void> {
  if (memberId === actor.userId) {
    throw new UnprocessableError("To leave the account yourself, use Leave.");
  }
  await materializeFounder(actor.accountId);
  const items = await currentMembers(actor.accountId);
  const target = memberOf(items, memberId);
  // The caller is an owner (the route's role) and stays one: the guard when removing an owner.
  const caller = items.find((item) => item.memberId === actor.userId);
  if (caller?.role !== "owner") throw new ForbiddenError("Only an owner can do this.");
  await takeOut(
    actor.accountId,
    target,
    actor.userId,
    target.role === "owner" ? caller : undefined,
  );
}

/** POST /api/team/leave: the caller leaves the session's account; its last owner cannot. */
export async function leave(actor: CustomerActor): Promise<void> {
  if (actor.apiKeyId) throw new ForbiddenError("An API key cannot leave an account.");
  await materializeFounder(actor.accountId);
  const items = await currentMembers(actor.accountId);
  const me = memberOf(items, actor.userId);
  let guard: MembershipItem | undefined;
  if (me.role === "owner") {
    try {
      guard = otherOwner(items, actor.userId);
    } catch (error) {
      if (error instanceof LastOwnerError) {
        throw new LastOwnerError(`${LAST_OWNER_MESSAGE} Hand over ownership before you leave.`);
      }
      throw error;
    }
  }
  await takeOut(actor.accountId, me, actor.userId, guard);
}
