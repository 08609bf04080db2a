/**
 * The S3 port for the private screenshots bucket (Bucket.Screenshots): put an object, delete
 * everything under a prefix, and hand out short-lived presigned GET URLs. The bucket is never
 * public; the browser only ever sees presigned URLs.
 *
 * No endpoint here: the SDK reads AWS_ENDPOINT_URL_S3 itself (s3rver locally). Path-style
 * addressing comes from Config.S3_FORCE_PATH_STYLE ("true" locally, where bucket subdomains
 * of 127.0.0.1 do not resolve).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { readBinding } from "./bindings";
import { deleteUnder, presigningS3, s3 } from "./s3";

/** How long a presigned screenshot URL stays valid: long enough to render a page, no more. */
export const PRESIGNED_URL_SECONDS = 15 * 60;

/** Bucket.Screenshots.bucketName, bound by any screenshots:* or exports:* grant. */
const bucket = () => readBinding("blobs");

export async function putObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: body,
      ContentType: contentType,
      // Each key is written once (the name carries a timestamp), so browsers may keep it.
      CacheControl: "private, max-age=86400, immutable",
    }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** Deletes every object whose key starts with `prefix`; answers how many were deleted. */
export function deletePrefix(prefix: string): Promise<number> {
  return deleteUnder(bucket(), prefix);
}

/** Keys under a prefix (tests and clean-up checks). */
export async function listKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** An object's size and type, or undefined when there is none under `key`. */
export async function headObject(
  key: string,
): Promise<{ bytes: number; contentType: string | undefined } | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return { bytes: head.ContentLength ?? 0, contentType: head.ContentType };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) return undefined;
    throw error;
  }
}

/** One object's bytes, or null when there is no such object. */
export async function getObjectBytes(key: string): Promise<Uint8Array | null> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return object.Body ? await object.Body.transformToByteArray() : null;
  } catch (error) {
    if ((error as { name?: string }).name === "NoSuchKey") return null;
    throw error;
  }
}

/**
 * A PUT URL for one object, valid for `expiresIn` seconds: whoever holds it can write that key
 * only, and only with `contentType` (signed, as the key is). The browser function stores a
 * screenshot through one and holds no key of its own (docs/security.md, "The audit browser").
 * The length cannot be signed (nobody knows it before the capture): the caller checks the
 * stored object with headObject.
 */
export function presignedPutUrl(
  key: string,
  contentType: string,
  expiresIn: number,
): Promise<string> {
  type Presign = Parameters<typeof getSignedUrl>;
  const client = presigningS3() as unknown as Presign[0];
  const command = new PutObjectCommand({
    Bucket: bucket(),
    Key: key,
    ContentType: contentType,
  }) as unknown as Presign[1];
  // The presigner leaves content-type unsigned unless asked: a URL must not accept any type.
  return getSignedUrl(client, command, { expiresIn, signableHeaders: new Set(["content-type"]) });
}

/**
 * A GET URL for one object, valid for `expiresIn` seconds (15 minutes by default). With a
 * `downloadName`, the browser saves the object under that name instead of showing it.
 */
export function presignedGetUrl(
  key: string,
  expiresIn = PRESIGNED_URL_SECONDS,
  downloadName?: string,
): Promise<string> {
  // client-s3 (3.699) and the presigner (3.11xx) come from different SDK releases whose
  // smithy type packages differ; the runtime contract between them is the same.
  type Presign = Parameters<typeof getSignedUrl>;
  const client = s3() as unknown as Presign[0];
  const command = new GetObjectCommand({
    Bucket: bucket(),
    Key: key,
    ...(downloadName
      ? {
          ResponseContentDisposition: `attachment; filename="${downloadName.replace(/[^\w.-]/g, "_")}"`,
        }
      : {}),
  }) as unknown as Presign[1];
  return getSignedUrl(client, command, { expiresIn });
}
