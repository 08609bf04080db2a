/**
 * The customer's content (docs/content.md): files a customer or the team uploads straight to
 * the private bucket with a presigned upload, confirmed by the API before they are listed.
 * Imported by the web bundle: zod and plain data only.
 */
import { FILE_PURPOSES } from "../content/enums";
import { actedBySchema } from "./attribution";
import { text } from "./text";
import * as z from "./zod";

/**
 * What may be uploaded: the declared type, the file-name extensions it goes with, and whether it
 * is a raster image (shown inline as a thumbnail). Everything else, SVG included (it can carry
 * script), is only ever handed out as a download (`Content-Disposition: attachment`).
 */
export const CONTENT_TYPES = {
  "image/png": { label: "PNG image", extensions: ["png"], raster: true },
  "image/jpeg": { label: "JPEG image", extensions: ["jpg", "jpeg"], raster: true },
  "image/webp": { label: "WebP image", extensions: ["webp"], raster: true },
  "image/svg+xml": { label: "SVG image", extensions: ["svg"], raster: false },
  "application/pdf": { label: "PDF document", extensions: ["pdf"], raster: false },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
    label: "Word document",
    extensions: ["docx"],
    raster: false,
  },
  "text/plain": { label: "Text file", extensions: ["txt"], raster: false },
  "application/zip": { label: "ZIP archive", extensions: ["zip"], raster: false },
} as const;
export type ContentType = keyof typeof CONTENT_TYPES;
export const CONTENT_TYPE_NAMES = Object.keys(CONTENT_TYPES) as [ContentType, ...ContentType[]];

/** The largest file one upload may be (25 MB). */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
/** The longest file name kept. */
export const MAX_FILE_NAME = 200;
/** How many files one ticket message may carry. */
export const MAX_ATTACHMENTS = 10;

/** The `accept` list of a file input: every allowed extension and type. */
export const ACCEPTED_FILES = [
  ...CONTENT_TYPE_NAMES,
  ...Object.values(CONTENT_TYPES).flatMap((t) => t.extensions.map((ext) => `.${ext}`)),
].join(",");

export const isRasterImage = (contentType: string) =>
  (CONTENT_TYPES as Record<string, { raster: boolean }>)[contentType]?.raster === true;

/** "1.5 MB", "820 KB": sizes as the portal shows them (1 MB = 1024 × 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

// A name is shown and used as the download's name: text (docs/security.md, "Text must be
// text"), no folders, and no text-direction controls, which make "invoice" + U+202E +
// "fdp.exe" read as "invoiceexe.pdf" in a list.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const fileNameSchema = text("File name", { error: "File name is required" }).check(
  z.minLength(1, "File name is required"),
  z.maxLength(MAX_FILE_NAME, `File name must be at most ${MAX_FILE_NAME} characters`),
  z.refine((name) => !/[/\\]/.test(name), "File name must not contain / or \\"),
  z.refine(
    (name) => !BIDI_CONTROLS.test(name),
    "File name must not contain text-direction controls",
  ),
  z.refine((name) => !/^\.+$/.test(name), "File name is not valid"),
);

export { FILE_PURPOSES, type FilePurpose } from "../content/enums";

/** POST /api/content/uploads (and the console's upload to a customer). */
export const createUploadRequestSchema = z.strictObject({
  fileName: fileNameSchema,
  contentType: z.enum(CONTENT_TYPE_NAMES, {
    error: "This type of file cannot be uploaded: use PNG, JPEG, WebP, SVG, PDF, DOCX, TXT or ZIP",
  }),
  sizeBytes: z
    .number({ error: "File size is required" })
    .check(
      z.int("File size must be a whole number of bytes"),
      z.gte(1, "The file is empty"),
      z.lte(MAX_FILE_BYTES, `A file may be at most ${formatBytes(MAX_FILE_BYTES)}`),
    ),
  siteId: z.optional(z.string().check(z.minLength(1))),
  purpose: z._default(z.enum(FILE_PURPOSES), "content"),
});
export type CreateUploadRequest = z.input<typeof createUploadRequestSchema>;
export type NewUpload = z.output<typeof createUploadRequestSchema>;

/** POST …/files/{id}/confirm: the key the upload was given, as the browser used it. */
export const confirmUploadRequestSchema = z.strictObject({
  key: z.string({ error: "key is required" }).check(z.minLength(1, "key is required")),
});

export const fileIdParamsSchema = z.object({ id: z.string() });
export const staffFileParamsSchema = z.object({ userId: z.string(), fileId: z.string() });
export const contentListQuerySchema = z.object({ siteId: z.optional(z.string()) });

/** A confirmed file, as its owner (and the team) see it. */
export const contentFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  siteId: z.nullable(z.string()),
  purpose: z.enum(FILE_PURPOSES),
  uploadedBy: z.enum(["customer", "staff"]),
  /** The member who uploaded it; null when the team did (docs/team.md, "Who did it"). */
  uploader: actedBySchema,
  createdAt: z.string(),
  /** A presigned GET that saves the file (Content-Disposition: attachment); null for staff lists. */
  downloadUrl: z.nullable(z.string()),
  /** Raster images only: a presigned GET shown inline, for the thumbnail. */
  previewUrl: z.nullable(z.string()),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

/** The few fields a ticket message shows of an attached file. */
export const attachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** The ids of a message's attachments: the caller's own confirmed files (attachableFiles). */
export const attachmentIdsSchema = z._default(
  z
    .array(z.string().check(z.minLength(1)))
    .check(z.maxLength(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} files per message`)),
  [],
);

export const storageUsageSchema = z.object({ usedBytes: z.number(), quotaBytes: z.number() });
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** GET /api/content/files: the caller's confirmed files (of one site, if asked) and their usage. */
export const contentListSchema = z.object({
  files: z.array(contentFileSchema),
  usage: storageUsageSchema,
});
export type ContentList = z.infer<typeof contentListSchema>;

/**
 * The presigned upload: a PUT of exactly `sizeBytes` bytes to `url` with these headers (the
 * length, type and tag are signed, docs/decisions.md "Uploads are presigned PUTs"), then a
 * confirm with `key`.
 */
export const presignedUploadSchema = z.object({
  file: z.object({ id: z.string(), name: z.string(), key: z.string() }),
  upload: z.object({
    method: z.literal("PUT"),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  }),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;

export const downloadSchema = z.object({ url: z.string() });
