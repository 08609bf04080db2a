/**
 * A customer's API keys as the team sees them (docs/console.md): their metadata (never a key
 * or its hash), and revoking one, recorded in the audit log like every staff write.
 */
import type { ApiKey } from "../contracts/developer";
import { db, isId } from "../db/service";
import { toApiKey } from "../developer/api-keys";
import { NotFoundError } from "../errors";
import { recordAction, type StaffActor } from "./audit-log";

export async function list(userId: string, now = new Date()): Promise<ApiKey[]> {
  const { data } = await db.entities.apiKey.query
    .byOwner({ userId })
    .go({ order: "desc", pages: "all" });
  return data.map((item) => toApiKey(item, now));
}

/** Revokes the key; revoking one that is revoked already changes nothing and logs nothing. */
export async function revoke(actor: StaffActor, userId: string, apiKeyId: string): Promise<ApiKey> {
  if (!isId(apiKeyId)) throw new NotFoundError("API key not found");
  const { data: key } = await db.entities.apiKey.get({ userId, apiKeyId }).go({ consistent: true });
  if (!key) throw new NotFoundError("API key not found");
  if (!key.isActive) return toApiKey(key);
  const { data } = await db.entities.apiKey
    .patch({ userId, apiKeyId })
    .set({ isActive: false })
    .go({ response: "all_new" });
  const revoked = toApiKey({ ...key, ...data });
  await recordAction(actor, {
    action: "apiKey.revoke",
    targetType: "apiKey",
    targetId: apiKeyId,
    customerId: userId,
    before: { name: key.name, keyPrefix: key.keyPrefix, status: toApiKey(key).status },
    after: { status: revoked.status },
  });
  return revoked;
}
