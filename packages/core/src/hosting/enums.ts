/**
 * Hosting's states and limits, written once (docs/hosting.md): the worker, the API's checks,
 * the contracts and the docs' tables read them from here.
 */

/** A deployment's states: uploading → queued → building → ready, or failed. */
export const DEPLOYMENT_STATUSES = ["uploading", "queued", "building", "ready", "failed"] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

const MB = 1024 * 1024;

export const HOSTING_LIMITS = {
  /** The uploaded zip, in bytes. */
  zipBytes: 100 * MB,
  /** All files unpacked together, in bytes. */
  unpackedBytes: 500 * MB,
  /** Files in one deployment. */
  files: 20_000,
  /** Unpacked size over compressed size, for one entry and for the whole zip. */
  compressionRatio: 100,
  /** A path inside the deployment, in characters (S3 keys stop at 1,024 bytes). */
  pathLength: 900,
} as const;

/** How long the presigned upload URL stays valid. */
export const UPLOAD_EXPIRES_SECONDS = 15 * 60;

/** Storage prefixes in the hosting bucket (docs/hosting.md "Storage"). */
export const UPLOADS_PREFIX = "uploads/";
export const DEPLOYMENTS_PREFIX = "deployments/";

/** The zip a team uploads for a deployment. */
export const uploadKey = (deploymentId: string) => `${UPLOADS_PREFIX}${deploymentId}.zip`;
/** Where a deployment's files live, never written again once ready. */
export const deploymentPrefix = (deploymentId: string) => `${DEPLOYMENTS_PREFIX}${deploymentId}/`;

/** Cache-Control of hashed asset names (`app.3f9a1c2e.js`) and of everything else. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
export const REVALIDATE_CACHE = "public, max-age=0, must-revalidate";

/** The zip's content type, signed into the presigned upload. */
export const ZIP_CONTENT_TYPE = "application/zip";
