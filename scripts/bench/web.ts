/**
 * The SPA as a visitor downloads it: for each pre-rendered public page (/, /pricing, /sales)
 * the JavaScript a visitor who is not signed in loads before its first paint and in all
 * (measured in Chromium against the local stack), the app's entry and the largest route
 * chunks beyond it (from Vite's manifest), and Lighthouse's four
 * category scores for each public page, mobile and desktop, the median of
 * BENCH_LIGHTHOUSE_RUNS runs (default 3). Then portal navigation: for /manage, /support and
 * /billing, the time from clicking the side-nav link (on a freshly loaded dashboard, so
 * nothing is cached) to the page's data on screen, beside the bare API reads the page makes,
 * fetched from the same browser; medians of BENCH_NAV_RUNS runs (default 5).
 *
 *   npm run bench -- web          (part of `npm run bench`)
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startLocalStack } from "@portal/devstack/local-stack";
import lighthouse, { desktopConfig } from "lighthouse";
import { chromium } from "playwright-core";
import puppeteer from "puppeteer-core";
import { build } from "vite";
import { chromiumLaunchSpec } from "../../packages/core/src/adapters/browser";
import { PRERENDERED_PAGES } from "../../packages/web/prerendered-pages";
import {
  appEntryFiles as entryFilesOf,
  gzipBytes as gzipBytesIn,
  rawBytes as rawBytesIn,
  readManifest,
  routeChunkFiles,
} from "../../packages/web/vite-manifest";

const webRoot = path.resolve(import.meta.dirname, "../../packages/web");
/** The bench builds into its own folder: packages/web/dist may be serving someone's tests. */
let dist = "";

export const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
export const gzipBytes = (file: string) => gzipBytesIn(dist, file);
const rawBytes = (file: string) => rawBytesIn(dist, file);

interface PageScripts {
  /** .js files (paths relative to dist) whose download ended before the first paint. */
  beforePaint: string[];
  /** Every .js file the page loaded once the network was quiet. */
  all: string[];
  /** First contentful paint, ms from navigation start (unthrottled). */
  fcp: number;
}

/** The scripts a fresh visitor's browser fetches for `url`, and which of them came before paint. */
async function pageScripts(url: string): Promise<PageScripts> {
  const spec = await chromiumLaunchSpec();
  const browser = await chromium.launch({
    executablePath: spec.executablePath,
    args: spec.args,
    env: spec.env,
  });
  try {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: "networkidle" });
    // A string: this file is compiled without the DOM's types.
    const seen = (await page.evaluate(`(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      return {
        fcp: paint ? paint.startTime : NaN,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => ({ file: new URL(entry.name).pathname.slice(1), end: entry.responseEnd })),
      };
    })()`)) as { fcp: number; scripts: { file: string; end: number }[] };
    return {
      fcp: seen.fcp,
      beforePaint: seen.scripts.filter((s) => s.end <= seen.fcp).map((s) => s.file),
      all: [...new Set(seen.scripts.map((s) => s.file))].sort(),
    };
  } finally {
    await browser.close();
  }
}

/**
 * The app as a portal page's first visit loads it (index.html's entry and its static imports),
 * which the pre-rendered pages load only for a visitor who may be signed in.
 */
export function appEntryFiles(): Set<string> {
  return entryFilesOf(readManifest(dist));
}

/** Each route's own chunk plus the static imports it brings that the app's entry did not. */
export function routeChunks(app: ReadonlySet<string>) {
  return routeChunkFiles(readManifest(dist), app).map((r) => ({
    route: r.route,
    gzip: r.files.reduce((sum, f) => sum + gzipBytes(f), 0),
    raw: r.files.reduce((sum, f) => sum + rawBytes(f), 0),
    files: r.files.length,
  }));
}

/** The side-nav pages measured, their heading and the API reads their loader makes. */
const NAV_PAGES = [
  { link: "My Sites", heading: "Manage Sites", reads: ["/api/sites"] },
  { link: "Support", heading: "Support Center", reads: ["/api/tickets"] },
  {
    link: "Billing",
    heading: "Billing",
    reads: ["/api/billing/subscription", "/api/billing/payment-methods", "/api/billing/invoices"],
  },
];

