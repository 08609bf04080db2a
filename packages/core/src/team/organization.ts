/**
 * The identity provider's side of an account's team (docs/decisions.md "What lives in Clerk and
 * what in the table"): its organization, and each change of the table's memberships mirrored
 * into it. Apart from people.ts so that what only reads the team carries no Backend API client
 * (and needs no `identity:admin` grant, packages/core/src/adapters/bindings.ts).
 */
import { CLERK_ROLE, type Role } from "../access/roles";
import * as IdentityAdmin from "../adapters/identity-admin";
import { isConditionFailure } from "../db/errors";
import { db, type UserItem } from "../db/service";
import { NotFoundError } from "../errors";
import { accountName, accountRecord, currentMembers } from "./people";

/**
 * The identity provider's organization of the account, made when first needed (the first
 * person joins) with every current person in it at their role. Its id is kept on the account's
 * record; one made by a concurrent call first wins.
 */
export async function ensureOrganization(accountId: string): Promise<string> {
  const account = await accountRecord(accountId);
  if (!account) throw new NotFoundError("No such account");
  if (account.organizationId) return account.organizationId;
  const members = await currentMembers(accountId);
  // An owner creates it (older Backend API versions require a creator, who becomes its admin).
  const creator = members.find((member) => member.role === "owner");
  const organizationId = await IdentityAdmin.createOrganization({
    accountId,
    name: accountName(account),
    ...(creator ? { createdBy: creator.memberId } : {}),
  });
  for (const member of members) {
    if (member === creator) continue;
    await IdentityAdmin.addOrganizationMember(
      organizationId,
      member.memberId,
      CLERK_ROLE[member.role],
    );
  }
  try {
    await db.entities.user
      .patch({ userId: accountId })
      .set({ organizationId })
      .where((attr, op) => op.notExists(attr.organizationId))
      .go({ response: "none" });
    return organizationId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const again = await accountRecord(accountId);
    if (!again?.organizationId) throw error;
    // A concurrent first join made the account's organization first: ours goes, so no second
    // organization names the account.
    await IdentityAdmin.deleteOrganization(organizationId);
    return again.organizationId;
  }
}

/** Mirrors a role change to the account's organization, when it has one. */
export async function mirrorRole(account: UserItem | null, memberId: string, role: Role) {
  if (!account?.organizationId) return;
  await IdentityAdmin.setOrganizationRole(account.organizationId, memberId, CLERK_ROLE[role]);
}

/** Mirrors a removal to the account's organization, when it has one. */
export async function mirrorRemoval(account: UserItem | null, memberId: string) {
  if (!account?.organizationId) return;
  await IdentityAdmin.removeOrganizationMember(account.organizationId, memberId);
}
