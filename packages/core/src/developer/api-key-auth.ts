/**
 * The API key check every route's wrapper runs (docs/developer-api.md): which customer a
 * presented key answers for, and the narrow write that records its use. Kept apart from key
 * management (api-keys.ts) so that every API handler's bundle carries only this, not the
 * management code and its contracts (the 1 MB budget, docs/performance.md).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { ApiKey, ApiKeyPermission } from "../contracts/developer";
import { type ApiKeyItem, db } from "../db/service";
import { UnauthorizedError } from "../errors";

/** Every key starts so; the wrapper tells a key from a session token by it. */
export const API_KEY_MARK = "sk_";
const KEY_SHAPE = /^sk_([0-9a-f]{10})_([A-Za-z0-9_-]{43})$/;

/** A key's use is recorded at most this often (one write a minute, not one per request). */
export const LAST_USED_EVERY_MS = 60_000;

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_MARK);
}

export const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest();

export function permissionOf(item: Pick<ApiKeyItem, "permissions">): ApiKeyPermission {
  return item.permissions.includes("write") ? "write" : "read";
}

export function statusOf(item: ApiKeyItem, now: Date): ApiKey["status"] {
  if (!item.isActive) return "revoked";
  if (item.expiresAt && Date.parse(item.expiresAt) <= now.getTime()) return "expired";
  return "active";
}

export interface KeyCaller {
  userId: string;
  apiKeyId: string;
  permission: ApiKeyPermission;
}

// Says nothing about why: a caller probing keys learns no more from a revoked one.
const INVALID_KEY = "Unauthorized: invalid, revoked or expired API key";

/**
 * The customer a presented key answers for. Unknown, malformed, revoked and expired keys are
 * all the same 401. The stored hash is compared in constant time.
 */
export async function authenticate(token: string, now = new Date()): Promise<KeyCaller> {
  const shape = KEY_SHAPE.exec(token);
  if (!shape) throw new UnauthorizedError(INVALID_KEY);
  const given = sha256(token);
  const { data } = await db.entities.apiKey.query
    .byPrefix({ keyPrefix: `${API_KEY_MARK}${shape[1]}` })
    .go();
  const match = data.find((item) => {
    const stored = Buffer.from(item.keyHash, "hex");
    return stored.length === given.length && timingSafeEqual(stored, given);
  });
  if (!match || statusOf(match, now) !== "active") throw new UnauthorizedError(INVALID_KEY);
  // The index is eventually consistent: a key revoked a moment ago must not pass on a stale copy.
  const { data: current } = await db.entities.apiKey
    .get({ userId: match.userId, apiKeyId: match.apiKeyId })
    .go({ consistent: true });
  if (!current || statusOf(current, now) !== "active") throw new UnauthorizedError(INVALID_KEY);
  await touch(current, now);
  return { userId: current.userId, apiKeyId: current.apiKeyId, permission: permissionOf(current) };
}

/**
 * Records the key's use. Read routes may only write these fields of the table (the grant
 * "table:key-use", stacks/grants.ts); a failed write never fails the request.
 */
async function touch(item: ApiKeyItem, now: Date) {
  if (item.lastUsed && now.getTime() - Date.parse(item.lastUsed) < LAST_USED_EVERY_MS) return;
  await db.entities.apiKey
    .patch({ userId: item.userId, apiKeyId: item.apiKeyId })
    .set({ lastUsed: now.toISOString() })
    .go({ response: "none" })
    .catch((error: unknown) =>
      process.stdout.write(
        `${JSON.stringify({ level: "warn", msg: "API key use not recorded", apiKeyId: item.apiKeyId, error: String(error) })}\n`,
      ),
    );
}
