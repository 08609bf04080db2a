/**
 * A site's deployments as the console reads them (docs/hosting.md "API"): the list, one
 * deployment, their preview and production addresses. Reads the table only: uploading
 * (upload.ts) and publishing (publish.ts) are modules of their own, so each route's bundle holds
 * only the adapters its grants cover.
 */
import type { Deployment, DeploymentList } from "../contracts/hosting";
import { type DeploymentItem, db, isId, type SiteItem } from "../db/service";
import { ConflictError, NotFoundError, UnprocessableError } from "../errors";
import { getItem } from "../sites/item";
import { hostUrl, previewHost, productionHost, sitesDomain } from "./host-names";

export const NOT_FOUND = "Deployment not found";
export const NOT_SET_UP = "Hosting is not set up on this stage (SITES_DOMAIN)";

export function domain(): string {
  const value = sitesDomain();
  if (!value) throw new ConflictError(NOT_SET_UP);
  return value;
}

export function productionUrlOf(site: Pick<SiteItem, "hostName">): string | null {
  const sites = sitesDomain();
  return site.hostName && sites ? hostUrl(productionHost(site.hostName, sites)) : null;
}

export function previewUrlOf(
  site: Pick<SiteItem, "hostName">,
  deploymentId: string,
): string | null {
  const sites = sitesDomain();
  return site.hostName && sites ? hostUrl(previewHost(deploymentId, site.hostName, sites)) : null;
}

export function toDeployment(item: DeploymentItem, site: SiteItem): Deployment {
  return {
    id: item.deploymentId,
    siteId: item.siteId,
    status: item.status,
    failureReason: item.failureReason ?? null,
    fileName: item.fileName,
    zipBytes: item.zipBytes,
    unpackedBytes: item.unpackedBytes ?? null,
    fileCount: item.fileCount ?? null,
    uploadedBy: item.uploadedByEmail ?? item.uploadedById,
    createdAt: item.createdAt,
    readyAt: item.readyAt ?? null,
    previewUrl: item.status === "ready" ? previewUrlOf(site, item.deploymentId) : null,
    live: site.liveDeploymentId === item.deploymentId,
    publishedAt: item.publishedAt ?? null,
  };
}

export async function item(
  userId: string,
  siteId: string,
  deploymentId: string,
): Promise<DeploymentItem> {
  if (!isId(deploymentId)) throw new NotFoundError(NOT_FOUND);
  const { data } = await db.entities.deployment
    .get({ userId, siteId, deploymentId })
    .go({ consistent: true });
  if (!data) throw new NotFoundError(NOT_FOUND);
  return data;
}

export async function list(userId: string, siteId: string): Promise<DeploymentList> {
  const site = await getItem(userId, siteId);
  const { data } = await db.entities.deployment.query
    .byOwner({ userId, siteId })
    .go({ order: "desc", pages: "all" });
  return {
    deployments: data.map((deployment) => toDeployment(deployment, site)),
    productionUrl: productionUrlOf(site),
    liveDeploymentId: site.liveDeploymentId ?? null,
  };
}

export async function get(
  userId: string,
  siteId: string,
  deploymentId: string,
): Promise<Deployment> {
  const site = await getItem(userId, siteId);
  return toDeployment(await item(userId, siteId, deploymentId), site);
}

/**
 * The preview address of one of this site's ready deployments, for a review round (review/
 * staff.ts): another site's deployment, or one not ready, is no preview of this one.
 */
export async function readyPreviewUrl(
  userId: string,
  siteId: string,
  deploymentId: string,
): Promise<string> {
  const site = await getItem(userId, siteId);
  const deployment = await item(userId, siteId, deploymentId).catch(() => undefined);
  const url = deployment?.status === "ready" ? previewUrlOf(site, deploymentId) : null;
  if (!url) {
    const message = "Pick a ready deployment of this site";
    throw new UnprocessableError(message, { deploymentId: message });
  }
  return url;
}
