/**
 * Site previews, the worker's part: decides where the image goes, hands the browser function a
 * presigned PUT for that one key (screenshot-take.ts is the browser's part), checks what was
 * stored and records its key. The worker runs no browser (docs/security.md, "The audit
 * browser").
 */
import * as Blobs from "../adapters/blobs";
import { assertPublicUrl, outboundAllowHostsFromConfig } from "../adapters/outbound-guard";
import { BrowserRunError, runInBrowser } from "../browser/client";
import {
  BROWSER_OVERHEAD_MS,
  SCREENSHOT_CONTENT_TYPE,
  SCREENSHOT_MAX_BYTES,
  screenshotUploadSchema,
} from "../browser/protocol";
import { db, isConditionFailure } from "../db/service";
import { captureUrl, sitePrefix } from "./screenshots";

/** How long a page may take to load: SCREENSHOT_NAV_TIMEOUT_MS, default 30 s. */
export function navigationTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SCREENSHOT_NAV_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : 30_000;
}

export type CaptureOutcome =
  | { status: "stored"; key: string; bytes: number }
  | { status: "skipped"; reason: "site-gone" | "no-url" };

/**
 * Throws a DomainError when the answer is final (the guard refuses the address, the page
 * answers 4xx): the job fails without a retry (screenshots.ts executeScreenshotJob). Throws
 * anything else when another try may help (a network error, a 5xx, a timeout): nothing is
 * recorded and SQS retries, then dead-letters. A site deleted meanwhile, or without a URL, is
 * done with rather than retried. `deadlineMs` is the browser run's (workers/job-settings.ts).
 */
export async function capture(
  userId: string,
  siteId: string,
  options: { deadlineMs: number; now?: Date },
): Promise<CaptureOutcome> {
  const { data: site } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!site) return { status: "skipped", reason: "site-gone" };
  const target = captureUrl(site);
  if (!target) return { status: "skipped", reason: "no-url" };

  const now = options.now ?? new Date();
  const key = `${sitePrefix(userId, siteId)}screenshots/${now.getTime()}.webp`;
  const stored = await shootInto(target, key, options.deadlineMs);

  try {
    await db.entities.site
      .patch({ userId, siteId })
      .set({ screenshotKey: key, lastScreenshotUpdate: now.toISOString() })
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Deleted while we were capturing: its prefix was already cleared, so clear ours too.
    await Blobs.deletePrefix(sitePrefix(userId, siteId));
    return { status: "skipped", reason: "site-gone" };
  }
  // The previous image is no longer referenced; keep only the latest.
  if (site.screenshotKey && site.screenshotKey !== key) {
    await Blobs.deleteObject(site.screenshotKey).catch(() => {});
  }
  return { status: "stored", key, bytes: stored.bytes };
}

/**
 * Has the browser function capture `target` into the bucket at `key` and checks what it
 * stored: the guard first (DomainError when it refuses), then a presigned PUT for that one key,
 * then the bucket asked for size and type. Shared by site previews and review rounds
 * (review/screenshot.ts).
 */
export async function shootInto(
  target: string,
  key: string,
  deadlineMs: number,
): Promise<{ bytes: number }> {
  const allowHosts = await outboundAllowHostsFromConfig();
  // Checked before Chromium starts, and again by the page guard for every request it makes.
  await assertPublicUrl(target, { allowHosts });

  // Valid while the browser may still be running, and no longer.
  const expiresIn = Math.ceil((deadlineMs + BROWSER_OVERHEAD_MS) / 1000);
  const uploadUrl = await Blobs.presignedPutUrl(key, SCREENSHOT_CONTENT_TYPE, expiresIn);
  screenshotUploadSchema.parse(
    await runInBrowser({
      task: "screenshot",
      url: target,
      allowHosts,
      deadlineMs,
      navigationTimeoutMs: navigationTimeoutMs(),
      upload: {
        url: uploadUrl,
        contentType: SCREENSHOT_CONTENT_TYPE,
        maxBytes: SCREENSHOT_MAX_BYTES,
      },
    }),
  );
  // What the browser says it stored is not trusted: the bucket is asked.
  const stored = await Blobs.headObject(key);
  if (
    !stored ||
    stored.bytes === 0 ||
    stored.bytes > SCREENSHOT_MAX_BYTES ||
    stored.contentType !== SCREENSHOT_CONTENT_TYPE
  ) {
    if (stored) await Blobs.deleteObject(key).catch(() => {});
    throw new BrowserRunError("The browser stored no usable screenshot");
  }
  return { bytes: stored.bytes };
}
