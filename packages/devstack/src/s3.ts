/**
 * S3 stand-in: s3rver, persisted in a folder, with the screenshots bucket created and given
 * the CORS rule the deployed bucket has (stacks/content-bucket.ts): the SPA's origins may PUT
 * presigned uploads of content (docs/content.md).
 */
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import S3rver from "s3rver";
import { localCredentials } from "./aws";
import { close, hostForUrl } from "./net";

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3(options: {
  host: string;
  dir: string;
  buckets: string[];
  /** The origins whose pages upload content to the buckets (the stack's own). */
  uploadOrigins?: string[];
}): Promise<LocalS3> {
  await mkdir(options.dir, { recursive: true });
  // s3rver checks request signatures (presigned URLs included) against its own key list,
  // which only holds "S3RVER"; add the local stack's key so SDK calls and presigned GETs pass.
  const { DUMMY_ACCOUNT } = createRequire(import.meta.url)("s3rver/lib/models/account.js");
  DUMMY_ACCOUNT.createKeyPair(localCredentials.accessKeyId, localCredentials.secretAccessKey);
  const s3rver = new S3rver({
    address: options.host,
    port: 0,
    directory: options.dir,
    silent: true,
    // Clients use path-style URLs (S3_FORCE_PATH_STYLE), so no bucket-as-subdomain routing.
    vhostBuckets: false,
    // putBucket is a no-op for a bucket kept from an earlier run.
    configureBuckets: options.buckets.map((name) => ({
      name,
      configs: options.uploadOrigins?.length ? [uploadCorsXml(options.uploadOrigins)] : [],
    })),
  });
  const { port } = await s3rver.run();
  return {
    endpoint: `http://${hostForUrl(options.host)}:${port}`,
    stop: async () => {
      if (s3rver.httpServer) await close(s3rver.httpServer);
    },
  };
}

/**
 * The deployed bucket's CORS rule in S3's XML: PUT only, with the two headers a presigned
 * upload signs besides the length (core/adapters/content-store.ts).
 */
export function uploadCorsXml(origins: string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join("");
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>PUT</AllowedMethod><AllowedHeader>content-type</AllowedHeader><AllowedHeader>x-amz-tagging</AllowedHeader><AllowedHeader>if-none-match</AllowedHeader><MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}
