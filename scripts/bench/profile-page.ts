/**
 * `npm run profile -- /dashboard /support`: where a signed-in page's main thread goes while it
 * starts, on a phone's CPU (Chromium's 4× slowdown, cache off). The tool behind the `signed-in`
 * section of docs/performance.md: Lighthouse gives the score, this says which code to change.
 *
 * For each page and load (PROFILE_RUNS, default 3), through the local stack serving a fresh build
 * and the same customer with data as `npm run bench -- signed-in`: the time until the page shows
 * its data, React's commits, the long tasks (start + duration, ms) and their time over 50 ms
 * (what Total Blocking Time adds up), then from a V8 CPU profile the busiest functions (self
 * time), the module evaluations (each chunk's top-level code) and, for each stretch of work over
 * 50 ms, where it started. Function names are only readable in an unminified build:
 * PROFILE_UNMINIFIED=1. PROFILE_CPU_SLOWDOWN sets the slowdown (default 4). PROFILE_REACT=1
 * builds with React's profiling renderer and prints, for each commit, its render time and the
 * components that took most of it (the profiling renderer is itself a little slower).
 * PROFILE_SAVE=dir writes each CPU profile there. PROFILE_TRACE=dir records each load's
 * Chromium trace there too and prints what each long task did (script, style, layout, fonts).
 * Each load of the page follows one of the stack's floor (stack-floor.ts), measured the same way,
 * and the end prints both side by side: what the page costs beyond what its stack needs. Each
 * load also lists the scripts and API calls it made, in order.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startLocalStack } from "@portal/devstack/local-stack";
import puppeteer from "puppeteer-core";
import { build } from "vite";
import { chromiumLaunchSpec } from "../../packages/core/src/adapters/browser";
import { customerWithData, SIGNED_IN_PAGES } from "./signed-in";
import { FLOOR_HEADING, startStackFloor } from "./stack-floor";
import { dataOnScreen, median } from "./web";

const webRoot = path.resolve(import.meta.dirname, "../../packages/web");

/** The parts of a V8 CPU profile (Profiler.stop) read here. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** What the page recorded about itself (see OBSERVERS). */
interface PageRecord {
  commits: number[];
  /** With PROFILE_REACT=1: per commit, [at, render ms, fibers rendered, heaviest components]. */
  renders: [at: number, ms: number, fibers: number, heaviest: string][];
  longTasks: [start: number, duration: number][];
}

/**
 * Installed before the app's scripts: long tasks from the browser's own observer, and React's
 * commits through the hook React DevTools uses (React calls it on every commit when present).
 * A string: this file is compiled without the DOM's types.
 */
const OBSERVERS = `
  window.__profile = { commits: [], longTasks: [], renders: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__profile.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: "longtask", buffered: true });
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; },
    onCommitFiberRoot(id, root) {
      const at = Math.round(performance.now());
      window.__profile.commits.push(at);
      const top = root.current;
      if (top.actualDuration === undefined) return;
      // The fibers this commit rendered: a subtree whose children were not cloned bailed out.
      const self = new Map(); let fibers = 0;
      const visit = (fiber) => {
        for (let f = fiber; f; f = f.sibling) {
          const rendered = !f.alternate || (f.flags & 1) === 1;
          if (rendered && typeof f.type === "function") {
            fibers += 1;
            const name = f.type.displayName || f.type.name || "(anonymous)";
            self.set(name, (self.get(name) || 0) + f.selfBaseDuration);
          }
          if (f.child && !(f.alternate && f.alternate.child === f.child)) visit(f.child);
        }
      };
      visit(top.child);
      const heaviest = [...self].sort((a, b) => b[1] - a[1]).slice(0, 4)
        .map(([n, d]) => n + " " + d.toFixed(0)).join(", ");
      window.__profile.renders.push([at, Math.round(top.actualDuration), fibers, heaviest]);
    },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
  };`;

const ms = (microseconds: number) => (microseconds / 1000).toFixed(0).padStart(6);
const fileOf = (url: string) => url.replace(/^.*\/assets\//, "");

/** The heaviest `n` entries of a tally, one per line. */
function top(tally: Map<string, number>, n: number): string {
  return [...tally]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => `${ms(us)} ms  ${key}`)
    .join("\n");
}

