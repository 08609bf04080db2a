/**
 * The SPA as a visitor downloads it: the JavaScript the landing page loads (measured in
 * Chromium against the local stack), the largest route chunk (from Vite's manifest), and
 * Lighthouse's four category scores for the landing page, mobile and desktop.
 *
 *   npm run bench -- web          (part of `npm run bench`)
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startLocalStack } from "@portal/devstack/local-stack";
import lighthouse, { desktopConfig } from "lighthouse";
import { chromium } from "playwright-core";
import puppeteer from "puppeteer-core";
import { build } from "vite";
import { chromiumLaunchSpec } from "../../packages/core/src/adapters/browser";

const webRoot = path.resolve(import.meta.dirname, "../../packages/web");
/** The bench builds into its own folder: packages/web/dist may be serving someone's tests. */
let dist = "";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
const gzipBytes = (file: string) =>
  gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const rawBytes = (file: string) => readFileSync(path.join(dist, file)).length;

/** The .js files (paths relative to dist) a fresh visitor's browser fetches for "/". */
async function landingScripts(url: string): Promise<string[]> {
  const spec = await chromiumLaunchSpec();
  const browser = await chromium.launch({
    executablePath: spec.executablePath,
    args: spec.args,
    env: spec.env,
  });
  try {
    const page = await browser.newPage();
    const files = new Set<string>();
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith(".js")) files.add(pathname.slice(1));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Done-For-You Website Creation" }).waitFor();
    return [...files].sort();
  } finally {
    await browser.close();
  }
}

/** Each route's own chunk plus the static imports it brings that the landing page did not. */
function routeChunks(landing: Set<string>) {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"),
  ) as Record<string, ManifestChunk>;
  const rows: { route: string; files: string[] }[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.src?.startsWith("src/routes/")) continue;
    const files = new Set<string>();
    const visit = (name: string) => {
      const c = manifest[name];
      if (!c || files.has(c.file) || landing.has(c.file)) return;
      files.add(c.file);
      for (const dep of c.imports ?? []) visit(dep);
    };
    visit(key);
    rows.push({ route: chunk.src.replace(/\?.*$/, ""), files: [...files] });
  }
  return rows.map((r) => ({
    route: r.route,
    gzip: r.files.reduce((sum, f) => sum + gzipBytes(f), 0),
    raw: r.files.reduce((sum, f) => sum + rawBytes(f), 0),
    files: r.files.length,
  }));
}

async function lighthouseScores(url: string) {
  const spec = await chromiumLaunchSpec();
  const browser = await puppeteer.launch({ ...spec, defaultViewport: null });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const [name, config] of [
      ["mobile", undefined],
      ["desktop", desktopConfig],
    ] as const) {
      const page = await browser.newPage();
      const result = await lighthouse(
        url,
        {
          logLevel: "error",
          output: "json",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          disableFullPageScreenshot: true,
        },
        config,
        page,
      );
      await page.close();
      if (!result || result.lhr.runtimeError) {
        throw new Error(`Lighthouse failed: ${result?.lhr.runtimeError?.message ?? "no result"}`);
      }
      const { categories, audits, environment } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      rows.push({
        run: name,
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
        FCP: audits["first-contentful-paint"]?.displayValue ?? "",
        LCP: audits["largest-contentful-paint"]?.displayValue ?? "",
        TBT: audits["total-blocking-time"]?.displayValue ?? "",
        "CPU benchmark": environment.benchmarkIndex,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export const webBench = {
  name: "web",
  description: "SPA: landing-page JavaScript, largest route chunk (gzip -9), Lighthouse on /",
  async run() {
    dist = await mkdtemp(path.join(os.tmpdir(), "portal-bench-web-"));
    await build({
      root: webRoot,
      configFile: path.join(webRoot, "vite.config.ts"),
      logLevel: "warn",
      build: { outDir: dist, emptyOutDir: true },
    });
    const stack = await startLocalStack({ port: 0, logRequests: false, webDist: dist });
    try {
      const landing = await landingScripts(`${stack.url}/`);
      const landingSet = new Set(landing);
      const gzip = landing.reduce((sum, f) => sum + gzipBytes(f), 0);
      const raw = landing.reduce((sum, f) => sum + rawBytes(f), 0);
      console.table([
        {
          what: "landing page JavaScript",
          files: landing.length,
          "raw KB": kb(raw),
          "gzip KB": kb(gzip),
        },
      ]);
      const routes = routeChunks(landingSet).sort((a, b) => b.gzip - a.gzip);
      const largest = routes[0];
      if (largest) {
        console.table(
          routes.slice(0, 5).map((r) => ({
            route: r.route,
            files: r.files,
            "raw KB": kb(r.raw),
            "gzip KB": kb(r.gzip),
          })),
        );
        console.log(`largest route chunk: ${largest.route}, ${kb(largest.gzip)} KB gzip`);
      }
      console.table(await lighthouseScores(`${stack.url}/`));
      console.log(
        "(Lighthouse scores depend on this machine's CPU: see 'CPU benchmark'; the local stack compresses as CloudFront does)",
      );
    } finally {
      await stack.stop();
      await rm(dist, { recursive: true, force: true });
    }
  },
};
