/**
 * The team's side of a customer's content (docs/console.md, "Files"): the list on the customer
 * page (staff-list.ts), downloads and uploads to the customer (a proof). Every download link
 * handed out and every upload is in the staff audit log.
 */
import type { ContentFile, NewUpload, PresignedUpload } from "../contracts/content";
import { NotFoundError } from "../errors";
import { recordAction, type StaffActor } from "../staff/audit-log";
import * as Files from "./files";
import { filePeople, fileView, NO_LINKS } from "./records";

/** A download link for one of the customer's files, recorded in the audit log. */
export async function download(
  actor: StaffActor,
  customerId: string,
  fileId: string,
): Promise<{ url: string }> {
  const file = await Files.get(customerId, fileId);
  if (!file.downloadUrl) throw new NotFoundError("File not found");
  await recordAction(actor, {
    action: "file.download",
    targetType: "file",
    targetId: fileId,
    customerId,
    before: null,
    after: { name: file.name },
  });
  return { url: file.downloadUrl };
}

/** Starts an upload to the customer's files (a proof, by default). */
export async function createUpload(
  actor: StaffActor,
  customerId: string,
  input: NewUpload,
): Promise<PresignedUpload> {
  const upload = await Files.createUpload(customerId, input, {
    type: "staff",
    staffId: actor.userId,
  });
  await recordAction(actor, {
    action: "file.upload",
    targetType: "file",
    targetId: upload.file.id,
    customerId,
    before: null,
    after: {
      name: upload.file.name,
      contentType: input.contentType,
      sizeBytes: input.sizeBytes,
      siteId: input.siteId ?? null,
    },
  });
  return upload;
}

/**
 * Confirms the team's upload; the customer sees it from now on. Answered without links: a
 * link the team gets is always an audited download. A file confirmed already is answered as
 * it is, and nothing is logged (nothing changed).
 */
export async function confirmUpload(
  actor: StaffActor,
  customerId: string,
  fileId: string,
  key: string,
): Promise<ContentFile> {
  const { item, confirmedNow } = await Files.confirmRecord(customerId, fileId, key);
  if (confirmedNow) {
    await recordAction(actor, {
      action: "file.confirm",
      targetType: "file",
      targetId: fileId,
      customerId,
      before: null,
      after: { name: item.name },
    });
  }
  return fileView(item, NO_LINKS, await filePeople([item]));
}
