/**
 * The customer's content records (docs/content.md) as other features read them: the quota's
 * usage, the list, a file's view with whatever links the caller made, and the attachments that
 * ticket messages and review rounds hang on their own records. Nothing here touches the bucket
 * (files.ts does), so the routes that only read records do not carry the S3 client
 * (docs/performance.md "Routes carry only what they call").
 */
import { type People, peopleByIds, personRef } from "../attribution/people";
import type { Attachment, ContentFile, ContentList, StorageUsage } from "../contracts/content";
import { planById, STARTER_PLAN } from "../contracts/plans";
import { type ContentFileItem, db, isId } from "../db/service";
import { ValidationError } from "../errors";

/** Every record of the customer's content, pending ones too. */
export async function ownFiles(userId: string): Promise<ContentFileItem[]> {
  const { data } = await db.entities.contentFile.query
    .byOwner({ userId })
    .go({ pages: "all", consistent: true });
  return data;
}

/** The storage the customer's plan gives. */
export async function quotaOf(userId: string): Promise<number> {
  const { data: user } = await db.entities.user
    .get({ userId })
    .go({ attributes: ["subscriptionPlan"], consistent: true });
  return (planById(user?.subscriptionPlan) ?? STARTER_PLAN).storageBytes;
}

/** The quota of the customer's plan and what their confirmed files take. */
export async function usage(userId: string, files?: ContentFileItem[]): Promise<StorageUsage> {
  const [{ data: user }, all] = await Promise.all([
    db.entities.user.get({ userId }).go({ attributes: ["subscriptionPlan"] }),
    files ?? ownFiles(userId),
  ]);
  const plan = planById(user?.subscriptionPlan) ?? STARTER_PLAN;
  return {
    usedBytes: all.filter((f) => f.state === "confirmed").reduce((sum, f) => sum + f.sizeBytes, 0),
    quotaBytes: plan.storageBytes,
  };
}

/** A file's links: presigned by files.ts; none in the console's list (staff-list.ts). */
export interface FileLinks {
  downloadUrl: string | null;
  previewUrl: string | null;
}

export const NO_LINKS: FileLinks = { downloadUrl: null, previewUrl: null };

/**
 * Who uploaded a file: null for the team's; for a file older than teams the account's first
 * owner, whose id is the account's (docs/team.md, "Who did it").
 */
export const uploaderOf = (item: ContentFileItem) =>
  item.uploadedBy === "staff" ? null : (item.uploadedById ?? item.userId);

/** The people files name, in one read. */
export function filePeople(items: readonly ContentFileItem[]): Promise<People> {
  return peopleByIds(items.map(uploaderOf));
}

/** A file as the API answers it, with the links the caller made. */
export function fileView(item: ContentFileItem, links: FileLinks, people: People): ContentFile {
  return {
    id: item.fileId,
    name: item.name,
    contentType: item.contentType,
    sizeBytes: item.sizeBytes,
    siteId: item.siteId ?? null,
    purpose: item.purpose,
    uploadedBy: item.uploadedBy,
    uploader: personRef(uploaderOf(item), people),
    createdAt: item.confirmedAt ?? item.createdAt,
    downloadUrl: links.downloadUrl,
    previewUrl: links.previewUrl,
  };
}

/**
 * A customer's confirmed files, newest first (of one site, if given), each as `view` answers
 * it, and their usage.
 */
export async function listFiles(
  userId: string,
  filter: { siteId?: string },
  view: (item: ContentFileItem, people: People) => ContentFile | Promise<ContentFile>,
): Promise<ContentList> {
  const files = await ownFiles(userId);
  const shown = files
    .filter((f) => f.state === "confirmed" && (!filter.siteId || f.siteId === filter.siteId))
    .sort((a, b) => (b.confirmedAt ?? b.createdAt).localeCompare(a.confirmedAt ?? a.createdAt));
  const people = await filePeople(shown);
  return {
    files: await Promise.all(shown.map((item) => view(item, people))),
    usage: await usage(userId, files),
  };
}

/**
 * The files `fileIds` name, as attachments: each must be one of `userId`'s confirmed files
 * (the owner's, when staff attach to a customer's thread). Refused with the field
 * `attachments` otherwise, so nothing is written that points at another's file.
 */
export async function attachableFiles(userId: string, fileIds: readonly string[]) {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  const message = "An attached file was not found among your files";
  if (!ids.every(isId)) throw new ValidationError(message, { attachments: message });
  const { data } = await db.entities.contentFile
    .get(ids.map((fileId) => ({ userId, fileId })))
    .go({ consistent: true });
  const confirmed = data.filter((f) => f.state === "confirmed");
  if (confirmed.length !== ids.length) {
    throw new ValidationError(message, { attachments: message });
  }
  return ids.map((id) => toAttachment(confirmed.find((f) => f.fileId === id) as ContentFileItem));
}

export function toAttachment(item: ContentFileItem): Attachment {
  return {
    id: item.fileId,
    name: item.name,
    contentType: item.contentType,
    sizeBytes: item.sizeBytes,
  };
}

/**
 * The attachments of records that keep file ids (ticket messages), as they are now: a file
 * deleted since is left out. One read for all of them.
 */
export async function attachmentsById(
  userId: string,
  fileIds: readonly string[],
): Promise<Map<string, Attachment>> {
  const ids = [...new Set(fileIds)].filter(isId);
  if (ids.length === 0) return new Map();
  const { data } = await db.entities.contentFile
    .get(ids.map((fileId) => ({ userId, fileId })))
    .go();
  return new Map(
    data.filter((f) => f.state === "confirmed").map((f) => [f.fileId, toAttachment(f)]),
  );
}
