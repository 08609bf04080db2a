/**
 * Site previews, the API's part: one screenshot job per site (POST /api/sites/refresh-screenshots,
 * POST /api/sites/{id}/screenshot). The Chromium worker's part is screenshot-capture.ts, kept
 * apart so that API bundles do not carry puppeteer. Pages see images through presigned URLs
 * (view.ts).
 */
import { sendJob, sendJobs } from "../adapters/queue";
import type { RefreshScreenshotResponse, RefreshScreenshotsResponse } from "../contracts/sites";
import { db, type SiteItem } from "../db/service";
import { UnprocessableError } from "../errors";

declare module "../adapters/queue" {
  interface JobMessages {
    screenshot: { userId: string; siteId: string };
  }
}

export const NO_URL_MESSAGE = "This site has no URL to capture yet";

/** Everything a site stores in the bucket lives under this prefix (deleted with the site). */
export function sitePrefix(userId: string, siteId: string): string {
  return `users/${userId}/sites/${siteId}/`;
}

/** The page a preview shows: the live site when there is one, else the working URL. */
export function captureUrl(site: Pick<SiteItem, "liveUrl" | "url">): string | undefined {
  return site.liveUrl?.trim() || site.url?.trim() || undefined;
}

/** Queues a job for each of the caller's sites that has a URL; sites without one are skipped. */
export async function requestAll(userId: string): Promise<RefreshScreenshotsResponse> {
  const { data } = await db.entities.site.query.byOwner({ userId }).go({ pages: "all" });
  const jobs = data
    .filter((site) => captureUrl(site))
    .map((site) => ({ kind: "screenshot" as const, userId, siteId: site.siteId }));
  const refreshedCount = jobs.length > 0 ? await sendJobs(jobs) : 0;
  return {
    success: true,
    refreshedCount,
    message:
      refreshedCount === 0
        ? "No sites have a URL to capture yet"
        : `Refreshing ${refreshedCount} site preview${refreshedCount === 1 ? "" : "s"}`,
  };
}

/** Queues a job for one site (already checked to be the caller's). */
export async function requestOne(site: SiteItem): Promise<RefreshScreenshotResponse> {
  if (!captureUrl(site)) throw new UnprocessableError(NO_URL_MESSAGE);
  await sendJob({ kind: "screenshot", userId: site.userId, siteId: site.siteId });
  return { success: true, message: "Site preview refresh queued" };
}
