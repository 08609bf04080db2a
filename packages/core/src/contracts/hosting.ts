/**
 * Hosting's contracts (docs/hosting.md "API"): a site's deployments as the console lists them,
 * the upload's request and answer, and the publish request. Staff routes only.
 */
import { DEPLOYMENT_STATUSES, HOSTING_LIMITS } from "../hosting/enums";
import { approvalOverrideSchema } from "./review";
import { staffSiteParamsSchema } from "./staff";
import { text } from "./text";
import * as z from "./zod";

export const deploymentSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  status: z.enum(DEPLOYMENT_STATUSES),
  /** Why the build failed, in words; null unless `failed`. */
  failureReason: z.nullable(z.string()),
  fileName: z.string(),
  zipBytes: z.number(),
  unpackedBytes: z.nullable(z.number()),
  fileCount: z.nullable(z.number()),
  /** The uploader's e-mail address, or their id when the token carried none. */
  uploadedBy: z.string(),
  createdAt: z.string(),
  readyAt: z.nullable(z.string()),
  /** The deployment's own address (noindex), once ready. */
  previewUrl: z.nullable(z.string()),
  /** Whether the site's hosts serve it now. */
  live: z.boolean(),
  /** The last time it was published. */
  publishedAt: z.nullable(z.string()),
});
export type Deployment = z.infer<typeof deploymentSchema>;

export const deploymentListSchema = z.object({
  /** Newest first. */
  deployments: z.array(deploymentSchema),
  /** The site's production address once it has a host name (its first deployment). */
  productionUrl: z.nullable(z.string()),
  liveDeploymentId: z.nullable(z.string()),
});
export type DeploymentList = z.infer<typeof deploymentListSchema>;

const MB = 1024 * 1024;
export const HOSTING_MESSAGES = {
  notZip: "Upload a .zip file",
  tooLarge: `The zip must be at most ${HOSTING_LIMITS.zipBytes / MB} MB`,
  empty: "The zip is empty",
} as const;

/** POST …/deployments: the zip the browser is about to upload. */
export const deploymentCreateSchema = z.strictObject({
  fileName: text("File name").check(
    z.minLength(1),
    z.maxLength(255, "At most 255 characters"),
    z.refine((name) => /\.zip$/i.test(name), HOSTING_MESSAGES.notZip),
  ),
  size: z
    .number({ error: "File size is required" })
    .check(
      z.int("File size must be a whole number of bytes"),
      z.gte(1, HOSTING_MESSAGES.empty),
      z.lte(HOSTING_LIMITS.zipBytes, HOSTING_MESSAGES.tooLarge),
    ),
});
export type DeploymentCreate = z.input<typeof deploymentCreateSchema>;

export const deploymentUploadSchema = z.object({
  deployment: deploymentSchema,
  /** The browser PUTs the zip to `url` with exactly these headers (the signature covers them). */
  upload: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }),
});
export type DeploymentUpload = z.infer<typeof deploymentUploadSchema>;

/** POST …/deployments/{deploymentId}/publish: going live without approval needs the reason. */
export const deploymentPublishSchema = z.strictObject({
  approvalOverride: z.optional(approvalOverrideSchema),
});
export type DeploymentPublish = z.input<typeof deploymentPublishSchema>;

export const deploymentParamsSchema = z.extend(staffSiteParamsSchema, {
  deploymentId: z.string().check(z.minLength(1), z.maxLength(100)),
});
