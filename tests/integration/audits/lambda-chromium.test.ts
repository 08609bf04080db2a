/**
 * The production browser: @sparticuz/chromium's headless shell with the flags launchBrowser
 * uses in Lambda (--single-process among them, where a new browser context would kill
 * Chromium, so runs share the default context). Several runs on one browser must work, each
 * behind the guard, and nothing a run opened may outlive it.
 */
import type { Browser } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchSpec, launchBrowser } from "../../../packages/core/src/adapters/browser";
import {
  OUTBOUND_MESSAGES,
  OutboundBlockedError,
} from "../../../packages/core/src/adapters/outbound-guard";
import { analyzeSeo } from "../../../packages/core/src/audits/seo-analyze";
import { startTestSite, type TestSite } from "./test-site";

const LAMBDA = { AWS_LAMBDA_FUNCTION_NAME: "jobs" };
let browser: Browser;
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
  const spec = await chromiumLaunchSpec(LAMBDA);
  expect(spec.args).toContain("--single-process");
  browser = await launchBrowser({ env: LAMBDA });
  expect(browser.process()?.spawnargs).toContain("--single-process");
  const session = await browser.target().createCDPSession();
  await session.send("Security.setIgnoreCertificateErrors", { ignore: true });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

afterEach(() => {
  site.forbiddenHits.length = 0;
  site.udpHits.length = 0;
});

describe("Lambda's Chromium", () => {
  it("runs analyses one after another on one browser, guarded", async () => {
    const opts = { allowHosts: [site.host] };
    const first = await analyzeSeo(browser, `${site.origin}/defects`, opts);
    const second = await analyzeSeo(browser, `${site.origin}/workers`, opts);
    expect(first.issues.filter((i) => i.type !== "success").map((i) => i.rule)).toEqual([
      "meta-description",
      "h1",
      "image-alt",
    ]);
    expect(second.metaTitle).toBe("Workers");

    const refused = await analyzeSeo(browser, `${site.origin}/redirect-out`, opts).then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(refused).toBe(OUTBOUND_MESSAGES.notPublic);
    await new Promise((r) => setTimeout(r, 500));
    expect(site.forbiddenHits).toEqual([]);
    expect(browser.connected).toBe(true);
  }, 60_000);

  it("closes a run's popups, which would otherwise live on in the shared context", async () => {
    const before = (await browser.pages()).length;
    const result = await analyzeSeo(browser, `${site.origin}/popup`, { allowHosts: [site.host] });
    expect(result.metaTitle).toBe("Popup");
    expect((await browser.pages()).length).toBe(before);
    // The popup fetched the forbidden server every 100 ms while it lived.
    await new Promise((r) => setTimeout(r, 1000));
    expect(site.forbiddenHits).toEqual([]);
  }, 60_000);

  it("sends no WebRTC UDP and lets no WebSocket through", async () => {
    const opts = { allowHosts: [site.host] };
    const rtc = await analyzeSeo(browser, `${site.origin}/webrtc`, opts);
    expect(rtc.metaTitle).toBe("WebRTC");
    const socket = await analyzeSeo(browser, `${site.origin}/websocket`, opts).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(socket).toBeInstanceOf(OutboundBlockedError);
    await new Promise((r) => setTimeout(r, 1000));
    expect(site.udpHits).toEqual([]);
    expect(site.forbiddenHits).toEqual([]);
  }, 60_000);
});
