/**
 * Confirming a deployment's upload (docs/hosting.md "API"): the zip arrived with the announced
 * size, and the worker takes it from here. In the staff audit log.
 */
import * as Store from "../adapters/hosting-store";
import type { Deployment } from "../contracts/hosting";
import { db, isConditionFailure } from "../db/service";
import { UnprocessableError } from "../errors";
import { getItem } from "../sites/item";
import { actionItem, type StaffActor } from "../staff/audit-log";
import { item, toDeployment } from "./deployments";
import { sendDeployment } from "./deployments-queue";
import { uploadKey } from "./enums";

/** The zip arrived with the announced size: the worker takes it from here (202 `queued`). */
export async function confirm(
  actor: StaffActor,
  userId: string,
  siteId: string,
  deploymentId: string,
): Promise<Deployment> {
  const site = await getItem(userId, siteId);
  const deployment = await item(userId, siteId, deploymentId);
  if (deployment.status !== "uploading") return toDeployment(deployment, site);
  const bytes = await Store.size(uploadKey(deploymentId));
  if (bytes === undefined) {
    throw new UnprocessableError("The zip has not been uploaded yet");
  }
  if (bytes !== deployment.zipBytes) {
    throw new UnprocessableError(
      `The upload has ${bytes} bytes, not the ${deployment.zipBytes} announced`,
    );
  }
  try {
    await db.transaction
      .write(({ deployment: deployments, staffAction }) => [
        deployments
          .patch({ userId, siteId, deploymentId })
          .set({ status: "queued" })
          .where((attr, op) => op.eq(attr.status, "uploading"))
          .commit(),
        staffAction
          .create(
            actionItem(actor, {
              action: "deployment.confirm",
              targetType: "site",
              targetId: siteId,
              customerId: userId,
              before: { status: "uploading" },
              after: { deploymentId, status: "queued" },
            }),
          )
          .commit(),
      ])
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  // Sent again on a repeated confirm: the worker leaves a finished deployment as it is.
  await sendDeployment({ userId, siteId, deploymentId });
  return toDeployment(await item(userId, siteId, deploymentId), site);
}
