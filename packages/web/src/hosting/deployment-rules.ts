/**
 * What the console's Deployments panel says and offers (docs/console.md, "Deployments"): each
 * state in words, which action a ready deployment gets, when publishing needs the team's
 * written reason, and the zip the browser refuses before any upload. Pure, so each rule has its
 * unit test.
 */
import { formatBytes } from "@portal/core/contracts/content";
import { type Deployment, HOSTING_MESSAGES } from "@portal/core/contracts/hosting";
import { HOSTING_LIMITS } from "@portal/core/hosting/enums";

/** Each state as the team reads it; a failed one adds its reason. */
export const DEPLOYMENT_STATUS_WORDS: Record<Deployment["status"], string> = {
  uploading: "Uploading",
  queued: "Waiting to build",
  building: "Building",
  ready: "Ready",
  failed: "Failed",
};

export const DEPLOYMENT_STATUS_PALETTES: Record<Deployment["status"], string> = {
  uploading: "gray",
  queued: "gray",
  building: "blue",
  ready: "green",
  failed: "red",
};

/** Still on its way to ready or failed: the panel looks again until it gets there. */
export const isSettling = (status: Deployment["status"]) =>
  status === "uploading" || status === "queued" || status === "building";

/** How often the panel looks again at a deployment on its way (ms). */
export const SETTLING_POLL_MS = 2000;

/**
 * A zip the browser refuses before asking for an upload, in the words the API would use
 * (HOSTING_MESSAGES), with the size when it is too large; undefined when it may go. The worker
 * refuses the rest (paths, files, ratio) with its own reason.
 */
export function zipRefusal(file: Pick<File, "name" | "size">): string | undefined {
  if (!/\.zip$/i.test(file.name)) return HOSTING_MESSAGES.notZip;
  if (file.size === 0) return HOSTING_MESSAGES.empty;
  if (file.size > HOSTING_LIMITS.zipBytes) {
    return `${HOSTING_MESSAGES.tooLarge}; this one is ${formatBytes(file.size)}`;
  }
  return undefined;
}

/**
 * What a deployment's button does: a ready deployment that is not live is published, or, when
 * it is older than the live one, rolled back to; anything else has no button.
 */
export function publishAction(
  deployment: Pick<Deployment, "status" | "live" | "createdAt">,
  live: Pick<Deployment, "createdAt"> | undefined,
): "publish" | "rollback" | null {
  if (deployment.status !== "ready" || deployment.live) return null;
  if (live && deployment.createdAt < live.createdAt) return "rollback";
  return "publish";
}

/** Publishing a site that is not live is its going live (packages/core/src/hosting/publish.ts). */
export const publishGoesLive = (site: { status: string }) => site.status !== "live";

/**
 * Whether publishing takes the site live without the customer's approval of the current review
 * round: the team must then write why (docs/sites.md, "Review and approval"). A live site
 * changes version without it.
 */
export function publishNeedsOverride(site: {
  status: string;
  review: { outcome: string } | null;
}): boolean {
  return publishGoesLive(site) && site.review?.outcome !== "approved";
}

/** "site.zip · 1.2 MB zipped, 3.4 MB in 12 files" with what is known so far. */
export function deploymentSize(
  deployment: Pick<Deployment, "zipBytes" | "unpackedBytes" | "fileCount">,
): string {
  const parts = [`${formatBytes(deployment.zipBytes)} zipped`];
  if (deployment.unpackedBytes !== null && deployment.fileCount !== null) {
    const files = `${deployment.fileCount} ${deployment.fileCount === 1 ? "file" : "files"}`;
    parts.push(`${formatBytes(deployment.unpackedBytes)} in ${files}`);
  }
  return parts.join(", ");
}

/** The short name the team says a deployment by: its id's last 6 characters, lower-case. */
export const deploymentRef = (id: string) => `#${id.slice(-6).toLowerCase()}`;
