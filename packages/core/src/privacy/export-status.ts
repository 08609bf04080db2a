/** GET /api/account/export: the customer's latest export and, while it is kept, a link (export.ts). */
import { presignedGetUrl } from "../adapters/blobs";
import type { DataExport } from "../contracts/privacy";
import { currentItem, fileName, isDownloadable, toDataExport } from "./export";

/** The customer's latest export, with a fresh download link while the file is kept. */
export async function status(userId: string, now = new Date()): Promise<DataExport | null> {
  const item = await currentItem(userId);
  if (!item) return null;
  const downloadUrl = isDownloadable(item, now)
    ? await presignedGetUrl(item.objectKey, undefined, fileName(item))
    : null;
  return toDataExport(item, now, downloadUrl);
}
