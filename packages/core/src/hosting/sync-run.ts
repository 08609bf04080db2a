/**
 * The Deployments worker's side of a suspended or resumed site (docs/hosting.md "Paused sites";
 * billing/site-retention.ts queues it): the site is read now, so whatever order the messages
 * arrive in, its hosts end up saying what its record says. Safe to run again.
 */
import { writeEntries } from "../adapters/edge-routes";
import { db } from "../db/service";
import type { SyncMessage } from "./deployments-queue";
import { siteHosts } from "./host-names";
import { writeLive, writePaused } from "./routing-entries";

export type SyncOutcome = "no hosting" | "paused" | "live" | "unpublished";

export async function runSync({ userId, siteId }: SyncMessage): Promise<SyncOutcome> {
  const { data: site } = await db.entities.site.get({ userId, siteId }).go();
  // A deleted site's entries are the erase message's; a site never deployed has none.
  if (!site?.hostName) return "no hosting";
  if (site.suspendedAt) {
    await writePaused(site);
    return "paused";
  }
  const { data: deployment } = site.liveDeploymentId
    ? await db.entities.deployment.get({ userId, siteId, deploymentId: site.liveDeploymentId }).go()
    : { data: null };
  if (!deployment) {
    // Never published: its hosts go back to serving nothing.
    const hosts = siteHosts(site);
    if (hosts.length) await writeEntries({ remove: hosts });
    return "unpublished";
  }
  await writeLive(site, deployment);
  return "live";
}
