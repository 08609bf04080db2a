/**
 * The routing entries of a site (docs/hosting.md "Routing entries"): host → what the edge
 * serves there, as the viewer-request function reads them (edge/viewer-request.js). Written
 * through the KeyValueStore adapter; each change is one conditional write.
 */
import { writeEntries } from "../adapters/edge-routes";
import type { DeploymentItem, SiteItem } from "../db/service";
import { previewHost, siteHosts, sitesDomain } from "./host-names";

/** A host's entry: serve a deployment (`p` on preview hosts, `nf` with its own 404.html). */
export function serveEntry(
  deployment: Pick<DeploymentItem, "deploymentId" | "hasNotFoundPage">,
  preview = false,
): string {
  return JSON.stringify({
    d: deployment.deploymentId,
    ...(deployment.hasNotFoundPage ? { nf: 1 } : {}),
    ...(preview ? { p: 1 } : {}),
  });
}

export const PAUSED_ENTRY = JSON.stringify({ s: "paused" });

/** What an entry says, for the local server and the tests; undefined for a malformed one. */
export function parseEntry(
  value: string | undefined,
): { d?: string; nf?: 1; p?: 1; s?: "paused"; r?: string } | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function domainOrThrow(): string {
  const domain = sitesDomain();
  if (!domain) throw new Error("SITES_DOMAIN is not set: hosting is not set up on this stage");
  return domain;
}

/** A ready deployment's preview address starts serving it. */
export async function writePreview(
  site: Pick<SiteItem, "hostName">,
  deployment: Pick<DeploymentItem, "deploymentId" | "hasNotFoundPage">,
): Promise<void> {
  if (!site.hostName) throw new Error("A site with deployments has a host name");
  await writeEntries({
    put: {
      [previewHost(deployment.deploymentId, site.hostName, domainOrThrow())]: serveEntry(
        deployment,
        true,
      ),
    },
  });
}

/** Publish (or roll back): every host of the site serves this deployment, in one write. */
export async function writeLive(
  site: Pick<SiteItem, "hostName" | "customDomain" | "domainStatus" | "suspendedAt">,
  deployment: Pick<DeploymentItem, "deploymentId" | "hasNotFoundPage">,
): Promise<void> {
  const value = site.suspendedAt ? PAUSED_ENTRY : serveEntry(deployment);
  await writeEntries({ put: Object.fromEntries(siteHosts(site).map((host) => [host, value])) });
}

/** A suspended site's hosts answer "This site is paused" (503); resuming serves it again. */
export async function writePaused(
  site: Pick<SiteItem, "hostName" | "customDomain" | "domainStatus">,
): Promise<void> {
  await writeEntries({
    put: Object.fromEntries(siteHosts(site).map((host) => [host, PAUSED_ENTRY])),
  });
}

/** A deleted site's hosts and previews serve nothing. */
export async function removeSite(
  site: Pick<SiteItem, "hostName" | "customDomain" | "domainStatus">,
  deploymentIds: string[],
): Promise<void> {
  if (!site.hostName) return;
  const domain = domainOrThrow();
  const hostName = site.hostName;
  await writeEntries({
    remove: [...siteHosts(site), ...deploymentIds.map((id) => previewHost(id, hostName, domain))],
  });
}

/** A failed or removed deployment's preview serves nothing. */
export async function removePreview(
  site: Pick<SiteItem, "hostName">,
  deploymentId: string,
): Promise<void> {
  if (!site.hostName) return;
  await writeEntries({ remove: [previewHost(deploymentId, site.hostName, domainOrThrow())] });
}
