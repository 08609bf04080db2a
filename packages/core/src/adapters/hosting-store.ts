/**
 * The S3 port of the hosting bucket (docs/hosting.md "Storage"): the presigned PUT of a
 * deployment's zip (uploads/), reading it back, writing the unpacked files (deployments/) with
 * their content type and cache control, and deleting a prefix. Bucket.Hosting is read at first
 * use (adapters/bindings.ts), so a function without a hosting grant can import this module.
 */
import { createWriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { readBinding } from "./bindings";
import { deleteUnder, presigningS3, s3 } from "./s3";

const bucketName = () => readBinding("hostingStore");

type Presign = Parameters<typeof getSignedUrl>;

export interface PresignedPut {
  url: string;
  /** Headers the browser must send exactly: each is part of the signature. */
  headers: Record<string, string>;
}

/** A PUT URL for exactly this key, type and length (both signed, so S3 refuses any other). */
export async function presignPut(
  key: string,
  contentType: string,
  sizeBytes: number,
  expiresIn: number,
): Promise<PresignedPut> {
  const command = new PutObjectCommand({
    Bucket: bucketName(),
    Key: key,
    ContentType: contentType,
    ContentLength: sizeBytes,
  }) as unknown as Presign[1];
  const url = await getSignedUrl(presigningS3() as unknown as Presign[0], command, {
    expiresIn,
    signableHeaders: new Set(["content-type", "content-length"]),
  });
  return { url, headers: { "Content-Type": contentType } };
}

/** An object's size, or undefined when there is none. */
export async function size(key: string): Promise<number | undefined> {
  try {
    const answer = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    return answer.ContentLength ?? 0;
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}

/** Copies an object into a local file (the worker reads the zip from disk, at random). */
export async function download(key: string, file: string): Promise<void> {
  const answer = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
  if (!answer.Body) throw new Error(`${key} has no body`);
  await pipeline(answer.Body as Readable, createWriteStream(file));
}

/** An object, or undefined when there is none (the local server reads what it serves). */
export async function read(
  key: string,
): Promise<
  | { body: Readable; contentType?: string; cacheControl?: string; bytes?: number; etag?: string }
  | undefined
> {
  try {
    const answer = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
    if (!answer.Body) return undefined;
    return {
      body: answer.Body as Readable,
      contentType: answer.ContentType,
      cacheControl: answer.CacheControl,
      bytes: answer.ContentLength,
      etag: answer.ETag,
    };
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}

export async function put(
  key: string,
  body: Buffer | Readable,
  options: { contentType: string; cacheControl: string; bytes: number },
): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucketName(),
      Key: key,
      Body: body,
      ContentLength: options.bytes,
      ContentType: options.contentType,
      CacheControl: options.cacheControl,
    }),
  );
}

/** Deletes every object under a prefix (a failed deployment's files, a deleted site's). */
export function deletePrefix(prefix: string): Promise<number> {
  return deleteUnder(bucketName(), prefix);
}

export async function remove(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
