/**
 * Accepting an invitation (docs/team.md "Invitations"): the signed-in person joins the account
 * at the identity provider and in the table.
 */
import type { PersonActor } from "../access/actor";
import { CLERK_ROLE } from "../access/roles";
import type { SessionIdentity } from "../adapters/identity";
import * as IdentityAdmin from "../adapters/identity-admin";
import type { AccountChoice } from "../contracts/team";
import { normalizeEmail } from "../db/entities/email-claim";
import { db } from "../db/service";
import { ConflictError, DomainError } from "../errors";
import { clearOwnerlessFlag } from "../privacy/leave-accounts";
import { fromToken, invitationSettled, statusOf, unusable } from "./invitation-records";
import { ensureOrganization } from "./organization";
import { currentMembers, personName } from "./people";

/** The address the invitation is for is not the one the person signed in with. */
export class WrongEmailError extends DomainError {
  readonly status = 403;
  readonly code = "invitation_wrong_email";
}

/**
 * POST /api/invitations/{token}/accept: the signed-in person joins the account with the
 * invitation's role, if the link is the latest, pending, unexpired one and their sign-in's
 * address is the invited one. Single use: the invitation turns `accepted` in the same
 * transaction that adds the membership. Answers what the SPA needs to make the account the
 * session's.
 */
export async function accept(
  person: PersonActor,
  claims: SessionIdentity["claims"],
  token: string,
  now = new Date(),
): Promise<AccountChoice> {
  const item = await fromToken(token);
  if (!item) throw unusable.invalid();
  const status = statusOf(item, now);
  if (status !== "pending") throw unusable[status]();
  const signedInAs = claims.email ? normalizeEmail(claims.email) : undefined;
  if (signedInAs !== item.email) {
    throw new WrongEmailError(
      `This invitation is for ${item.email}. Sign in with that address to accept it.`,
    );
  }
  const accountId = item.userId;
  const members = await currentMembers(accountId);
  if (members.some((member) => member.memberId === person.userId)) {
    throw new ConflictError("You are a member of this account already.");
  }
  // The identity provider first: should the table's write fail, the organization only lets the
  // person pick an account that then refuses them (access/actor.ts), never the other way round.
  const organizationId = await ensureOrganization(accountId);
  await IdentityAdmin.addOrganizationMember(organizationId, person.userId, CLERK_ROLE[item.role]);
  const name = personName(claims);
  const { canceled } = await db.transaction
    .write(({ invitation, membership }) => [
      invitation
        .patch({ userId: accountId, invitationId: item.invitationId })
        .set({ status: "accepted", acceptedBy: person.userId, acceptedAt: now.toISOString() })
        .where(
          (attr, op) =>
            `${op.eq(attr.status, "pending")} AND ${op.eq(attr.secretHash, item.secretHash)} AND ${op.gt(attr.expiresAt, now.toISOString())}`,
        )
        .commit(),
      person.userId === accountId
        ? // The account's first owner, back after leaving it: their marked item is theirs again.
          membership
            .patch({ userId: accountId, memberId: person.userId })
            .set({ role: item.role, lastActiveAt: now.toISOString() })
            .remove(["removedAt"])
            .where((attr, op) => op.exists(attr.removedAt))
            .commit()
        : membership
            .create({
              userId: accountId,
              memberId: person.userId,
              role: item.role,
              email: item.email,
              ...(name ? { name } : {}),
              invitationId: item.invitationId,
              joinedAt: now.toISOString(),
              lastActiveAt: now.toISOString(),
            })
            .commit(),
    ])
    .go();
  if (canceled) {
    // Undo the organization's membership only if the table has none: when this person's other
    // request (a double click, a retry) won, it is theirs (docs/security.md, "Team").
    const current = await currentMembers(accountId);
    if (!current.some((member) => member.memberId === person.userId)) {
      await IdentityAdmin.removeOrganizationMember(organizationId, person.userId);
    }
    const again = await fromToken(token);
    if (!again) throw unusable.invalid();
    const nowStatus = statusOf(again, now);
    throw nowStatus === "pending"
      ? new ConflictError("You are a member of this account already.")
      : unusable[nowStatus]();
  }
  // No longer waiting: its place under the cap and its address are free.
  await invitationSettled(item);
  // An owner again: an account flagged ownerless is not any more (docs/team.md).
  if (item.role === "owner") await clearOwnerlessFlag(accountId, person.userId);
  return { accountId, role: item.role, organizationId };
}