/** Self time by function, module evaluations, and where each stretch of work over 50 ms began. */
export function summarizeProfile(profile: CpuProfile): string {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const frame = (id: number) => nodes.get(id)?.callFrame;
  const label = (id: number) => {
    const f = frame(id);
    return f ? `${f.functionName || "(anonymous)"} ${fileOf(f.url)}:${f.lineNumber}` : "?";
  };
  const stackOf = (id: number) => {
    const stack: number[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.unshift(at);
    return stack;
  };

  const self = new Map<string, number>();
  const modules = new Map<string, number>();
  const stretches: { start: number; us: number; entries: Map<string, number> }[] = [];
  let stretch: (typeof stretches)[number] | undefined;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (frame(id)?.functionName === "(idle)") {
      stretch = undefined;
      return;
    }
    self.set(label(id), (self.get(label(id)) ?? 0) + us);
    const stack = stackOf(id);
    // A chunk's top-level code is the anonymous function at its line 0, column 0.
    const evaluating = new Set(
      stack
        .map(frame)
        .filter((f) => f?.url && !f.functionName && f.lineNumber === 0 && f.columnNumber === 0)
        .map((f) => fileOf(f?.url ?? "")),
    );
    for (const file of evaluating) modules.set(file, (modules.get(file) ?? 0) + us);
    if (!stretch) {
      stretch = { start: at - profile.startTime, us: 0, entries: new Map() };
      stretches.push(stretch);
    }
    stretch.us += us;
    const entry = stack.slice(1, 4).map(label).join(" > ");
    stretch.entries.set(entry, (stretch.entries.get(entry) ?? 0) + us);
  });

  const long = stretches
    .filter((s) => s.us > 50_000)
    .map((s) => `at ${ms(s.start)} ms, ${ms(s.us).trim()} ms of work:\n${top(s.entries, 4)}`);
  return [
    `busiest functions (self time):\n${top(self, 25)}`,
    `module evaluation (a chunk's top-level code, inclusive):\n${top(modules, 12)}`,
    `stretches of work over 50 ms, and where each began:\n${long.join("\n")}`,
  ].join("\n\n");
}

/** Lighthouse's own categories, and fonts and text shaping, which a page's first layout pays. */
const TRACE_CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink",
  "fonts",
  "loading",
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** Each long task of the page's main thread, by what it did (self time of its trace events). */
export function summarizeTrace(trace: { traceEvents: TraceEvent[] }): string {
  const main = new Set(
    trace.traceEvents
      .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const events = trace.traceEvents
    .filter((e) => e.ph === "X" && e.dur !== undefined && main.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  const start = events[0]?.ts ?? 0;
  const lines: string[] = [];
  for (const task of events) {
    if (task.name !== "ThreadControllerImpl::RunTask" || (task.dur ?? 0) < 50_000) continue;
    // Self time: each event's duration less that of the events directly inside it.
    const self = new Map<string, number>();
    const open: TraceEvent[] = [];
    for (const e of events) {
      // Another tab's main thread can be busy at the same time: only this task's thread.
      if (e.pid !== task.pid || e.tid !== task.tid) continue;
      if (e.ts < task.ts || end(e) > end(task)) continue;
      while (open.length && end(open[open.length - 1] as TraceEvent) <= e.ts) open.pop();
      const parent = open[open.length - 1];
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (e.dur ?? 0));
      self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0));
      open.push(e);
    }
    const what = [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, us]) => `${name} ${ms(us).trim()}`)
      .join(", ");
    lines.push(`${ms(task.ts - start)} +${ms(task.dur ?? 0).trim()} ms: ${what}`);
  }
  return `long tasks in the trace (start +duration, then self time by event, ms):\n${lines.join("\n")}`;
}

