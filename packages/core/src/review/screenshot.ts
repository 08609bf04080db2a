/**
 * A review round's screenshot, the jobs worker's part: the preview page captured by the browser
 * function exactly as a site preview is (sites/screenshot-capture.ts shootInto), stored under
 * the site's prefix (so it goes with the site) and recorded on the round. The team asks for it
 * by posting the round (review/staff.ts), so no customer limit applies.
 */
import * as Blobs from "../adapters/blobs";
import { db, isConditionFailure } from "../db/service";
import { DomainError } from "../errors";
import { shootInto } from "../sites/screenshot-capture";
import { sitePrefix } from "../sites/screenshots";

export const REVIEW_SCREENSHOT_FAILED = "The preview could not be captured.";

export type RoundShotOutcome =
  | { status: "stored"; key: string }
  | { status: "failed"; reason: string }
  | { status: "skipped" };

/**
 * Captures the round's preview. A DomainError (the guard refuses the address, the page answers
 * 4xx) is the answer: recorded on the round, not retried. Anything else is thrown for the queue
 * to retry, and recorded as a failure on the last delivery.
 */
export async function captureRound(
  message: { userId: string; siteId: string; round: number },
  options: { deadlineMs: number; lastAttempt: boolean; now?: Date },
): Promise<RoundShotOutcome> {
  const { userId, siteId, round } = message;
  const { data: item } = await db.entities.reviewRound
    .get({ userId, siteId, round })
    .go({ consistent: true });
  if (!item || item.screenshotKey) return { status: "skipped" };
  const now = options.now ?? new Date();
  const key = `${sitePrefix(userId, siteId)}review/${round}-${now.getTime()}.webp`;
  const record = async (set: { screenshotKey?: string; screenshotError?: string }) => {
    try {
      await db.entities.reviewRound
        .patch({ userId, siteId, round })
        .set({ ...set, screenshotAt: now.toISOString() })
        .go();
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return false;
    }
  };
  try {
    await shootInto(item.previewUrl, key, options.deadlineMs);
  } catch (error) {
    if (error instanceof DomainError) {
      await record({ screenshotError: error.message });
      return { status: "failed", reason: error.message };
    }
    if (options.lastAttempt) await record({ screenshotError: REVIEW_SCREENSHOT_FAILED });
    throw error;
  }
  if (!(await record({ screenshotKey: key }))) {
    // The site and its rounds were deleted while we were capturing: drop the image too.
    await Blobs.deleteObject(key).catch(() => {});
    return { status: "skipped" };
  }
  return { status: "stored", key };
}
