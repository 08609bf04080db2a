/** POST /api/account/export: a new export, queued for the PrivacyJobs queue (export.ts). */
import type { DataExport } from "../contracts/privacy";
import { type DataExportItem, db, isConditionFailure, newId } from "../db/service";
import { RateLimitError } from "../errors";
import { EXPORT_BUSY_MESSAGE, markFailed, STALE_EXPORT_MS, toDataExport } from "./export";
import { sendPrivacyJob } from "./jobs-queue";

/**
 * Asks for a new export: refused (429) while one is queued or running. A new request replaces
 * the previous file, which the bucket's lifecycle rule then removes.
 */
export async function request(userId: string, now = new Date()): Promise<DataExport> {
  const fields = {
    exportId: newId(),
    status: "queued" as const,
    requestedAt: now.toISOString(),
  };
  let item: DataExportItem;
  try {
    const { data } = await db.entities.dataExport.create({ userId, ...fields }).go();
    item = data as DataExportItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const staleBefore = new Date(now.getTime() - STALE_EXPORT_MS).toISOString();
    try {
      const { data } = await db.entities.dataExport
        .patch({ userId })
        .set(fields)
        .remove(["finishedAt", "objectKey", "sizeBytes", "availableUntil", "error"])
        .where(
          (attr, op) =>
            `${op.eq(attr.status, "ready")} OR ${op.eq(attr.status, "failed")} OR ${op.lt(attr.requestedAt, staleBefore)}`,
        )
        .go({ response: "all_new" });
      item = data as DataExportItem;
    } catch (patchError) {
      if (isConditionFailure(patchError)) throw new RateLimitError(EXPORT_BUSY_MESSAGE);
      throw patchError;
    }
  }
  try {
    await sendPrivacyJob({ kind: "export", userId, exportId: item.exportId });
  } catch (error) {
    // Not queued: say so at once rather than leave the customer waiting out the stale time.
    await markFailed(userId, item.exportId, "could not be queued");
    throw error;
  }
  // Just queued: no file yet, so no link to presign.
  return toDataExport(item, now, null);
}
