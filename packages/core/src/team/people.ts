/**
 * The people of an account as the table holds them (docs/team.md): its membership items, and
 * its first owner, who has no item until the account's team first changes (every account before
 * teams was one person; access/actor.ts reads a missing item in one's own account as its sole
 * owner). What the other team modules build on.
 */
import { isConditionFailure } from "../db/errors";
import { db, type MembershipItem, type UserItem } from "../db/service";
import { DomainError, NotFoundError } from "../errors";

/** The account's stored record (the user record of its first owner), strongly consistent. */
export async function accountRecord(accountId: string): Promise<UserItem | null> {
  const { data } = await db.entities.user.get({ userId: accountId }).go({ consistent: true });
  return data;
}

/** A person's name from their record or claims; null when they gave none. */
export function personName(person: {
  firstName?: string | null;
  lastName?: string | null;
}): string | null {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || null;
}

/** The account's name, as the switcher and the invitation show it: its first owner's name or address. */
export function accountName(account: UserItem | null | undefined): string {
  if (!account) return "A customer account";
  return personName(account) ?? account.email;
}

/**
 * Every membership item of the account (removed first owners' included), strongly consistent,
 * and the first owner as an item of their own when they have none yet.
 */
export async function membershipsOf(
  accountId: string,
): Promise<{ items: MembershipItem[]; founderImplicit: boolean }> {
  const { data } = await db.entities.membership.query
    .byAccount({ userId: accountId })
    .go({ pages: "all", consistent: true });
  if (data.some((item) => item.memberId === accountId)) {
    return { items: data, founderImplicit: false };
  }
  const account = await accountRecord(accountId);
  if (!account) return { items: data, founderImplicit: false };
  return { items: [founderItem(account), ...data], founderImplicit: true };
}

/** The people who belong now (removed first owners left out). */
export async function currentMembers(accountId: string): Promise<MembershipItem[]> {
  const { items } = await membershipsOf(accountId);
  return items.filter((item) => !item.removedAt);
}

/** The item a first owner without one stands for (also the console's team list, staff/customer-team.ts). */
export function founderItem(account: UserItem): MembershipItem {
  return {
    userId: account.userId,
    memberId: account.userId,
    role: "owner",
    email: account.email,
    name: personName(account) ?? undefined,
    joinedAt: account.createdAt,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  };
}

/**
 * Writes the first owner's item if they have none, so a change of their role or their leaving
 * has an item to change. Safe to run twice.
 */
export async function materializeFounder(accountId: string): Promise<void> {
  const { items, founderImplicit } = await membershipsOf(accountId);
  const founder = items.find((item) => item.memberId === accountId);
  if (!founderImplicit || !founder) return;
  try {
    await db.entities.membership
      .create({
        userId: founder.userId,
        memberId: founder.memberId,
        role: founder.role,
        email: founder.email,
        ...(founder.name ? { name: founder.name } : {}),
        joinedAt: founder.joinedAt,
      })
      .go({ response: "none" });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The person's item among the account's current `items`, or 404. */
export function memberOf(items: MembershipItem[], memberId: string): MembershipItem {
  const member = items.find((item) => item.memberId === memberId);
  if (!member) throw new NotFoundError("No such member of this account");
  return member;
}

/** "An account always has an owner" (docs/team.md): the refusal. */
export class LastOwnerError extends DomainError {
  readonly status = 409;
  readonly code = "last_owner";
}

export const LAST_OWNER_MESSAGE =
  "An account always has at least one owner: make someone else an owner first.";

/** An owner of the account other than `memberId`, or LastOwnerError. */
export function otherOwner(items: MembershipItem[], memberId: string): MembershipItem {
  const other = items.find(
    (item) => item.role === "owner" && !item.removedAt && item.memberId !== memberId,
  );
  if (!other) throw new LastOwnerError(LAST_OWNER_MESSAGE);
  return other;
}
