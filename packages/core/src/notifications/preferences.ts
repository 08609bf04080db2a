/**
 * The user's e-mail preferences: changed on /settings, and turned off from a mail's
 * unsubscribe link (a signed token, no sign-in) — docs/notifications.md.
 */
import type { CurrentUser, EmailPreferencesUpdate } from "../contracts/users";
import { isConditionFailure } from "../db/errors";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { toCurrentUser } from "../users/index";
import { unsubscribeKey, verifyUnsubscribeToken } from "./unsubscribe-token";

export async function update(userId: string, input: EmailPreferencesUpdate): Promise<CurrentUser> {
  try {
    const { data } = await db.entities.user
      .patch({ userId })
      .set(input)
      .go({ response: "all_new" });
    return toCurrentUser(data as Parameters<typeof toCurrentUser>[0]);
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("User not found");
    throw error;
  }
}

/** Turns off notification mails for the token's user; null when the token is not ours. */
export async function unsubscribe(token: string): Promise<{ email: string } | null> {
  const subject = verifyUnsubscribeToken(unsubscribeKey(), token);
  if (!subject) return null;
  const userId = subject.accountId;
  try {
    const { data } = await db.entities.user
      .patch({ userId })
      .set({ emailNotifications: false })
      .go({ response: "all_new" });
    return { email: (data as { email: string }).email };
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
