/**
 * The token in a mail's unsubscribe link: the user's id and an HMAC of it under a secret key
 * (Config.UNSUBSCRIBE_KEY), so the link works without signing in and nobody can make one for
 * another user from an id they know or guess.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { Config } from "sst/node/config";
import { readBinding } from "../adapters/bindings";

declare module "sst/node/config" {
  export interface SecretResources {
    UNSUBSCRIBE_KEY: { value: string };
  }
}

/**
 * The signing key, read now: a function without it (no mail:unsubscribe-key grant) or a stage
 * where it is empty fails loudly (MissingBindingError), rather than making or refusing every
 * link with an empty key (adapters/bindings.ts).
 */
export function unsubscribeKey(): string {
  return readBinding("unsubscribeKey", () => Config.UNSUBSCRIBE_KEY);
}

/** Whether an unsubscribe link's token is one we made (it changes nothing). */
export function isOurToken(token: string): boolean {
  return verifyUnsubscribeToken(unsubscribeKey(), token) !== null;
}

/**
 * Whose mails a token turns off: a person's, for one account (docs/notifications.md,
 * "Preferences"). A token for one's own account (the account id is the person's) stays in the
 * first form, "u1", which links in mails sent before teams still carry.
 */
export interface UnsubscribeSubject {
  accountId: string;
  personId: string;
}

const OWN = "u1";
const MEMBER = "u2";

function mac(key: string, subject: UnsubscribeSubject): Buffer {
  const { accountId, personId } = subject;
  const signed =
    accountId === personId
      ? `unsubscribe:${OWN}:${accountId}`
      : `unsubscribe:${MEMBER}:${accountId}:${personId}`;
  return createHmac("sha256", key).update(signed).digest();
}

const encode = (id: string) => Buffer.from(id, "utf8").toString("base64url");

export function signUnsubscribeToken(key: string, accountId: string, personId = accountId): string {
  if (!key) throw new Error("No unsubscribe signing key is configured");
  const signature = mac(key, { accountId, personId }).toString("base64url");
  return accountId === personId
    ? `${OWN}.${encode(accountId)}.${signature}`
    : `${MEMBER}.${encode(accountId)}.${encode(personId)}.${signature}`;
}

/** The account and person the token was made for, or null for anything not signed with this key. */
export function verifyUnsubscribeToken(key: string, token: string): UnsubscribeSubject | null {
  if (!key) return null;
  const parts = token.split(".");
  const version = parts[0];
  const ids =
    version === OWN && parts.length === 3
      ? [parts[1], parts[1]]
      : version === MEMBER && parts.length === 4
        ? [parts[1], parts[2]]
        : null;
  const signature = parts.at(-1);
  if (!ids?.[0] || !ids[1] || !signature) return null;
  const [accountId, personId] = ids.map((id) =>
    Buffer.from(id ?? "", "base64url").toString("utf8"),
  );
  if (!accountId || !personId) return null;
  // A "u2" token for one's own account is not one this code makes.
  if (version === MEMBER && accountId === personId) return null;
  const expected = mac(key, { accountId, personId });
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { accountId, personId };
}
