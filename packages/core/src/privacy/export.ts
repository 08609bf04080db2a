/**
 * "Export my data" (docs/privacy.md), the request side: a customer asks on /settings
 * (export-request.ts), and a job on the PrivacyJobs queue (export-job.ts) builds one zip of
 * everything the portal holds about them. One export at a time per customer: the request is a
 * condition on the customer's one export item. The status (export-status.ts) hands out fresh
 * download links while the file is kept. What both routes and the job share is here, without
 * the bucket or the queue, so each route carries only the one it calls.
 */
import type { DataExport } from "../contracts/privacy";
import { type DataExportItem, db } from "../db/service";
import { EXPORT_KEEP_DAYS, EXPORTS_PREFIX } from "./enums";

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

/** Whether the item's file is there to download: ready, and not yet past its keeping time. */
export function isDownloadable(
  item: DataExportItem,
  now: Date,
): item is DataExportItem & { objectKey: string; availableUntil: string } {
  return (
    item.status === "ready" &&
    !!item.objectKey &&
    !!item.availableUntil &&
    Date.parse(item.availableUntil) > now.getTime()
  );
}

/**
 * The export as the API answers it, with the download link the caller made (export-status.ts
 * presigns one while the file is kept; a request just queued has none).
 */
export function toDataExport(
  item: DataExportItem,
  now: Date,
  downloadUrl: string | null,
): DataExport {
  return {
    id: item.exportId,
    status: isStale(item, now) ? "failed" : item.status,
    requestedAt: item.requestedAt,
    finishedAt: item.finishedAt ?? null,
    sizeBytes: item.sizeBytes ?? null,
    availableUntil: isDownloadable(item, now) ? item.availableUntil : null,
    downloadUrl: isDownloadable(item, now) ? downloadUrl : null,
  };
}

export async function currentItem(userId: string) {
  const { data } = await db.entities.dataExport.get({ userId }).go({ consistent: true });
  return data;
}

export const EXPORT_BUSY_MESSAGE =
  "Your data export is already being prepared. We will e-mail you when it is ready.";

export async function markFailed(userId: string, exportId: string, reason: string) {
  await db.entities.dataExport
    .patch({ userId })
    .set({ status: "failed", error: reason, finishedAt: new Date().toISOString() })
    .where((attr, op) => op.eq(attr.exportId, exportId))
    .go()
    .catch(() => undefined);
}
