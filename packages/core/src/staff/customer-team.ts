/**
 * The team section of a customer's page in the console (docs/console.md, "Team"): the account's
 * people with their roles, and the invitations still waiting for an answer.
 */
import type { StaffCustomer } from "../contracts/staff";
import { db, type UserItem } from "../db/service";
import { currentMembers } from "../privacy/account-members";

/** How many of each the page reads: an account holds few (25 pending invitations at most). */
export const CUSTOMER_TEAM_LIMITS = { members: 100, invitations: 100 } as const;

export async function customerTeam(
  account: UserItem,
  now = new Date(),
): Promise<StaffCustomer["team"]> {
  const accountId = account.userId;
  const [members, { data: invitations }] = await Promise.all([
    currentMembers(accountId, CUSTOMER_TEAM_LIMITS.members),
    // Newest first: invitation ids are ULIDs.
    db.entities.invitation.query
      .byAccount({ userId: accountId })
      .go({ order: "desc", limit: CUSTOMER_TEAM_LIMITS.invitations }),
  ]);
  const founderName = [account.firstName, account.lastName].filter(Boolean).join(" ") || null;
  return {
    members: members.map(({ personId, role, membership }) =>
      membership
        ? {
            userId: personId,
            email: membership.email,
            name: membership.name ?? null,
            role,
            joinedAt: membership.joinedAt,
            lastActiveAt: membership.lastActiveAt ?? null,
          }
        : // The first owner before the team first changed: the account's record is theirs.
          {
            userId: personId,
            email: account.email,
            name: founderName,
            role,
            joinedAt: account.createdAt,
            lastActiveAt: null,
          },
    ),
    invitations: invitations
      .filter((item) => item.status === "pending" && Date.parse(item.expiresAt) > now.getTime())
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((item) => ({
        id: item.invitationId,
        email: item.email,
        role: item.role,
        status: "pending" as const,
        invitedBy: item.invitedBy,
        invitedByName: item.invitedByName ?? null,
        createdAt: item.createdAt,
        expiresAt: item.expiresAt,
        sentAt: item.sentAt,
        sentCount: item.sentCount,
      })),
  };
}
