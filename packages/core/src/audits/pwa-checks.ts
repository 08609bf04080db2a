/**
 * The PWA figure. Lighthouse 12 removed its PWA category, so the portal asks Chromium the
 * same questions directly on the loaded page: HTTPS, a web app manifest with the fields and
 * icons an install needs, a registered service worker, and Chromium's own installability
 * verdict. The score is the share of checks passed; when the checks cannot run, it is null
 * and marked not measured.
 */
import type { Page } from "puppeteer-core";
import type { PwaCheck, PwaReport } from "../contracts/audits";

const INSTALL_DISPLAY_MODES = new Set([
  "standalone",
  "fullscreen",
  "minimal-ui",
  "window-controls-overlay",
]);

/** The checks an install requires before Chromium's own verdict counts (see "installable"). */
const INSTALL_PREREQUISITES = new Set<PwaCheck["id"]>([
  "https",
  "manifest",
  "manifest-fields",
  "manifest-icons",
]);

/** Icon sizes an install needs (192 for the home screen, 512 for the splash screen). */
const ICON_SIZES = [192, 512];

interface ManifestFacts {
  /** The manifest's URL; empty when the page links none. */
  url: string;
  /** Parse errors Chromium reported. */
  errors: string[];
  /** The manifest as written, when it parsed. */
  raw: Record<string, unknown> | null;
}

/** Pure: from what Chromium said about the page to the checks and the score. */
export function evaluatePwa(input: {
  pageUrl: string;
  manifest: ManifestFacts;
  serviceWorkerScopes: string[];
  installabilityErrors: string[];
}): PwaReport {
  const { manifest } = input;
  const { raw } = manifest;
  const checks: PwaCheck[] = [];
  const add = (id: PwaCheck["id"], title: string, passed: boolean, detail: string | null) =>
    checks.push({ id, title, passed, detail: passed ? null : detail });

  add(
    "https",
    "Served over HTTPS",
    input.pageUrl.startsWith("https://"),
    "Installable apps must be served over HTTPS.",
  );

  const hasManifest = manifest.url !== "" && raw !== null;
  add(
    "manifest",
    "Has a web app manifest",
    hasManifest && manifest.errors.length === 0,
    manifest.url === ""
      ? "The page links no web app manifest."
      : raw === null
        ? "The web app manifest could not be read."
        : `The manifest has errors: ${manifest.errors.join("; ")}`,
  );

  const missing: string[] = [];
  if (raw) {
    if (!nonEmpty(raw.name) && !nonEmpty(raw.short_name)) missing.push("name or short_name");
    if (!nonEmpty(raw.start_url)) missing.push("start_url");
    if (typeof raw.display !== "string" || !INSTALL_DISPLAY_MODES.has(raw.display)) {
      missing.push("display (standalone, fullscreen or minimal-ui)");
    }
  }
  add(
    "manifest-fields",
    "Manifest names the app, its start URL and display mode",
    raw !== null && missing.length === 0,
    raw === null ? "No manifest to read." : `The manifest lacks ${missing.join(", ")}.`,
  );

  const sizes = raw ? iconSizes(raw.icons) : [];
  const lacking = ICON_SIZES.filter((s) => !sizes.some((have) => have >= s));
  add(
    "manifest-icons",
    "Manifest has 192px and 512px icons",
    raw !== null && lacking.length === 0,
    raw === null
      ? "No manifest to read."
      : `The manifest has no icon of at least ${lacking.map((s) => `${s}px`).join(" or ")}.`,
  );

  const controls = input.serviceWorkerScopes.some((scope) => input.pageUrl.startsWith(scope));
  add(
    "service-worker",
    "Registers a service worker that controls the page",
    controls,
    input.serviceWorkerScopes.length === 0
      ? "No service worker is registered."
      : "The registered service worker's scope does not include this page.",
  );

  // The headless shell (the Chromium Lambda runs, and so every run) has no install support and
  // answers Page.getInstallabilityErrors with an empty list whatever the page: an empty list
  // counts only when the install prerequisites above (HTTPS, a complete manifest) hold too.
  const prerequisites = checks.filter((c) => INSTALL_PREREQUISITES.has(c.id) && !c.passed);
  add(
    "installable",
    "Chromium considers the app installable",
    input.installabilityErrors.length === 0 && prerequisites.length === 0,
    input.installabilityErrors.length > 0
      ? `Chromium reports: ${input.installabilityErrors.join(", ")}.`
      : `Not installable without: ${prerequisites.map((c) => c.title).join("; ")}.`,
  );

  const passed = checks.filter((c) => c.passed).length;
  return { score: Math.round((100 * passed) / checks.length), measured: true, checks };
}

function nonEmpty(v: unknown): boolean {
  return typeof v === "string" && v.trim() !== "";
}

/** Largest side of each icon; "any" (scalable icons) counts as large enough for every size. */
function iconSizes(icons: unknown): number[] {
  if (!Array.isArray(icons)) return [];
  const out: number[] = [];
  for (const icon of icons) {
    const sizes = (icon as { sizes?: unknown })?.sizes;
    if (typeof sizes !== "string") continue;
    for (const size of sizes.trim().split(/\s+/)) {
      if (size.toLowerCase() === "any") out.push(Number.POSITIVE_INFINITY);
      const m = /^(\d+)x(\d+)$/i.exec(size);
      if (m) out.push(Math.min(Number(m[1]), Number(m[2])));
    }
  }
  return out;
}

export const PWA_NOT_MEASURED: PwaReport = { score: null, measured: false, checks: [] };

/** Reads the facts from the loaded page; any failure means "not measured", never a guess. */
export async function checkPwa(page: Page): Promise<PwaReport> {
  const cdp = await page.createCDPSession();
  try {
    const app = (await cdp.send("Page.getAppManifest")) as {
      url: string;
      errors: { message: string; critical: number }[];
      data?: string;
    };
    let raw: Record<string, unknown> | null = null;
    if (app.url && app.data) {
      try {
        const parsed: unknown = JSON.parse(app.data);
        raw = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
      } catch {
        raw = null;
      }
    }
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const scopes = (await page.evaluate(
      `navigator.serviceWorker ? navigator.serviceWorker.getRegistrations().then((rs) => rs.map((r) => r.scope)) : []`,
    )) as string[];
    return evaluatePwa({
      pageUrl: page.url(),
      // Non-critical entries are warnings (an unknown member ignored): not a broken manifest.
      manifest: {
        url: app.url,
        errors: app.errors.filter((e) => e.critical).map((e) => e.message),
        raw,
      },
      serviceWorkerScopes: scopes,
      // Each run has its own browser context, which Chromium counts as incognito: that is
      // about how we browse, not about the site, so it is left out of the verdict.
      installabilityErrors: installabilityErrors
        .map((e) => e.errorId)
        .filter((id) => id !== "in-incognito"),
    });
  } catch {
    return PWA_NOT_MEASURED;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
