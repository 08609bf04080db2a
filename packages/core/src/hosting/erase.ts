/**
 * A deleted site's hosting (docs/hosting.md "Deleting a site"): its deployments' records go
 * with the site (sites/erase.ts calls `eraseSiteHosting` before deleting it), and the Deployments
 * worker then removes its routing entries, so its hosts serve nothing, and deletes every
 * deployment's files. Only the worker writes the hosting bucket and the routing entries; the
 * routes that delete sites only queue this (the worker runs erase-run.ts).
 */

import { db, type SiteItem } from "../db/service";
import { sendDeployment } from "./deployments-queue";
import { previewHost, siteHosts, sitesDomain } from "./host-names";

/** Queues the erasure of the site's hosting and deletes its deployments' records. */
export async function eraseSiteHosting(site: SiteItem): Promise<void> {
  const { userId, siteId } = site;
  const { data } = await db.entities.deployment.query
    .byOwner({ userId, siteId })
    .go({ pages: "all" });
  if (!site.hostName && data.length === 0) return;
  const domain = sitesDomain();
  const deploymentIds = data.map((deployment) => deployment.deploymentId);
  const hostName = site.hostName;
  const hosts =
    hostName && domain
      ? [...siteHosts(site), ...deploymentIds.map((id) => previewHost(id, hostName, domain))]
      : [];
  await sendDeployment({ kind: "erase", userId, siteId, hosts, deploymentIds });
  if (data.length > 0) {
    await db.entities.deployment
      .delete(deploymentIds.map((deploymentId) => ({ userId, siteId, deploymentId })))
      .go();
  }
}
