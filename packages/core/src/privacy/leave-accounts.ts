/**
 * A person whose identity is gone leaves every account they belong to (docs/privacy.md,
 * "When a person's identity is deleted"; docs/team.md): their membership items go (their own
 * account keeps a `removedAt` item, so its missing item no longer reads as its sole owner), and
 * an account left with no owner is flagged to staff, with an audit entry and an activity, rather
 * than quietly left with nobody who may manage it. Safe to run again.
 */
import * as Activities from "../activities/index";
import { db, isConditionFailure, type MembershipItem } from "../db/service";
import { recordTeamEvent } from "../staff/audit-log";
import { currentMembers } from "../team/people";

/** Where a person's identity went: the identity provider's event says which. */
const SOURCE = "identity:user.deleted";

/** The accounts the person belongs to now: their items', and their own unless they left it. */
async function accountsOf(personId: string): Promise<string[]> {
  const { data } = await db.entities.membership.query
    .byMember({ memberId: personId })
    .go({ pages: "all" });
  const accounts = data.filter((item) => !item.removedAt).map((item) => item.userId);
  const ownItem = data.find((item) => item.userId === personId);
  if (!ownItem) {
    const { data: own } = await db.entities.user
      .get({ userId: personId })
      .go({ attributes: ["userId"], consistent: true });
    if (own) accounts.unshift(personId);
  }
  return [...new Set(accounts)];
}

/** Takes the person out of one account: their item deleted, or for their own a `removedAt` one. */
async function leave(accountId: string, personId: string, now: string) {
  if (accountId !== personId) {
    await db.entities.membership.delete({ userId: accountId, memberId: personId }).go();
    return;
  }
  const { data: item } = await db.entities.membership
    .get({ userId: accountId, memberId: personId })
    .go({ consistent: true });
  if (item) {
    await db.entities.membership
      .patch({ userId: accountId, memberId: personId })
      .set({ removedAt: now })
      .go({ response: "none" });
    return;
  }
  const { data: account } = await db.entities.user.get({ userId: accountId }).go();
  if (!account) return;
  const tombstone: Omit<MembershipItem, "createdAt" | "updatedAt"> = {
    userId: accountId,
    memberId: personId,
    role: "owner",
    email: account.email,
    joinedAt: account.createdAt,
    removedAt: now,
  };
  await db.entities.membership.put(tombstone).go({ response: "none" });
}

/**
 * Flags the account when nobody who may manage it is left; once, with an entry each. `source`
 * names what took the last owner away (also a membership deleted at the identity provider,
 * team/identity-events.ts).
 */
export async function flagIfOwnerless(
  accountId: string,
  now: string,
  source = SOURCE,
): Promise<boolean> {
  const members = await currentMembers(accountId);
  if (members.some((member) => member.role === "owner")) return false;
  try {
    await db.entities.user
      .patch({ userId: accountId })
      .set({ ownerlessSince: now })
      .where((attr, op) => op.notExists(attr.ownerlessSince))
      .go({ response: "none" });
  } catch {
    // Flagged already, or the account itself is gone (it was erased): nothing to tell.
    return false;
  }
  await recordTeamEvent(
    { source },
    {
      action: "account.ownerless",
      targetType: "account",
      targetId: accountId,
      customerId: accountId,
      before: null,
      after: { ownerlessSince: now, members: members.length },
    },
  );
  await Activities.record(accountId, {
    type: "account_ownerless",
    description:
      members.length > 0
        ? "The account's last owner left: our team will help make someone else its owner"
        : "The account's last owner left",
  });
  return true;
}

/**
 * Clears the account's ownerless flag (`flagIfOwnerless` sets it) once it has an owner
 * again by a path other than the console's (an owner's invitation accepted, a role given), with
 * an entry naming the person who is its owner now. Nothing when it is not flagged or still has
 * no owner. Answers whether it cleared it.
 */
export async function clearOwnerlessFlag(accountId: string, personId: string): Promise<boolean> {
  const members = await currentMembers(accountId);
  if (!members.some((member) => member.role === "owner")) return false;
  const { data: account } = await db.entities.user
    .get({ userId: accountId })
    .go({ attributes: ["ownerlessSince"], consistent: true });
  const since = account?.ownerlessSince;
  if (!since) return false;
  try {
    await db.entities.user
      .patch({ userId: accountId })
      .remove(["ownerlessSince"])
      .where((attr, op) => op.eq(attr.ownerlessSince, since))
      .go({ response: "none" });
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await recordTeamEvent(
    { personId },
    {
      action: "account.ownerRestored",
      targetType: "account",
      targetId: accountId,
      customerId: accountId,
      before: { ownerlessSince: since },
      after: { ownerlessSince: null },
    },
  );
  return true;
}

/**
 * Every account the person belonged to: left, each with an audit entry naming them, and those
 * left without an owner flagged.
 */
export async function leaveEveryAccount(
  personId: string,
  now = new Date(),
): Promise<{ left: string[]; ownerless: string[] }> {
  const at = now.toISOString();
  const accounts = await accountsOf(personId);
  const ownerless: string[] = [];
  for (const accountId of accounts) {
    await leave(accountId, personId, at);
    await recordTeamEvent(
      { personId },
      {
        action: "member.left",
        targetType: "member",
        targetId: personId,
        customerId: accountId,
        before: null,
        after: { reason: "identity deleted" },
      },
    );
    if (await flagIfOwnerless(accountId, at)) ownerless.push(accountId);
  }
  return { left: accounts, ownerless };
}
