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

const VERSION = "u1";

function mac(key: string, userId: string): Buffer {
  return createHmac("sha256", key).update(`unsubscribe:${VERSION}:${userId}`).digest();
}

export function signUnsubscribeToken(key: string, userId: string): string {
  if (!key) throw new Error("No unsubscribe signing key is configured");
  const id = Buffer.from(userId, "utf8").toString("base64url");
  return `${VERSION}.${id}.${mac(key, userId).toString("base64url")}`;
}

/** The user id the token was made for, or null for anything not signed with this key. */
export function verifyUnsubscribeToken(key: string, token: string): string | null {
  if (!key) return null;
  const [version, id, signature, ...rest] = token.split(".");
  if (version !== VERSION || !id || !signature || rest.length > 0) return null;
  const userId = Buffer.from(id, "base64url").toString("utf8");
  if (!userId) return null;
  const expected = mac(key, userId);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}
