/**
 * Site previews, the browser function's part: loads the page at 1280x800 behind the page guard
 * and takes a compressed image. The worker's part (screenshot-capture.ts) decides where it is
 * stored and records it; this side holds no key and only hands the image to a presigned PUT
 * (browser/tasks.ts; docs/security.md, "The audit browser").
 */
import type { Browser, HTTPResponse } from "puppeteer-core";
import { openAuditPage } from "../adapters/browser";
import { UnprocessableError } from "../errors";

export const VIEWPORT = { width: 1280, height: 800 } as const;
/** WebP at this quality keeps a 1280x800 page around 30-80 KB, sharp enough for a card. */
const WEBP_QUALITY = 70;

/**
 * Throws a DomainError when the answer is final (the guard refuses the address, the page
 * answers 4xx) and anything else when another try may help (a network error, a 5xx, a timeout).
 */
export async function takeScreenshot(
  browser: Browser,
  url: string,
  allowHosts: readonly string[],
  navigationTimeoutMs: number,
): Promise<Uint8Array> {
  const { page, guard, close } = await openAuditPage(browser, allowHosts);
  try {
    await page.setViewport(VIEWPORT);
    let response: HTTPResponse | null;
    try {
      response = await page.goto(url, { waitUntil: "load", timeout: navigationTimeoutMs });
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
}
