/**
 * The S3 port for the customer's content (docs/content.md): presigned uploads and downloads,
 * and the checks the API makes on an uploaded object. The objects live under
 * `users/<userId>/content/` in the private bucket (Bucket.Screenshots; docs/decisions.md,
 * "Customer content in the private bucket").
 *
 * The bucket's binding is read at first use, not at import, so a function without the content
 * grants can import this module; using it there fails with an error naming the binding.
 * No endpoint here: the SDK reads AWS_ENDPOINT_URL_S3 itself (s3rver locally).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { CONFIRMED_TAG, UNCONFIRMED_TAG } from "../content/enums";
import { readBinding } from "./bindings";
import { presigningS3 } from "./s3";

/** The bucket, read at first use: a MissingBindingError naming the content grants otherwise. */
const bucketName = () => readBinding("contentStore");

// client-s3 and the presigner come from different SDK releases whose smithy type packages
// differ; the runtime contract between them is the same (as in blobs.ts).
type Presign = Parameters<typeof getSignedUrl>;

export interface PresignedPut {
  url: string;
  /** Headers the browser must send exactly: each is part of the signature. */
  headers: Record<string, string>;
}

/**
 * A PUT URL for exactly one object: this key, this type, this many bytes, tagged unconfirmed,
 * written once. Content-Length and Content-Type are signed headers, so S3 (and s3rver) refuse a
 * body of any other length or type: the presigned POST policy's content-length-range, narrowed
 * to one size. `If-None-Match: *` is signed too: S3 writes the object only if the key holds none
 * (a conditional write), so the URL cannot be used again, within its 15 minutes, to overwrite
 * a file that was confirmed with bytes that never passed the confirm's checks.
 */
export async function presignUpload(
  key: string,
  contentType: string,
  sizeBytes: number,
  expiresIn: number,
): Promise<PresignedPut> {
  const tagging = `${UNCONFIRMED_TAG.Key}=${UNCONFIRMED_TAG.Value}`;
  const command = new PutObjectCommand({
    Bucket: bucketName(),
    Key: key,
    ContentType: contentType,
    ContentLength: sizeBytes,
    Tagging: tagging,
    IfNoneMatch: "*",
  }) as unknown as Presign[1];
  const url = await getSignedUrl(presigningS3() as unknown as Presign[0], command, {
    expiresIn,
    signableHeaders: new Set(["content-type", "content-length", "x-amz-tagging", "if-none-match"]),
    // Kept headers (not hoisted to the query) so they are signed as such and S3 applies them.
    unhoistableHeaders: new Set(["x-amz-tagging", "if-none-match"]),
  });
  return {
    url,
    headers: { "Content-Type": contentType, "x-amz-tagging": tagging, "If-None-Match": "*" },
  };
}

/** An object's size and type, or undefined when there is none under `key`. */
export async function head(
  key: string,
): Promise<{ bytes: number; contentType: string | undefined } | undefined> {
  try {
    const answer = await presigningS3().send(
      new HeadObjectCommand({ Bucket: bucketName(), Key: key }),
    );
    return { bytes: answer.ContentLength ?? 0, contentType: answer.ContentType };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) return undefined;
    throw error;
  }
}

/** The first `count` bytes of an object (fewer if it is shorter). */
export async function firstBytes(key: string, count: number): Promise<Uint8Array> {
  const answer = await presigningS3().send(
    new GetObjectCommand({ Bucket: bucketName(), Key: key, Range: `bytes=0-${count - 1}` }),
  );
  const bytes = answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
  // A server that ignores Range sends the whole object: keep only what was asked for.
  return bytes.subarray(0, count);
}

/** Marks an upload as checked, so the lifecycle rule for unconfirmed uploads leaves it. */
export async function markConfirmed(key: string): Promise<void> {
  await presigningS3().send(
    new PutObjectTaggingCommand({
      Bucket: bucketName(),
      Key: key,
      Tagging: { TagSet: [{ ...CONFIRMED_TAG }] },
    }),
  );
}

export async function remove(key: string): Promise<void> {
  await presigningS3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
}

/**
 * A GET URL for one object. `inline` only for raster images, and then with the stored type
 * forced; anything else is saved under `fileName`, never shown by the browser.
 */
export function presignDownload(
  key: string,
  fileName: string,
  options: { inline: boolean; contentType: string; expiresIn: number },
): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: bucketName(),
    Key: key,
    ResponseContentType: options.contentType,
    ResponseContentDisposition: options.inline ? "inline" : attachmentDisposition(fileName),
  }) as unknown as Presign[1];
  return getSignedUrl(presigningS3() as unknown as Presign[0], command, {
    expiresIn: options.expiresIn,
  });
}

/**
 * `attachment` with an ASCII fallback name and the exact name in RFC 5987 form, whose value may
 * hold only `attr-char`s: encodeURIComponent leaves `'`, `(`, `)` and `*` as they are, so those
 * are percent-encoded too.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\w.\- ]/g, "_");
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
