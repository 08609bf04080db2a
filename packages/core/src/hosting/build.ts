/**
 * The deployment worker's job (docs/hosting.md "Queue and worker"): `queued` → `building` →
 * the zip checked and unpacked under deployments/<id>/ → `ready` with its preview entry, or
 * `failed` with the reason in words and nothing left served or stored. Safe to run twice: a
 * finished deployment is left as it is, and a build cut short starts over from an empty prefix.
 */
import { randomUUID } from "node:crypto";
import { rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { parameter } from "../adapters/bindings";
import * as Store from "../adapters/hosting-store";
import { type DeploymentItem, db } from "../db/service";
import { actionItem } from "../staff/audit-log";
import type { DeploymentMessage } from "./deployments-queue";
import { deploymentPrefix, uploadKey } from "./enums";
import { writePreview } from "./routing-entries";
import { cacheControlOf, contentTypeOf, isHtml, withTracker } from "./served-files";
import { openZip, ZipRefusal } from "./zip-archive";

/** Files larger than this are streamed to S3 rather than read into memory first. */
const BUFFER_LIMIT = 8 * 1024 * 1024;

export async function buildDeployment(
  message: DeploymentMessage,
): Promise<DeploymentItem["status"]> {
  const { userId, siteId, deploymentId } = message;
  const key = { userId, siteId, deploymentId };
  const { data: deployment } = await db.entities.deployment.get(key).go({ consistent: true });
  if (!deployment) return "failed";
  if (
    deployment.status === "ready" ||
    deployment.status === "failed" ||
    deployment.status === "uploading"
  ) {
    return deployment.status;
  }
  const { data: site } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!site) {
    await fail(deployment, "The site was deleted");
    return "failed";
  }
  await db.entities.deployment.patch(key).set({ status: "building" }).go({ response: "none" });

  const prefix = deploymentPrefix(deploymentId);
  const file = path.join(tmpdir(), `deployment-${deploymentId}-${randomUUID()}.zip`);
  try {
    // A retry starts from nothing: whatever an earlier attempt wrote goes first.
    await Store.deletePrefix(prefix);
    await Store.download(uploadKey(deploymentId), file);
    const { size } = await stat(file);
    const zip = await openZip(file, size);
    try {
      const scriptUrl = site.analyticsEnabled ? trackerUrl() : undefined;
      await zip.unpack(async (entry, body) => {
        const contentType = contentTypeOf(entry.path);
        const cacheControl = cacheControlOf(entry.path);
        const objectKey = `${prefix}${entry.path}`;
        if (scriptUrl && isHtml(entry.path)) {
          const html = withTracker((await buffer(body)).toString("utf8"), scriptUrl, siteId);
          const bytes = Buffer.from(html, "utf8");
          return Store.put(objectKey, bytes, { contentType, cacheControl, bytes: bytes.length });
        }
        const data: Buffer | Readable = entry.bytes <= BUFFER_LIMIT ? await buffer(body) : body;
        await Store.put(objectKey, data, { contentType, cacheControl, bytes: entry.bytes });
      });
    } finally {
      zip.close();
    }
    const ready = {
      unpackedBytes: zip.plan.unpackedBytes,
      fileCount: zip.plan.files.length,
      hasNotFoundPage: zip.plan.hasNotFoundPage,
    };
    await writePreview(site, { deploymentId, hasNotFoundPage: ready.hasNotFoundPage });
    await db.transaction
      .write(({ deployment: deployments, staffAction }) => [
        deployments
          .patch(key)
          .set({ status: "ready", readyAt: new Date().toISOString(), ...ready })
          .commit(),
        staffAction
          .create(
            actionItem(uploader(deployment), {
              action: "deployment.ready",
              targetType: "site",
              targetId: siteId,
              customerId: userId,
              before: null,
              after: {
                deploymentId,
                fileCount: ready.fileCount,
                unpackedBytes: ready.unpackedBytes,
              },
            }),
          )
          .commit(),
      ])
      .go();
    await Store.remove(uploadKey(deploymentId));
    return "ready";
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error;
    await Store.deletePrefix(prefix);
    await Store.remove(uploadKey(deploymentId));
    await fail(deployment, error.message);
    return "failed";
  } finally {
    await rm(file, { force: true });
  }
}

/** The uploader, as the audit log names the actor of a deployment's outcome. */
function uploader(deployment: DeploymentItem) {
  return {
    type: "staff" as const,
    userId: deployment.uploadedById,
    ...(deployment.uploadedByEmail ? { email: deployment.uploadedByEmail } : {}),
  };
}

async function fail(deployment: DeploymentItem, reason: string): Promise<void> {
  const { userId, siteId, deploymentId } = deployment;
  await db.transaction
    .write(({ deployment: deployments, staffAction }) => [
      deployments
        .patch({ userId, siteId, deploymentId })
        .set({ status: "failed", failureReason: reason })
        .commit(),
      staffAction
        .create(
          actionItem(uploader(deployment), {
            action: "deployment.failed",
            targetType: "site",
            targetId: siteId,
            customerId: userId,
            before: null,
            after: { deploymentId, failureReason: reason },
          }),
        )
        .commit(),
    ])
    .go();
}

/** Where hosted pages load the first-party tracking script: the portal's /api/collect.js. */
function trackerUrl(): string {
  const appUrl = parameter("APP_URL");
  if (!appUrl) throw new Error("Config.APP_URL is not set for this function");
  return new URL("/api/collect.js", appUrl).href;
}

/** Marks a deployment failed after its last receive (the worker kept crashing on it). */
export async function failDeployment(message: DeploymentMessage, reason: string): Promise<void> {
  const { data: deployment } = await db.entities.deployment.get(message).go({ consistent: true });
  if (!deployment || deployment.status === "ready" || deployment.status === "failed") return;
  await Store.deletePrefix(deploymentPrefix(message.deploymentId));
  await fail(deployment, reason);
}