async function main() {
  const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/dashboard"];
  const known = new Map(SIGNED_IN_PAGES.map((page) => [page.path, page.heading]));
  for (const page of pages) {
    if (!known.has(page)) throw new Error(`${page}: one of ${[...known.keys()].join(", ")}`);
  }
  const runs = Number(process.env.PROFILE_RUNS ?? 3);
  for (const dir of [process.env.PROFILE_SAVE, process.env.PROFILE_TRACE]) {
    if (dir) await mkdir(dir, { recursive: true });
  }
  const slowdown = Number(process.env.PROFILE_CPU_SLOWDOWN ?? 4);
  const dist = await mkdtemp(path.join(os.tmpdir(), "portal-profile-"));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: dist, emptyOutDir: true, minify: process.env.PROFILE_UNMINIFIED !== "1" },
    // React's profiling renderer records each fiber's render time (actualDuration).
    ...(process.env.PROFILE_REACT === "1"
      ? {
          resolve: { alias: [{ find: /^react-dom\/client$/, replacement: "react-dom/profiling" }] },
        }
      : {}),
  });
  const stack = await startLocalStack({ port: 0, logRequests: false, webDist: dist });
  const floor = await startStackFloor();
  const browser = await puppeteer.launch({
    ...(await chromiumLaunchSpec()),
    defaultViewport: null,
  });
  try {
    const cookies = await customerWithData(stack.url);
    for (const page of pages) {
      // The stack's floor beside the page, load for load in turns (stack-floor.ts).
      const targets = [
        { label: "stack floor", url: floor.url, heading: FLOOR_HEADING, signedIn: false },
        { label: page, url: `${stack.url}${page}`, heading: known.get(page) ?? "", signedIn: true },
      ];
      const blocking = new Map<string, number[]>();
      const onScreenTimes = new Map<string, number[]>();
      const commitCounts = new Map<string, number[]>();
      const add = (m: Map<string, number[]>, key: string, value: number) =>
        m.set(key, [...(m.get(key) ?? []), value]);
      for (let run = 1; run <= runs; run += 1) {
        for (const target of targets) {
          const tab = await browser.newPage();
          await tab.setViewport({ width: 412, height: 823 });
          if (target.signedIn)
            await tab.setCookie(...cookies.map((c) => ({ ...c, url: stack.url })));
          const cdp = await tab.createCDPSession();
          await cdp.send("Network.enable");
          await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
          await cdp.send("Profiler.enable");
          await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
          await tab.evaluateOnNewDocument(OBSERVERS);
          // The module scripts and API calls the load makes, in the order they were asked for.
          const requests: string[] = [];
          tab.on("request", (request) => {
            const url = new URL(request.url());
            if (request.resourceType() === "script" || url.pathname.startsWith("/api/"))
              requests.push(url.pathname);
            else if (url.pathname.startsWith("/dev-identity/")) requests.push(url.pathname);
          });
          await cdp.send("Profiler.start");
          // PROFILE_TRACE=dir also records Chromium's trace (what DevTools' Performance panel and
          // Lighthouse read: style, layout, parsing as well as script), one file per load.
          const stem = `${target.signedIn ? page.replaceAll("/", "_") : "_stack-floor"}-${run}`;
          const tracePath = process.env.PROFILE_TRACE
            ? path.join(process.env.PROFILE_TRACE, `${stem}.trace.json`)
            : undefined;
          if (tracePath) await tab.tracing.start({ path: tracePath, categories: TRACE_CATEGORIES });
          const started = Date.now();
          await tab.goto(target.url);
          await tab.waitForFunction(dataOnScreen(target.heading), { timeout: 60_000 });
          const onScreen = Date.now() - started;
          // What the page does once its data shows (images, tooltips loaded when idle) counts too.
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          const trace = tracePath ? await tab.tracing.stop() : undefined;
          const { profile } = (await cdp.send("Profiler.stop")) as unknown as {
            profile: CpuProfile;
          };
          const record = (await tab.evaluate("window.__profile")) as PageRecord;
          // PROFILE_SAVE=dir keeps each profile for Chromium's DevTools (Performance → Load profile).
          if (process.env.PROFILE_SAVE) {
            await writeFile(
              path.join(process.env.PROFILE_SAVE, `${stem}.cpuprofile`),
              JSON.stringify(profile),
            );
          }
          await tab.close();
          const over50 = record.longTasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
          add(blocking, target.label, over50);
          add(onScreenTimes, target.label, onScreen);
          add(commitCounts, target.label, record.commits.length);
          const scripts = requests.filter((r) => r.endsWith(".js")).length;
          console.log(
            `\n## ${target.label}, load ${run} of ${runs} (CPU ${slowdown}× slower): data on screen after ${onScreen} ms, ${record.commits.length} React commits, ${scripts} scripts`,
          );
          console.log(
            `requests, in order (scripts, API and identity calls): ${requests.map((r) => r.replace(/^\/assets\//, "")).join(" ")}`,
          );
          console.log(
            `long tasks (start+duration, ms): ${record.longTasks.map(([s, d]) => `${s}+${d}`).join(" ")}`,
          );
          console.log(`their time over 50 ms: ${over50} ms\n`);
          if (record.renders.length) {
            console.log("React's commits (at, render ms, components rendered: heaviest, self ms):");
            for (const [at, took, fibers, heaviest] of record.renders)
              console.log(
                `${String(at).padStart(6)} ${String(took).padStart(5)} ms ${String(fibers).padStart(5)}: ${heaviest}`,
              );
            console.log("");
          }
          console.log(summarizeProfile(profile));
          if (trace)
            console.log(`\n${summarizeTrace(JSON.parse(Buffer.from(trace).toString("utf8")))}`);
        }
      }
      console.log(`\nmedians of ${runs} loads, the page beside its stack's floor:`);
      console.table(
        targets.map((t) => ({
          load: t.label,
          "data on screen, ms": median(onScreenTimes.get(t.label) ?? []),
          "long tasks over 50 ms, ms": median(blocking.get(t.label) ?? []),
          "React commits": median(commitCounts.get(t.label) ?? []),
        })),
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
    await floor.stop();
    await rm(dist, { recursive: true, force: true });
  }
}

await main();
