/**
 * Uploading a deployment (docs/hosting.md "API"): a new deployment and the presigned PUT of its
 * zip, in the staff audit log. The confirmation that hands it to the worker is confirm-upload.ts,
 * so this route's bundle holds no queue client (and needs no deployments:send grant).
 */
import * as Store from "../adapters/hosting-store";
import type { DeploymentCreate, DeploymentUpload } from "../contracts/hosting";
import { deploymentCreateSchema } from "../contracts/hosting";
import { type DeploymentItem, db, isConditionFailure, newId, type SiteItem } from "../db/service";
import { getItem } from "../sites/item";
import { recordAction, type StaffActor } from "../staff/audit-log";
import { domain, toDeployment } from "./deployments";
import { UPLOAD_EXPIRES_SECONDS, uploadKey, ZIP_CONTENT_TYPE } from "./enums";
import { hostNameFor } from "./host-names";

/** The site's host name, fixed by its first deployment and never changed afterwards. */
async function fixHostName(site: SiteItem): Promise<SiteItem> {
  if (site.hostName) return site;
  try {
    await db.entities.site
      .patch({ userId: site.userId, siteId: site.siteId })
      .set({ hostName: hostNameFor(site) })
      .where((attr, op) => op.notExists(attr.hostName))
      .go({ response: "none" });
  } catch (error) {
    // Another upload fixed it first: theirs stands.
    if (!isConditionFailure(error)) throw error;
  }
  return getItem(site.userId, site.siteId);
}

/** A new deployment and the presigned PUT its zip goes to (type and length signed). */
export async function createUpload(
  actor: StaffActor,
  userId: string,
  siteId: string,
  input: DeploymentCreate,
): Promise<DeploymentUpload> {
  const { fileName, size } = deploymentCreateSchema.parse(input);
  domain();
  const site = await fixHostName(await getItem(userId, siteId));
  const deploymentId = newId();
  const { data: created } = await db.entities.deployment
    .create({
      userId,
      siteId,
      deploymentId,
      status: "uploading",
      fileName,
      zipBytes: size,
      uploadedById: actor.userId,
      ...(actor.email ? { uploadedByEmail: actor.email } : {}),
    })
    .go();
  const upload = await Store.presignPut(
    uploadKey(deploymentId),
    ZIP_CONTENT_TYPE,
    size,
    UPLOAD_EXPIRES_SECONDS,
  );
  await recordAction(actor, {
    action: "deployment.upload",
    targetType: "site",
    targetId: siteId,
    customerId: userId,
    before: null,
    after: { deploymentId, fileName, zipBytes: size },
  });
  return { deployment: toDeployment(created as DeploymentItem, site), upload };
}
