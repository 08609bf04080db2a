/**
 * A person's e-mail preferences for the account they act in (docs/notifications.md,
 * "Preferences"; docs/decisions.md): changed on /settings, and turned off from a mail's
 * unsubscribe link (a signed token naming the account and the person, no sign-in). For one's
 * own account (whose id is theirs) they are on the person's user record; for another account
 * on their membership item there, each setting left unset read from their own record.
 */
import type { CurrentUser, EmailPreferencesUpdate } from "../contracts/users";
import { isConditionFailure } from "../db/errors";
import { db, type MembershipItem, type UserItem } from "../db/service";
import { NotFoundError } from "../errors";
import { toCurrentUser } from "../users/index";
import type { MailPreferences } from "./rules";
import { unsubscribeKey, verifyUnsubscribeToken } from "./unsubscribe-token";

type Settings = Required<MailPreferences>;

/**
 * The settings of `person` for account `accountId`: their record's for their own account; for
 * another, their membership item's there over their record's.
 */
export function settingsIn(
  accountId: string,
  person: Pick<UserItem, "userId" | "emailNotifications" | "marketingEmails" | "monthlyReport">,
  membership: Pick<
    MembershipItem,
    "emailNotifications" | "marketingEmails" | "monthlyReport"
  > | null,
): Settings {
  const own: Settings = {
    emailNotifications: person.emailNotifications,
    marketingEmails: person.marketingEmails,
    // Users stored before the toggle existed have none: on, as the attribute's default.
    monthlyReport: person.monthlyReport ?? true,
  };
  if (accountId === person.userId || !membership) return own;
  return {
    emailNotifications: membership.emailNotifications ?? own.emailNotifications,
    marketingEmails: membership.marketingEmails ?? own.marketingEmails,
    monthlyReport: membership.monthlyReport ?? own.monthlyReport,
  };
}

/**
 * The settings of person `user` for account `accountId`, as /api/auth/user answers them: their
 * own for their own account (no read); else their membership item's there over their own.
 */
export async function settingsFor(
  accountId: string,
  user: Pick<CurrentUser, "id" | "emailNotifications" | "marketingEmails" | "monthlyReport">,
): Promise<Settings> {
  const own = {
    userId: user.id,
    emailNotifications: user.emailNotifications,
    marketingEmails: user.marketingEmails,
    monthlyReport: user.monthlyReport,
  };
  if (accountId === user.id) return settingsIn(accountId, own, null);
  const { data: membership } = await db.entities.membership
    .get({ userId: accountId, memberId: user.id })
    .go({ consistent: true });
  return settingsIn(accountId, own, membership);
}

/** Writes the person's settings for the account: their record, or their membership item there. */
async function write(accountId: string, personId: string, input: EmailPreferencesUpdate) {
  if (accountId === personId) {
    await db.entities.user.patch({ userId: personId }).set(input).go({ response: "none" });
  } else {
    await db.entities.membership
      .patch({ userId: accountId, memberId: personId })
      .set(input)
      .go({ response: "none" });
  }
}

/** PATCH /api/auth/user/preferences: the caller's settings for the account they act in. */
export async function update(
  accountId: string,
  personId: string,
  input: EmailPreferencesUpdate,
): Promise<CurrentUser> {
  // The person's record first: the SPA's sync makes it before /settings can be opened.
  const { data: person } = await db.entities.user
    .get({ userId: personId })
    .go({ consistent: true });
  if (!person) throw new NotFoundError("User not found");
  try {
    await write(accountId, personId, input);
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("User not found");
    throw error;
  }
  const current = toCurrentUser(accountId === personId ? { ...person, ...input } : person);
  return { ...current, ...(await settingsFor(accountId, current)) };
}

/**
 * Turns off notification mails of the token's person from the token's account; null when the
 * token is not ours, or the person or their membership is gone.
 */
export async function unsubscribe(token: string): Promise<{ email: string } | null> {
  const subject = verifyUnsubscribeToken(unsubscribeKey(), token);
  if (!subject) return null;
  try {
    await write(subject.accountId, subject.personId, { emailNotifications: false });
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
  const { data: person } = await db.entities.user.get({ userId: subject.personId }).go();
  return person ? { email: person.email } : null;
}
