/**
 * Site previews, the worker's part: captures the page at 1280x800 behind the outbound guard,
 * stores a compressed image under the owner's prefix in the private bucket and records its key.
 */
import type { Browser, HTTPResponse } from "puppeteer-core";
import * as Blobs from "../adapters/blobs";
import { launchBrowser, openAuditPage } from "../adapters/browser";
import { assertPublicUrl, outboundAllowHostsFromConfig } from "../adapters/outbound-guard";
import { db, isConditionFailure } from "../db/service";
import { UnprocessableError } from "../errors";
import { captureUrl, sitePrefix } from "./screenshots";

export const VIEWPORT = { width: 1280, height: 800 } as const;
/** WebP at this quality keeps a 1280x800 page around 30-80 KB, sharp enough for a card. */
const WEBP_QUALITY = 70;

/** How long a page may take to load: SCREENSHOT_NAV_TIMEOUT_MS, default 30 s. */
export function navigationTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SCREENSHOT_NAV_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : 30_000;
}

export type CaptureOutcome =
  | { status: "stored"; key: string; bytes: number }
  | { status: "skipped"; reason: "site-gone" | "no-url" };

/**
 * The worker's part, on `options.browser` (the worker's shared one) or a browser of its own.
 * Throws a DomainError when the answer is final (the guard refuses the address, the page
 * answers 4xx): the job fails without a retry (screenshots.ts executeScreenshotJob). Throws
 * anything else when another try may help (a network error, a 5xx, a timeout): nothing is
 * recorded and SQS retries, then dead-letters. A site deleted meanwhile, or without a URL, is
 * done with rather than retried.
 */
export async function capture(
  userId: string,
  siteId: string,
  options: { browser?: Browser; now?: Date } = {},
): Promise<CaptureOutcome> {
  const { data: site } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!site) return { status: "skipped", reason: "site-gone" };
  const target = captureUrl(site);
  if (!target) return { status: "skipped", reason: "no-url" };

  const allowHosts = await outboundAllowHostsFromConfig();
  // Checked before Chromium starts, and again by the page guard for every request it makes.
  await assertPublicUrl(target, { allowHosts });

  const image = await takeScreenshot(target, allowHosts, options.browser);
  const now = options.now ?? new Date();
  const key = `${sitePrefix(userId, siteId)}screenshots/${now.getTime()}.webp`;
  await Blobs.putObject(key, image, "image/webp");

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
  return { status: "stored", key, bytes: image.byteLength };
}

async function takeScreenshot(
  url: string,
  allowHosts: readonly string[],
  shared?: Browser,
): Promise<Uint8Array> {
  const browser = shared ?? (await launchBrowser());
  try {
    const { page, guard, close } = await openAuditPage(browser, allowHosts);
    try {
      await page.setViewport(VIEWPORT);
      let response: HTTPResponse | null;
      try {
        response = await page.goto(url, { waitUntil: "load", timeout: navigationTimeoutMs() });
      } catch (error) {
        guard.throwIfBlocked();
        throw error;
      }
      guard.throwIfBlocked();
      if (!response) throw new Error(`No response from ${url}`);
      const status = response.status();
      // A page that says it is not there will say so again: an answer, not a crash. A server
      // error may pass, so that one is retried.
      if (status >= 400 && status < 500) {
        throw new UnprocessableError(`The page answered HTTP ${status}.`);
      }
      if (status >= 500) throw new Error(`${url} answered HTTP ${status}`);
      // Let late layout and web fonts settle a little; a page that keeps fetching is fine.
      await page.waitForNetworkIdle({ idleTime: 500, timeout: 3000 }).catch(() => undefined);
      const image = await page.screenshot({ type: "webp", quality: WEBP_QUALITY });
      guard.throwIfBlocked();
      return image;
    } finally {
      await close();
    }
  } finally {
    if (!shared) await browser.close().catch(() => {});
  }
}
