/**
 * An account's current members as the table holds them (docs/team.md): its membership items,
 * and its first owner, who has none until the account's team first changes (access/actor.ts
 * reads a missing item in one's own account as its sole owner); an item with `removedAt` is a
 * first owner who left. What the mails' recipients and a person's leaving read.
 */
import { db, type MembershipItem } from "../db/service";

export interface CurrentMember {
  personId: string;
  role: MembershipItem["role"];
  /** Their item; null for a first owner who has none. */
  membership: MembershipItem | null;
}

/**
 * The account's current members, its first owner first when they have no item; at most `limit`
 * items read (a page that shows them), all of them otherwise.
 */
export async function currentMembers(accountId: string, limit?: number): Promise<CurrentMember[]> {
  const { data } = await db.entities.membership.query
    .byAccount({ userId: accountId })
    .go(limit ? { limit, consistent: true } : { pages: "all", consistent: true });
  const members: CurrentMember[] = data
    .filter((item) => !item.removedAt)
    .map((item) => ({ personId: item.memberId, role: item.role, membership: item }));
  if (!data.some((item) => item.memberId === accountId)) {
    members.unshift({ personId: accountId, role: "owner", membership: null });
  }
  return members;
}
