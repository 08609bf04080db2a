/**
 * The identity provider's organization membership events (docs/team.md, docs/decisions.md
 * "What lives in Clerk and what in the table"), from the Clerk webhook route. The table decides
 * who belongs: a person added or a role changed at Clerk (our own mirroring, or someone in
 * Clerk's dashboard) changes nothing here. A membership deleted at Clerk takes the person out of
 * the account here too, since losing access is the safe direction.
 */
import { db, isConditionFailure } from "../db/service";
import { flagIfOwnerless } from "../privacy/leave-accounts";

/** The part of Clerk's OrganizationMembership this reads. */
export interface MembershipEventData {
  organization?: { id?: string; public_metadata?: Record<string, unknown> };
  public_user_data?: { user_id?: string };
}

export const MEMBERSHIP_EVENTS = [
  "organizationMembership.created",
  "organizationMembership.updated",
  "organizationMembership.deleted",
] as const;

export function isMembershipEvent(type: string): boolean {
  return (MEMBERSHIP_EVENTS as readonly string[]).includes(type);
}

/** Applies one membership event; answers whether it changed the table. */
export async function applyMembershipEvent(
  type: string,
  data: MembershipEventData,
  now = new Date(),
): Promise<boolean> {
  if (type !== "organizationMembership.deleted") return false;
  const accountId = data.organization?.public_metadata?.account_id;
  const memberId = data.public_user_data?.user_id;
  if (typeof accountId !== "string" || typeof memberId !== "string") return false;
  // Only the account's own organization speaks for it: metadata naming the account on another
  // organization (a stray one, or one made in Clerk's dashboard) is not enough.
  const { data: account } = await db.entities.user
    .get({ userId: accountId })
    .go({ consistent: true });
  if (!account?.organizationId || account.organizationId !== data.organization?.id) return false;
  const { data: item } = await db.entities.membership
    .get({ userId: accountId, memberId })
    .go({ consistent: true });
  if (!item || item.removedAt) return false;
  try {
    if (memberId === accountId) {
      // The first owner's item is kept, marked (access/actor.ts).
      await db.entities.membership
        .patch({ userId: accountId, memberId })
        .set({ removedAt: now.toISOString() })
        .where((attr, op) => op.notExists(attr.removedAt))
        .go({ response: "none" });
    } else {
      await db.entities.membership
        .delete({ userId: accountId, memberId })
        .where((attr, op) => op.exists(attr.role))
        .go({ response: "none" });
    }
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
  // Clerk takes no notice of our last owner: a person may leave an organization there, and its
  // dashboard remove anyone. An account left without an owner is flagged to staff (docs/team.md).
  if (item.role === "owner") {
    await flagIfOwnerless(accountId, now.toISOString(), `identity:${type}`);
  }
  return true;
}
