/**
 * The team section of a customer's page in the console (docs/console.md, "Team"): the account's
 * people with their roles, and the invitations still waiting for an answer. Read bounded, as the
 * rest of the page is (customer-page.ts).
 */
import type { StaffCustomer } from "../contracts/staff";
import { db, type UserItem } from "../db/service";
import { statusOf, toTeamInvitation } from "../team/invitation-records";
import { toTeamMember } from "../team/members";
import { founderItem } from "../team/people";

/** How many of each the page reads: an account holds few (25 pending invitations at most). */
export const CUSTOMER_TEAM_LIMITS = { members: 100, invitations: 100 } as const;

export async function customerTeam(
  account: UserItem,
  now = new Date(),
): Promise<StaffCustomer["team"]> {
  const userId = account.userId;
  const [{ data: items }, { data: invitations }] = await Promise.all([
    db.entities.membership.query
      .byAccount({ userId })
      .go({ limit: CUSTOMER_TEAM_LIMITS.members, consistent: true }),
    // Newest first: invitation ids are ULIDs.
    db.entities.invitation.query
      .byAccount({ userId })
      .go({ order: "desc", limit: CUSTOMER_TEAM_LIMITS.invitations }),
  ]);
  // A first owner without an item is its sole owner until the team first changed (team/people.ts).
  const members = items.some((item) => item.memberId === userId)
    ? items
    : [founderItem(account), ...items];
  return {
    members: members
      .filter((item) => !item.removedAt)
      .map((item) => {
        const { isYou: _you, ...member } = toTeamMember(item, "");
        return member;
      }),
    invitations: invitations
      .filter((item) => statusOf(item, now) === "pending")
      .map((item) => toTeamInvitation(item, now)),
  };
}
