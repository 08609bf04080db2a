/**
 * API keys (docs/developer-api.md): a customer's own tools call the API with
 * `Authorization: Bearer sk_…`. Only a SHA-256 of the key and its prefix are stored; the key
 * itself is shown once, when it is made.
 */
import { randomBytes } from "node:crypto";
import { recordTombstone } from "../adapters/tombstones";
import type { ApiKey, ApiKeyCreate } from "../contracts/developer";
import { apiKeyCreateSchema } from "../contracts/developer";
import { type ApiKeyItem, db, isConditionFailure, isId } from "../db/service";
import { NotFoundError } from "../errors";
import { API_KEY_MARK, permissionOf, sha256, statusOf } from "./api-key-auth";
import { createWithin, type Quota, release } from "./quota";

export {
  API_KEY_MARK,
  authenticate,
  isApiKeyToken,
  type KeyCaller,
  LAST_USED_EVERY_MS,
} from "./api-key-auth";

export function toApiKey(item: ApiKeyItem, now = new Date()): ApiKey {
  return {
    id: item.apiKeyId,
    name: item.name,
    keyPrefix: item.keyPrefix,
    permission: permissionOf(item),
    status: statusOf(item, now),
    lastUsed: item.lastUsed ?? null,
    expiresAt: item.expiresAt ?? null,
    createdAt: item.createdAt,
  };
}

/** Keys a customer may hold that are not revoked (expired ones count until revoked). */
export const MAX_API_KEYS = 25;

const KEY_QUOTA: Quota = {
  counted: "apiKeys",
  max: MAX_API_KEYS,
  countItems: async (userId) =>
    (
      await db.entities.apiKey.query
        .byOwner({ userId })
        .go({ pages: "all", attributes: ["apiKeyId", "isActive"] })
    ).data.filter((key) => key.isActive).length,
  fullMessage: `You can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use first.`,
};

/**
 * Makes a key, within the customer's MAX_API_KEYS; the answer holds the only copy of it there
 * will ever be.
 */
export async function create(userId: string, input: ApiKeyCreate, now = new Date()) {
  const { name, permission, expiresInDays } = apiKeyCreateSchema.parse(input);
  const prefix = `${API_KEY_MARK}${randomBytes(5).toString("hex")}`;
  const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
  const { data } = await createWithin(
    userId,
    KEY_QUOTA,
    () =>
      db.entities.apiKey
        .create({
          userId,
          name,
          keyPrefix: prefix,
          keyHash: sha256(key).toString("hex"),
          permissions: permission === "write" ? ["read", "write"] : ["read"],
          ...(expiresInDays
            ? { expiresAt: new Date(now.getTime() + expiresInDays * 86_400_000).toISOString() }
            : {}),
        })
        .go(),
    now.getTime(),
  );
  return { key, apiKey: toApiKey(data as ApiKeyItem, now) };
}

/** The customer's keys, newest first, revoked and expired ones included (marked so). */
export async function list(userId: string, now = new Date()): Promise<ApiKey[]> {
  const { data } = await db.entities.apiKey.query.byOwner({ userId }).go({ order: "desc" });
  return data.map((item) => toApiKey(item, now));
}

/**
 * Revokes a key for good: the next request with it is a 401, and its place under the cap is
 * free. Revoking twice is harmless (and frees the place once: the change is conditional).
 */
export async function revoke(userId: string, apiKeyId: string): Promise<ApiKey> {
  if (!isId(apiKeyId)) throw new NotFoundError("API key not found");
  try {
    const { data } = await db.entities.apiKey
      .patch({ userId, apiKeyId })
      .set({ isActive: false })
      .where((attr, op) => op.eq(attr.isActive, true))
      .go({ response: "all_new" });
    await release(userId, "apiKeys");
    await recordTombstone({ kind: "api-key", userId, apiKeyId });
    return toApiKey(data as ApiKeyItem);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  // Missing, or revoked already (by a try whose record may have failed: recorded again).
  const { data } = await db.entities.apiKey.get({ userId, apiKeyId }).go({ consistent: true });
  if (!data) throw new NotFoundError("API key not found");
  if (!data.isActive) await recordTombstone({ kind: "api-key", userId, apiKeyId });
  return toApiKey(data);
}
