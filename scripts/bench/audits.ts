/**
 * Audit engine figures on one local page: a bare Lighthouse run (the lighthouse API alone on
 * a puppeteer-launched Chromium with our flags), the same run through our runner (its browser
 * behind the egress proxy, fresh context, outbound guard, PWA checks, mapping), their ratio,
 * and seconds per SEO analysis.
 *
 * Another timing (the run through the queue and worker) joins by passing a stage to
 * benchAudits: every Lighthouse stage is timed the same way and compared with the bare one.
 *
 *   npx tsx scripts/bench/audits.ts        (BENCH_LH_RUNS=n to change the runs per stage)
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import lighthouse from "lighthouse";
import puppeteer, { type Browser } from "puppeteer-core";
import { chromiumLaunchSpec, launchBrowser } from "../../packages/core/src/adapters/browser";
import { lighthouseSettings, runLighthouse } from "../../packages/core/src/audits/lighthouse-run";
import { analyzeSeo } from "../../packages/core/src/audits/seo-analyze";

export interface BenchContext {
  /** The page every stage audits. */
  url: string;
  /** Allowlist entry for the local page. */
  allowHosts: string[];
  /** launchBrowser's Chromium (behind its egress proxy), shared by our in-process stages. */
  browser: Browser;
  /** A Chromium launched with the project's flags and nothing else, for the bare stage. */
  bareBrowser: Browser;
}

export interface LighthouseStage {
  name: string;
  /** One full Lighthouse run of ctx.url (mobile); resolves when the result is ready. */
  run(ctx: BenchContext): Promise<void>;
}

const SEO_RUNS = 3;

/** A small but real page: render-blocking CSS, a script, images, headings, links. */
function benchPage(): http.Server {
  const css = `${".card { padding: 1rem; border: 1px solid #ddd; }\n".repeat(400)}`;
  const js = `${"function unused() { return 1; }\n".repeat(2000)}document.body.dataset.ready = "1";`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#c96"/></svg>`;
  const cards = Array.from(
    { length: 12 },
    (_, i) =>
      `<div class="card"><h3>Loaf ${i + 1}</h3><img src="/img/${i}.svg" width="320" height="180" alt="Loaf ${i + 1}"><p>Baked every morning.</p><a href="/loaf/${i}">More</a></div>`,
  ).join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Corner Bakery - fresh bread daily</title>
<meta name="description" content="Fresh sourdough, rye and pastries baked every morning in the heart of town.">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/site.css"><script src="/app.js"></script>
</head><body><h1>Corner Bakery</h1><h2>Our loaves</h2>${cards}
<a href="https://example.org/">Elsewhere</a></body></html>`;
  return http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/site.css")
      return void res.writeHead(200, { "content-type": "text/css" }).end(css);
    if (path === "/app.js")
      return void res.writeHead(200, { "content-type": "text/javascript" }).end(js);
    if (path.startsWith("/img/"))
      return void res.writeHead(200, { "content-type": "image/svg+xml" }).end(svg);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
}

/** The lighthouse API alone: a new page, Lighthouse's own navigation, nothing of ours. */
export const bareLighthouse: LighthouseStage = {
  name: "lighthouse, bare API",
  async run({ url, bareBrowser }) {
    const page = await bareBrowser.newPage();
    try {
      const { flags, config } = lighthouseSettings("mobile");
      const result = await lighthouse(url, flags, config, page);
      if (!result || result.lhr.runtimeError) throw new Error("bare Lighthouse run failed");
    } finally {
      await page.close();
    }
  },
};

export const ourLighthouse: LighthouseStage = {
  name: "lighthouse, our runner",
  async run({ url, browser, allowHosts }) {
    await runLighthouse(browser, url, "mobile", { allowHosts });
  },
};

async function seconds(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return (performance.now() - started) / 1000;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const fmt = (s: number) => `${s.toFixed(2)} s`;

export async function benchAudits(
  options: { extraStages?: LighthouseStage[]; runs?: number } = {},
): Promise<void> {
  const runs = options.runs ?? Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 2));
  const server = benchPage();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const spec = await chromiumLaunchSpec();
  const bareBrowser = await puppeteer.launch({ ...spec, defaultViewport: null });
  const browser = await launchBrowser();
  const ctx: BenchContext = { url: `http://${host}/`, allowHosts: [host], browser, bareBrowser };

  try {
    const stages = [bareLighthouse, ourLighthouse, ...(options.extraStages ?? [])];
    // One unmeasured run loads Lighthouse's modules and warms Chromium for everyone.
    await bareLighthouse.run(ctx);
    const times = new Map<string, number[]>(stages.map((s) => [s.name, []]));
    // Interleaved, so drift in the machine's load falls on every stage alike.
    for (let i = 0; i < runs; i++) {
      for (const stage of stages) times.get(stage.name)?.push(await seconds(() => stage.run(ctx)));
    }

    const seo: number[] = [];
    await analyzeSeo(browser, ctx.url, { allowHosts: ctx.allowHosts }); // warm-up
    for (let i = 0; i < SEO_RUNS; i++) {
      seo.push(await seconds(async () => void (await analyzeSeo(browser, ctx.url, ctx))));
    }

    const bare = mean(times.get(bareLighthouse.name) ?? []);
    console.log(`audits: ${ctx.url} (mobile), ${runs} Lighthouse run(s) per stage after a warm-up`);
    for (const stage of stages) {
      const t = times.get(stage.name) ?? [];
      const m = mean(t);
      const ratio = stage === bareLighthouse ? "" : `  ratio ${(m / bare).toFixed(2)}`;
      console.log(
        `  ${stage.name.padEnd(28)} ${fmt(m).padStart(8)}${ratio}  (runs: ${t.map((x) => x.toFixed(2)).join(", ")})`,
      );
    }
    console.log(
      `  ${"seo analysis".padEnd(28)} ${fmt(mean(seo)).padStart(8)}  (mean of ${SEO_RUNS}: ${seo.map((x) => x.toFixed(2)).join(", ")})`,
    );
  } finally {
    await browser.close();
    await bareBrowser.close();
    await new Promise((r) => server.close(r));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchAudits();
}
