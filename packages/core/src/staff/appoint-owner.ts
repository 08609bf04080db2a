/**
 * The provider's rescue of an ownerless account (docs/team.md "An account without an owner",
 * docs/console.md "Team"): a staff member makes one of the account's current people its owner,
 * which clears the flag, with the audit entry in the same transaction. A module of its own: it
 * mirrors the role to the identity provider, which the console's other routes never call.
 */

import type { StaffTeamMember } from "../contracts/staff";
import { db } from "../db/service";
import { ConflictError, NotFoundError } from "../errors";
import { toTeamMember } from "../team/members";
import { mirrorRole } from "../team/organization";
import { accountRecord, currentMembers, materializeFounder, memberOf } from "../team/people";
import { actionItem, type StaffActor } from "./audit-log";

/**
 * POST /api/staff/customers/{userId}/owner: `memberId`, a current person of the flagged account,
 * becomes an owner and `ownerlessSince` goes. 404 for an unknown account or a non-member, 409
 * for an account that is not flagged (its owners manage their team).
 */
export async function appointOwner(
  actor: StaffActor,
  accountId: string,
  memberId: string,
): Promise<StaffTeamMember> {
  const account = await accountRecord(accountId);
  if (!account) throw new NotFoundError("Customer not found");
  const since = account.ownerlessSince;
  if (!since) {
    throw new ConflictError("This account has an owner: its owners manage their team.");
  }
  await materializeFounder(accountId);
  const target = memberOf(await currentMembers(accountId), memberId);
  const { canceled } = await db.transaction
    .write(({ membership, user, staffAction }) => [
      membership
        .patch({ userId: accountId, memberId })
        .set({ role: "owner" })
        .where((attr, op) => op.notExists(attr.removedAt))
        .commit(),
      user
        .patch({ userId: accountId })
        .remove(["ownerlessSince"])
        .where((attr, op) => op.eq(attr.ownerlessSince, since))
        .commit(),
      staffAction
        .create(
          actionItem(actor, {
            action: "account.appointOwner",
            targetType: "member",
            targetId: memberId,
            customerId: accountId,
            before: { role: target.role, ownerlessSince: since },
            after: { role: "owner", ownerlessSince: null },
          }),
        )
        .commit(),
    ])
    .go();
  if (canceled) {
    throw new ConflictError("The account changed meanwhile: reload and try again.");
  }
  await mirrorRole(account, memberId, "owner");
  const { isYou: _you, ...member } = toTeamMember({ ...target, role: "owner" }, "");
  return member;
}
