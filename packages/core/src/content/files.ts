/**
 * The customer's content (docs/content.md): presigned uploads, the check that confirms an
 * upload before it is listed, downloads, deletion, the quota, and the attachments other
 * features (ticket messages, review rounds) hang on their own records.
 *
 * An upload is a record ("pending") and a presigned PUT fixing the key, type and length; its
 * bytes are reserved under the quota when it is granted (storage-reservations.ts). The
 * browser PUTs the bytes straight to the bucket, then asks to confirm: only an object that is
 * there, of the declared size and type, whose first bytes are that type's, becomes
 * "confirmed". Anything else is deleted (object and record, its bytes given back) and refused.
 */
import * as ContentStore from "../adapters/content-store";
import type { People } from "../attribution/people";
import {
  CONTENT_TYPES,
  type ContentFile,
  type ContentList,
  type ContentType,
  formatBytes,
  isRasterImage,
  type NewUpload,
  type PresignedUpload,
  type StorageUsage,
} from "../contracts/content";
import { type ContentFileItem, db, isConditionFailure, isId, newId } from "../db/service";
import { NotFoundError, UnprocessableError, ValidationError } from "../errors";
import { matchesType, SNIFF_BYTES } from "./magic";
import { filePeople, fileView, listFiles, ownFiles, quotaOf } from "./records";
import {
  PENDING_HOLD_MS,
  releaseUpload,
  reserveUpload,
  stillPending,
  uploadConfirmed,
} from "./storage-reservations";

/** How long a presigned upload (and a download link) stays valid. */
export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = 15 * 60;

/** Every object of a customer's content lives under this prefix, and only there. */
export const contentPrefix = (userId: string) => `users/${userId}/content/`;
const objectKey = (userId: string, fileId: string) => `${contentPrefix(userId)}${fileId}`;

/**
 * Who uploads: a member of the customer's account (docs/team.md, "Who did it"), or a member of
 * the provider's team on their behalf.
 */
export type Uploader = { type: "customer"; memberId: string } | { type: "staff"; staffId: string };

const FILE_NOT_FOUND = "File not found";

function overQuota(usage: StorageUsage, sizeBytes: number): UnprocessableError {
  const left = Math.max(0, usage.quotaBytes - usage.usedBytes);
  const message = `This file (${formatBytes(sizeBytes)}) does not fit in your storage: ${formatBytes(left)} of ${formatBytes(usage.quotaBytes)} left. Delete files you no longer need first.`;
  return new UnprocessableError(message, { sizeBytes: message });
}

function requireExtension(fileName: string, contentType: ContentType) {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const { extensions, label } = CONTENT_TYPES[contentType];
  if (!extension || !(extensions as readonly string[]).includes(extension)) {
    const message = `A ${label} must be named .${extensions.join(" or .")}`;
    throw new ValidationError(message, { fileName: message });
  }
}

async function requireOwnSite(userId: string, siteId: string) {
  const message = "The site was not found";
  if (!isId(siteId)) throw new ValidationError(message, { siteId: message });
  const { data } = await db.entities.site.get({ userId, siteId }).go({ attributes: ["siteId"] });
  if (!data) throw new ValidationError(message, { siteId: message });
}

/**
 * Starts an upload to `userId`'s files: checks the name, the site and the quota, writes the
 * pending record and answers the presigned PUT. The request's type and size are already
 * within the allowed list and the per-file limit (contracts/content.ts).
 */
export async function createUpload(
  userId: string,
  input: NewUpload,
  by: Uploader,
  now = new Date(),
): Promise<PresignedUpload> {
  requireExtension(input.fileName, input.contentType);
  if (input.siteId) await requireOwnSite(userId, input.siteId);
  await reserveUpload(userId, input.sizeBytes, await quotaOf(userId), overQuota, now);

  const fileId = newId();
  const key = objectKey(userId, fileId);
  const expires = now.getTime() + UPLOAD_URL_SECONDS * 1000;
  const expiresAt = new Date(expires).toISOString();
  await db.entities.contentFile
    .create({
      userId,
      fileId,
      siteId: input.siteId,
      name: input.fileName.trim(),
      contentType: input.contentType,
      sizeBytes: input.sizeBytes,
      objectKey: key,
      purpose: input.purpose,
      state: "pending",
      uploadedBy: by.type,
      uploadedById: by.type === "customer" ? by.memberId : undefined,
      uploadedByStaffId: by.type === "staff" ? by.staffId : undefined,
      uploadExpiresAt: expiresAt,
      expiresAt: Math.floor((expires + PENDING_HOLD_MS) / 1000) + 86_400,
    })
    .go({ response: "none" })
    .catch(async (error: unknown) => {
      await releaseUpload(userId, { bytes: input.sizeBytes, pending: true });
      throw error;
    });
  const signed = await ContentStore.presignUpload(
    key,
    input.contentType,
    input.sizeBytes,
    UPLOAD_URL_SECONDS,
  );
  return {
    file: { id: fileId, name: input.fileName.trim(), key },
    upload: { method: "PUT", url: signed.url, headers: signed.headers, expiresAt },
  };
}

/** Deletes the record and gives its bytes back, once: only the call that removed it does. */
async function dropRecord(item: ContentFileItem) {
  try {
    await db.entities.contentFile.remove({ userId: item.userId, fileId: item.fileId }).go();
  } catch (error) {
    if (isConditionFailure(error)) return;
    throw error;
  }
  await releaseUpload(item.userId, { bytes: item.sizeBytes, pending: item.state === "pending" });
}

async function discard(item: ContentFileItem) {
  await ContentStore.remove(item.objectKey);
  await dropRecord(item);
}

