/**
 * The S3 clients of a container, shared by the bucket's adapters (blobs, content-store), made
 * on first use. No endpoint here: the SDK reads AWS_ENDPOINT_URL_S3 (s3rver locally, with
 * path-style addressing).
 */
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { parameter } from "./bindings";

const pathStyle = () => parameter("S3_FORCE_PATH_STYLE") === "true";

let client: S3Client | undefined;
export function s3(): S3Client {
  client ??= new S3Client({ forcePathStyle: pathStyle() });
  return client;
}

let presigning: S3Client | undefined;
/**
 * The client presigned PUTs are signed with. By default the SDK puts the CRC32 of the empty body
 * it was given into a presigned PutObject URL, and S3 would then refuse every real file.
 */
export function presigningS3(): S3Client {
  presigning ??= new S3Client({
    forcePathStyle: pathStyle(),
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
  return presigning;
}

/**
 * Deletes every object of `bucket` under `prefix`, a page of keys at a time; answers how many.
 * The prefix must end at a folder boundary, or "…/sites/A" would also take "…/sites/AB".
 */
export async function deleteUnder(bucket: string, prefix: string): Promise<number> {
  if (!prefix.endsWith("/"))
    throw new Error(`deletePrefix needs a prefix ending in "/": ${prefix}`);
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (keys.length > 0) {
      await s3().send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      deleted += keys.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