/** The page's heading is up and nothing in <main> is still loading (skeletons, spinners). */
export const dataOnScreen = (heading: string) => `(() => {
  const main = document.querySelector("main");
  if (!main) return false;
  const titled = [...main.querySelectorAll("h1, h2")].some((h) => h.textContent === ${JSON.stringify(heading)});
  return titled && !main.querySelector(".chakra-skeleton, .chakra-spinner, [aria-busy='true']");
})()`;

async function navigationTimings(origin: string, runs: number) {
  const { setCustomerState, READY_CUSTOMER } = await import("../../tests/support/customer-state");
  const spec = await chromiumLaunchSpec();
  const browser = await chromium.launch({ executablePath: spec.executablePath, args: spec.args });
  try {
    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 1440, height: 900 },
    });
    const signUp = await context.request.post("/dev-identity/sign-up", {
      data: {
        email: `bench-nav-${Date.now()}@example.com`,
        password: "correct horse battery",
        firstName: "Bench",
        lastName: "Navigation",
      },
    });
    const { user } = (await signUp.json()) as { user: { id: string } };
    await context.request.get("/api/auth/user");
    await setCustomerState(user.id, READY_CUSTOMER);
    const page = await context.newPage();
    const rows: Record<string, string | number>[] = [];
    for (const target of NAV_PAGES) {
      const clicks: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        await page.goto("/dashboard");
        await page
          .waitForFunction(dataOnScreen("Dashboard"), undefined, { timeout: 30_000 })
          .catch(() => {});
        const link = page.getByRole("navigation", { name: "Portal" }).getByRole("link", {
          name: new RegExp(`^${target.link}`),
        });
        await link.waitFor();
        const started = performance.now();
        await link.click();
        await page.waitForFunction(dataOnScreen(target.heading), undefined, { timeout: 30_000 });
        clicks.push(performance.now() - started);
        // The bare reads: the same API calls from the same page, in parallel, no rendering.
        bare.push(
          (await page.evaluate(`(async () => {
            const res = await fetch("/dev-identity/tokens", { method: "POST", credentials: "include" });
            const headers = { Authorization: "Bearer " + (await res.json()).jwt };
            const t = performance.now();
            await Promise.all(${JSON.stringify(target.reads)}.map((p) => fetch(p, { headers, credentials: "include" }).then((r) => r.text())));
            return performance.now() - t;
          })()`)) as number,
        );
      }
      rows.push({
        page: target.heading,
        "click → data on screen, p50 ms": Math.round(median(clicks)),
        "bare API reads, p50 ms": Math.round(median(bare)),
        runs,
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** One Lighthouse run's figures (ms for the timings). */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  "best-practices": number;
  seo: number;
  FCP: number;
  LCP: number;
  TBT: number;
  CLS: number;
  "CPU benchmark": number;
}

export async function lighthouseRun(
  browser: Awaited<ReturnType<typeof puppeteer.launch>>,
  url: string,
  config: typeof desktopConfig | undefined,
  /**
   * For a signed-in page: the session's cookies, set on the page first (Lighthouse's storage
   * reset leaves cookies alone: its `clearStorageTypes` are file systems, shader cache, service
   * workers and cache storage). `cache: "warm"` turns the reset off (`disableStorageReset`),
   * which also keeps the HTTP cache of a load made just before; `"cold"` (the default) keeps
   * Lighthouse's reset, which empties the browser's cache: a first visit in a new session.
   */
  session?: { cookies: { name: string; value: string }[]; cache?: "cold" | "warm" },
  /** Handed the whole report, for a section that reads more of it than the figures below. */
  onReport?: (report: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]) => void,
): Promise<LighthouseRun> {
  const page = await browser.newPage();
  if (session) {
    await page.setCookie(
      ...session.cookies.map((cookie) => ({ ...cookie, url: new URL(url).origin })),
    );
  }
  const result = await lighthouse(
    url,
    {
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      disableFullPageScreenshot: true,
      ...(session?.cache === "warm" ? { disableStorageReset: true } : {}),
    },
    config,
    page,
  );
  await page.close();
  if (
    result &&
    session &&
    new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname
  ) {
    throw new Error(
      `${url} was not measured signed in: it ended at ${result.lhr.finalDisplayedUrl}`,
    );
  }
  if (!result || result.lhr.runtimeError) {
    throw new Error(`Lighthouse failed: ${result?.lhr.runtimeError?.message ?? "no result"}`);
  }
  onReport?.(result.lhr);
  const { categories, audits, environment } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    FCP: value("first-contentful-paint"),
    LCP: value("largest-contentful-paint"),
    TBT: value("total-blocking-time"),
    CLS: value("cumulative-layout-shift"),
    "CPU benchmark": environment.benchmarkIndex,
  };
}

