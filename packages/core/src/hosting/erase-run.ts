/**
 * The Deployments worker's side of a deleted site's hosting (erase.ts queues it): its hosts
 * and previews serve nothing, its deployments' files and leftover uploads are deleted. Safe to
 * run again.
 */
import { writeEntries } from "../adapters/edge-routes";
import * as Store from "../adapters/hosting-store";
import type { EraseMessage } from "./deployments-queue";
import { deploymentPrefix, uploadKey } from "./enums";

/** The worker's side: nothing served, nothing stored. Safe to run again. */
export async function runErase(message: EraseMessage): Promise<void> {
  if (message.hosts.length) await writeEntries({ remove: message.hosts });
  for (const deploymentId of message.deploymentIds) {
    await Store.deletePrefix(deploymentPrefix(deploymentId));
    await Store.remove(uploadKey(deploymentId));
  }
}
