/**
 * The user's e-mail preferences: changed on /settings, and turned off from a mail's
 * unsubscribe link (a signed token, no sign-in) — docs/notifications.md.
 */
import { Config } from "sst/node/config";
import type { CurrentUser, EmailPreferencesUpdate } from "../contracts/users";
import { isConditionFailure } from "../db/errors";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { toCurrentUser } from "../users/index";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

declare module "sst/node/config" {
  export interface SecretResources {
    UNSUBSCRIBE_KEY: { value: string };
  }
}

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

function signingKey(): string {
  try {
    return Config.UNSUBSCRIBE_KEY;
  } catch {
    return "";
  }
}

/** Whether an unsubscribe link's token is one we made (it changes nothing). */
export function isOurToken(token: string): boolean {
  return verifyUnsubscribeToken(signingKey(), token) !== null;
}

/** Turns off notification mails for the token's user; null when the token is not ours. */
export async function unsubscribe(token: string): Promise<{ email: string } | null> {
  const userId = verifyUnsubscribeToken(signingKey(), token);
  if (!userId) return null;
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