/** Median figures of `runs` Lighthouse runs per page and form factor. */
async function lighthouseScores(origin: string, paths: string[], runs: number) {
  const spec = await chromiumLaunchSpec();
  const browser = await puppeteer.launch({ ...spec, defaultViewport: null });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const pagePath of paths) {
      for (const [name, config] of [
        ["mobile", undefined],
        ["desktop", desktopConfig],
      ] as const) {
        const results: LighthouseRun[] = [];
        for (let i = 0; i < runs; i += 1) {
          results.push(await lighthouseRun(browser, `${origin}${pagePath}`, config));
        }
        const mid = (key: keyof LighthouseRun) => median(results.map((r) => r[key]));
        rows.push({
          page: pagePath,
          run: name,
          performance: mid("performance"),
          accessibility: mid("accessibility"),
          "best-practices": mid("best-practices"),
          seo: mid("seo"),
          "FCP ms": Math.round(mid("FCP")),
          "LCP ms": Math.round(mid("LCP")),
          "TBT ms": Math.round(mid("TBT")),
          CLS: Number(mid("CLS").toFixed(3)),
          "CPU benchmark": Math.round(mid("CPU benchmark")),
          "performance runs": results.map((r) => r.performance).join(" "),
        });
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Builds the SPA into a fresh folder of the bench's own, which the helpers above then read. */
export async function buildApp(): Promise<string> {
  dist = await mkdtemp(path.join(os.tmpdir(), "portal-bench-web-"));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: dist, emptyOutDir: true },
  });
  return dist;
}

export const webBench = {
  name: "web",
  description:
    "SPA: public pages' JavaScript before first paint, largest route chunks (gzip -9), Lighthouse on /, /pricing, /sales",
  async run() {
    await buildApp();
    const stack = await startLocalStack({ port: 0, logRequests: false, webDist: dist });
    try {
      const publicPaths = Object.keys(PRERENDERED_PAGES);
      const scriptRows: Record<string, string | number>[] = [];
      for (const pagePath of publicPaths) {
        const scripts = await pageScripts(`${stack.url}${pagePath}`);
        scriptRows.push({
          page: pagePath,
          "JS before first paint, gzip KB": kb(
            scripts.beforePaint.reduce((sum, f) => sum + gzipBytes(f), 0),
          ),
          "files before paint": scripts.beforePaint.length,
          "all JS loaded, gzip KB": kb(scripts.all.reduce((sum, f) => sum + gzipBytes(f), 0)),
          "all JS, raw KB": kb(scripts.all.reduce((sum, f) => sum + rawBytes(f), 0)),
          "FCP ms (unthrottled)": Math.round(scripts.fcp),
        });
      }
      console.table(scriptRows);
      const app = appEntryFiles();
      console.log(
        `the app's entry, loaded by a portal page's first visit (and by a public page for a visitor who may be signed in): ${kb([...app].reduce((sum, f) => sum + gzipBytes(f), 0))} KB gzip in ${app.size} files`,
      );
      const routes = routeChunks(app).sort((a, b) => b.gzip - a.gzip);
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
      const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
      console.table(await lighthouseScores(stack.url, publicPaths, runs));
      const navRuns = Number(process.env.BENCH_NAV_RUNS ?? 5);
      console.table(await navigationTimings(stack.url, navRuns));
      console.log(
        `(medians of ${runs} Lighthouse runs; scores depend on this machine's CPU: see 'CPU benchmark'; the local stack compresses as CloudFront does)`,
      );
    } finally {
      await stack.stop();
      await rm(dist, { recursive: true, force: true });
    }
  },
};
