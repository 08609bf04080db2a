/**
 * The production browser: @sparticuz/chromium's binary with the flags launchBrowser uses in
 * Lambda (--single-process among them, where a new browser context would kill Chromium).
 * Several runs on one browser must work, each behind the guard.
 */
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchSpec } from "../../../packages/core/src/adapters/browser";
import { OUTBOUND_MESSAGES } from "../../../packages/core/src/adapters/outbound-guard";
import { analyzeSeo } from "../../../packages/core/src/audits/seo-analyze";
import { startTestSite, type TestSite } from "./test-site";

let browser: Browser;
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
  const spec = await chromiumLaunchSpec({ AWS_LAMBDA_FUNCTION_NAME: "jobs" });
  expect(spec.args).toContain("--single-process");
  browser = await puppeteer.launch({ ...spec, defaultViewport: null });
  const session = await browser.target().createCDPSession();
  await session.send("Security.setIgnoreCertificateErrors", { ignore: true });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
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
});