async function findItem(userId: string, fileId: string): Promise<ContentFileItem> {
  if (!isId(fileId)) throw new NotFoundError(FILE_NOT_FOUND);
  const { data } = await db.entities.contentFile.get({ userId, fileId }).go({ consistent: true });
  if (!data) throw new NotFoundError(FILE_NOT_FOUND);
  return data;
}

/**
 * Confirms an upload: the object under the record's key must be there, of the declared size
 * and type, start with that type's bytes and fit the quota. Refused otherwise, and whatever
 * was uploaded is deleted with the record. Confirming twice answers the file again.
 */
export async function confirmUpload(
  userId: string,
  fileId: string,
  key: string,
  now = new Date(),
): Promise<ContentFile> {
  return toFile((await confirmRecord(userId, fileId, key, now)).item);
}

/**
 * confirmUpload without links: the record as confirmed, and whether this call confirmed it
 * (false when it was confirmed already). The console's confirm answers no links, so every
 * link the team gets is an audited download (staff.ts).
 */
export async function confirmRecord(
  userId: string,
  fileId: string,
  key: string,
  now = new Date(),
): Promise<{ item: ContentFileItem; confirmedNow: boolean }> {
  // Checked before any lookup: a key of someone else's is never read, let alone deleted.
  if (!key.startsWith(contentPrefix(userId))) {
    const message = "The key is not one of your uploads";
    throw new ValidationError(message, { key: message });
  }
  const item = await findItem(userId, fileId);
  if (key !== item.objectKey) {
    const message = "The key is not this file's upload";
    throw new ValidationError(message, { key: message });
  }
  if (item.state === "confirmed") return { item, confirmedNow: false };
  if (!stillPending(item, now)) {
    await discard(item);
    const message = "This upload has expired: upload the file again";
    throw new ValidationError(message, { key: message });
  }

  const stored = await ContentStore.head(item.objectKey);
  if (!stored) {
    await dropRecord(item);
    const message = "Nothing was uploaded under this key: upload the file again";
    throw new ValidationError(message, { key: message });
  }
  const type = item.contentType as ContentType;
  const refuse = async (field: "sizeBytes" | "contentType", message: string) => {
    await discard(item);
    return new ValidationError(message, { [field]: message });
  };
  if (stored.bytes !== item.sizeBytes) {
    throw await refuse(
      "sizeBytes",
      `The uploaded file is ${formatBytes(stored.bytes)}, not the ${formatBytes(item.sizeBytes)} declared`,
    );
  }
  if (stored.contentType !== item.contentType) {
    throw await refuse("contentType", `The uploaded file is not stored as ${item.contentType}`);
  }
  if (!matchesType(type, await ContentStore.firstBytes(item.objectKey, SNIFF_BYTES))) {
    throw await refuse("contentType", `The file's content is not a ${CONTENT_TYPES[type].label}`);
  }
  // Its bytes were reserved under the quota when the upload was granted.
  await ContentStore.markConfirmed(item.objectKey);
  try {
    const { data } = await db.entities.contentFile
      .patch({ userId, fileId })
      .set({ state: "confirmed", confirmedAt: now.toISOString() })
      .remove(["uploadExpiresAt", "expiresAt"])
      .where(({ state }, { eq }) => eq(state, "pending"))
      .go({ response: "all_new" });
    await uploadConfirmed(userId);
    return { item: { ...item, ...data } as ContentFileItem, confirmedNow: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Confirmed by a confirm that ran beside this one (or removed meanwhile).
    return { item: await findItem(userId, fileId), confirmedNow: false };
  }
}

/**
 * A file as the API answers it, with fresh presigned links (the console's list has none); its
 * uploader named from `people` (read for it when not given).
 */
export async function toFile(item: ContentFileItem, people?: People): Promise<ContentFile> {
  const download = (inline: boolean) =>
    ContentStore.presignDownload(item.objectKey, item.name, {
      inline,
      contentType: item.contentType,
      expiresIn: DOWNLOAD_URL_SECONDS,
    });
  return fileView(
    item,
    {
      downloadUrl: await download(false),
      previewUrl: isRasterImage(item.contentType) ? await download(true) : null,
    },
    people ?? (await filePeople([item])),
  );
}

/** A customer's confirmed files, newest first (of one site, if given), and their usage. */
export function list(userId: string, filter: { siteId?: string } = {}): Promise<ContentList> {
  return listFiles(userId, filter, toFile);
}

/** One confirmed file with fresh links (a ticket's attachment, opened). */
export async function get(userId: string, fileId: string): Promise<ContentFile> {
  const item = await findItem(userId, fileId);
  if (item.state !== "confirmed") throw new NotFoundError(FILE_NOT_FOUND);
  return toFile(item);
}

/** Deletes a file: the object, then its record (a retry finds the record and finishes). */
export async function remove(userId: string, fileId: string): Promise<ContentFileItem> {
  const item = await findItem(userId, fileId);
  await discard(item);
  return item;
}

/** Every file of one site, erased with the site (sites/erase.ts). */
export async function eraseSiteFiles(userId: string, siteId: string): Promise<number> {
  const files = (await ownFiles(userId)).filter((f) => f.siteId === siteId);
  for (const item of files) await discard(item);
  return files.length;
}

/**
 * The content given to no site (the questionnaire's logo and content, proofs), erased when a
 * subscription's sites are (billing/sites-deletion-job.ts): it was handed over to build them.
 * Ticket attachments stay with the tickets, which outlive the sites.
 */
export async function eraseUnassignedContent(userId: string): Promise<number> {
  const files = (await ownFiles(userId)).filter((f) => !f.siteId && f.purpose !== "attachment");
  for (const item of files) await discard(item);
  return files.length;
}
