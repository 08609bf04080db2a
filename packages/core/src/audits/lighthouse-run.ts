/**
 * The Lighthouse run: Lighthouse drives a puppeteer page of our browser (mobile or desktop
 * settings), the outbound guard holds every request of that page, then the PWA checks run
 * on the page Lighthouse left loaded.
 */
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import type { Browser } from "puppeteer-core";
import { openAuditPage } from "../adapters/browser";
import { assertPublicUrl } from "../adapters/outbound-guard";
import {
  type AuditStrategy,
  type LighthouseResult,
  lighthouseResultSchema,
} from "../contracts/audits";
import { UnprocessableError } from "../errors";
import { type LhrLike, LIGHTHOUSE_CATEGORIES, mapLighthouseResult } from "./lighthouse-map";
import { checkPwa, PWA_NOT_MEASURED } from "./pwa-checks";
import { fitLighthouseResult } from "./result-bounds";
import type { AuditOptions } from "./seo-analyze";

/** Lighthouse waits this long for the page to load before it gives up with an error. */
export const LIGHTHOUSE_MAX_WAIT_MS = 45_000;

/** The settings of every run, ours and the bench's bare one alike. */
export function lighthouseSettings(strategy: AuditStrategy): {
  flags: Flags;
  config: typeof desktopConfig | undefined;
} {
  return {
    flags: {
      logLevel: "error",
      output: "json",
      onlyCategories: [...LIGHTHOUSE_CATEGORIES],
      maxWaitForLoad: LIGHTHOUSE_MAX_WAIT_MS,
      // The full-page screenshot is for Lighthouse's HTML report, which we do not keep.
      disableFullPageScreenshot: true,
    },
    // Lighthouse's default config is its mobile one (Moto G Power, slow 4G, simulated).
    config: strategy === "desktop" ? desktopConfig : undefined,
  };
}

/**
 * Runs Lighthouse on one URL on a page of its own (openAuditPage) and maps the report. Throws the
 * guard's error when the URL or any hop of the main navigation is refused or the page reached
 * for a non-public address, and an UnprocessableError when Lighthouse cannot score the page.
 */
export async function runLighthouse(
  browser: Browser,
  url: string,
  strategy: AuditStrategy,
  opts: AuditOptions = {},
): Promise<LighthouseResult> {
  const allowHosts = opts.allowHosts ?? [];
  const target = await assertPublicUrl(url, { allowHosts, lookup: opts.lookup });

  const { page, guard, close } = await openAuditPage(browser, allowHosts, opts);
  try {
    const { flags, config } = lighthouseSettings(strategy);
    let runner: Awaited<ReturnType<typeof lighthouse>>;
    try {
      runner = await lighthouse(target.href, flags, config, page);
    } catch (error) {
      guard.throwIfBlocked();
      throw error;
    }
    guard.throwIfBlocked();
    if (!runner) throw new UnprocessableError("Lighthouse returned no report for this page.");

    // Lighthouse leaves the page loaded at its final URL; a page it could not load is
    // reported by mapLighthouseResult, so only check PWA facts on a page that is there.
    const lhr = runner.lhr as unknown as LhrLike;
    const pwa =
      !lhr.runtimeError && page.url().startsWith("http") ? await checkPwa(page) : PWA_NOT_MEASURED;
    // The page kept running meanwhile: whatever it reached for since counts too.
    guard.throwIfBlocked();
    return lighthouseResultSchema.parse(
      fitLighthouseResult(mapLighthouseResult(lhr, { url: target.href, strategy, pwa })),
    );
  } finally {
    await close();
  }
}
