/**
 * The customer's screenshot requests (POST /api/sites/refresh-screenshots, POST
 * /api/sites/{id}/screenshot): queued for the jobs worker (screenshots.ts).
 */
import type { RefreshScreenshotResponse, RefreshScreenshotsResponse } from "../contracts/sites";
import { getItem } from "./item";
import * as Screenshots from "./screenshots";

export function refreshScreenshots(userId: string): Promise<RefreshScreenshotsResponse> {
  return Screenshots.requestAll(userId);
}

export async function refreshScreenshot(
  userId: string,
  siteId: string,
): Promise<RefreshScreenshotResponse> {
  return Screenshots.requestOne(await getItem(userId, siteId));
}
