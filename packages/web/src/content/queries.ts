/**
 * The customer's content (docs/content.md) as the SPA reads and changes it: the list (of one
 * site, or all), and an upload in its three steps: ask the API for a presigned PUT, send the
 * bytes straight to the bucket with progress (upload.ts), then have the API confirm them.
 */
import type { ContentType, FilePurpose } from "@portal/core/contracts/content";
import { queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";
import { putWithProgress } from "./upload";

/** Every read of the files list, whatever its site: what an upload or delete refreshes. */
export const contentFilesKey = apiKey("GET /api/content/files");

export const contentFilesQuery = (siteId?: string) => {
  const input = { query: siteId ? { siteId } : {} };
  return queryOptions({
    queryKey: apiKey("GET /api/content/files", input),
    queryFn: () => call("GET /api/content/files", input),
    // The links in it are presigned for 15 minutes: refetched well before they expire.
    staleTime: 5 * 60_000,
  });
};

export interface UploadTarget {
  siteId?: string;
  purpose: FilePurpose;
  /** Upload to this customer's files instead (the console, staff only). */
  customerId?: string;
}

/**
 * Presign, PUT (reporting 0–1 progress) and confirm one file as `contentType` (the browser's
 * type, or the extension's when it has none: use-uploads.ts); answers the confirmed file.
 */
export async function uploadFile(
  file: File,
  contentType: ContentType,
  target: UploadTarget,
  onProgress: (fraction: number) => void,
) {
  const body = {
    fileName: file.name,
    contentType,
    sizeBytes: file.size,
    purpose: target.purpose,
    ...(target.siteId ? { siteId: target.siteId } : {}),
  };
  const started = target.customerId
    ? await call("POST /api/staff/customers/{userId}/uploads", {
        params: { userId: target.customerId },
        body,
      })
    : await call("POST /api/content/uploads", { body });
  await putWithProgress(started.upload, file, onProgress);
  const key = { key: started.file.key };
  return target.customerId
    ? call("POST /api/staff/customers/{userId}/files/{fileId}/confirm", {
        params: { userId: target.customerId, fileId: started.file.id },
        body: key,
      })
    : call("POST /api/content/files/{id}/confirm", {
        params: { id: started.file.id },
        body: key,
      });
}

export const deleteFile = (id: string) =>
  call("DELETE /api/content/files/{id}", { params: { id } });

/** A fresh download link of one of the caller's files (an attachment, opened). */
export const fileLink = (id: string) => call("GET /api/content/files/{id}", { params: { id } });

/** The console: a customer's files (no links), and an audited download link of one. */
export const customerFilesQuery = (userId: string, siteId?: string) => {
  const input = { params: { userId }, query: siteId ? { siteId } : {} };
  return queryOptions({
    queryKey: apiKey("GET /api/staff/customers/{userId}/files", input),
    queryFn: () => call("GET /api/staff/customers/{userId}/files", input),
  });
};

export const customerFileLink = (userId: string, fileId: string) =>
  call("POST /api/staff/customers/{userId}/files/{fileId}/download", {
    params: { userId, fileId },
  });
