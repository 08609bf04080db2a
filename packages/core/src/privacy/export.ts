/**
 * "Export my data" (docs/privacy.md), the request side: a customer asks on /settings, and a job
 * on the PrivacyJobs queue (export-job.ts) builds one zip of everything the portal holds about
 * them. One export at a time per customer: the request is a condition on the customer's one
 * export item. The status hands out fresh download links while the file is kept.
 */
import * as Blobs from "../adapters/blobs";
import type { DataExport } from "../contracts/privacy";
import { type DataExportItem, db, isConditionFailure, newId } from "../db/service";
import { RateLimitError } from "../errors";
import { EXPORT_KEEP_DAYS, EXPORTS_PREFIX } from "./enums";
import { sendPrivacyJob } from "./jobs-queue";

export { EXPORT_KEEP_DAYS, EXPORTS_PREFIX };

/** The mail's link: short, because a presigned link made with a function's role dies with it. */
export const MAIL_LINK_SECONDS = 60 * 60;
/**
 * A request still queued or running after this long outlived its job (retries and dead-letter
 * included): it counts as failed, and the customer may ask again.
 */
export const STALE_EXPORT_MS = 30 * 60_000;

export const fileName = (item: Pick<DataExportItem, "requestedAt">) =>
  `portal-data-${item.requestedAt.slice(0, 10)}.zip`;

function isStale(item: DataExportItem, now: Date) {
  const pending = item.status === "queued" || item.status === "running";
  return pending && now.getTime() - Date.parse(item.requestedAt) > STALE_EXPORT_MS;
}

async function toDataExport(item: DataExportItem, now: Date): Promise<DataExport> {
  const available =
    item.status === "ready" &&
    item.objectKey &&
    item.availableUntil &&
    Date.parse(item.availableUntil) > now.getTime();
  return {
    id: item.exportId,
    status: isStale(item, now) ? "failed" : item.status,
    requestedAt: item.requestedAt,
    finishedAt: item.finishedAt ?? null,
    sizeBytes: item.sizeBytes ?? null,
    availableUntil: available ? (item.availableUntil ?? null) : null,
    downloadUrl:
      available && item.objectKey
        ? await Blobs.presignedGetUrl(item.objectKey, undefined, fileName(item))
        : null,
  };
}

export async function currentItem(userId: string) {
  const { data } = await db.entities.dataExport.get({ userId }).go({ consistent: true });
  return data;
}

/** The customer's latest export, with a fresh download link while the file is kept. */
export async function status(userId: string, now = new Date()): Promise<DataExport | null> {
  const item = await currentItem(userId);
  return item ? toDataExport(item, now) : null;
}

export const EXPORT_BUSY_MESSAGE =
  "Your data export is already being prepared. We will e-mail you when it is ready.";

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
  return toDataExport(item, now);
}

export async function markFailed(userId: string, exportId: string, reason: string) {
  await db.entities.dataExport
    .patch({ userId })
    .set({ status: "failed", error: reason, finishedAt: new Date().toISOString() })
    .where((attr, op) => op.eq(attr.exportId, exportId))
    .go()
    .catch(() => undefined);
}
