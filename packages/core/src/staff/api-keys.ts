/**
 * A customer's API keys as the team sees them (docs/console.md): their metadata (never a key
 * or its hash), and revoking one, recorded in the audit log like every staff write.
 */
import { recordTombstone } from "../adapters/tombstones";
import type { ApiKey } from "../contracts/developer";
import { db, isId } from "../db/service";
import { toApiKey } from "../developer/api-keys";
import { release } from "../developer/quota";
import { NotFoundError } from "../errors";
import { actionItem, type StaffActor } from "./audit-log";

export async function list(userId: string, now = new Date()): Promise<ApiKey[]> {
  const { data } = await db.entities.apiKey.query
    .byOwner({ userId })
    .go({ order: "desc", pages: "all" });
  return data.map((item) => toApiKey(item, now));
}

/**
 * Revokes the key and records it in one transaction (docs/console.md), conditional on the key
 * being active: a key revoked already (or by a revoke running beside this one) changes nothing
 * and logs nothing. Its place under the customer's key cap is given back, as a customer's own
 * revoke does.
 */
export async function revoke(actor: StaffActor, userId: string, apiKeyId: string): Promise<ApiKey> {
  if (!isId(apiKeyId)) throw new NotFoundError("API key not found");
  const { data: key } = await db.entities.apiKey.get({ userId, apiKeyId }).go({ consistent: true });
  if (!key) throw new NotFoundError("API key not found");
  if (!key.isActive) {
    // Revoked already, maybe by a try whose record failed: recorded again (harmless).
    await recordTombstone({ kind: "api-key", userId, apiKeyId });
    return toApiKey(key);
  }
  const revoked = toApiKey({ ...key, isActive: false });
  const { canceled } = await db.transaction
    .write(({ apiKey, staffAction }) => [
      apiKey
        .patch({ userId, apiKeyId })
        .set({ isActive: false })
        .where((attr, op) => op.eq(attr.isActive, true))
        .commit(),
      staffAction
        .create(
          actionItem(actor, {
            action: "apiKey.revoke",
            targetType: "apiKey",
            targetId: apiKeyId,
            customerId: userId,
            before: { name: key.name, keyPrefix: key.keyPrefix, status: toApiKey(key).status },
            after: { status: revoked.status },
          }),
        )
        .commit(),
    ])
    .go();
  if (canceled) {
    // Revoked (or deleted) since it was read: nothing of ours was written.
    const { data } = await db.entities.apiKey.get({ userId, apiKeyId }).go({ consistent: true });
    if (!data) throw new NotFoundError("API key not found");
    return toApiKey(data);
  }
  await release(userId, "apiKeys");
  // Outside the table, for a point-in-time restore to re-apply (adapters/tombstones.ts).
  await recordTombstone({ kind: "api-key", userId, apiKeyId });
  return revoked;
}
