/**
 * `npm run bench`: figures a person can compare between commits. Each section measures one
 * thing and prints a small table; add a section (web bundle sizes, Lighthouse, analytics) by
 * writing one more `BenchSection` and listing it in `sections`. Run one section with
 * `npm run bench -- <name>`.
 *
 * Each section runs in a process of its own: a local stack binds its ports into `sst/node` and
 * the AWS clients when the handlers are first imported, so a second stack in the same process
 * would talk to the first one's closed ports.
 */
import { spawnSync } from "node:child_process";

import { readFileSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { gzipSync } from "node:zlib";
import { startLocalStack } from "@portal/devstack/local-stack";
import { jobsWorkerHandler, routes, stripeWebhookHandler } from "@portal/functions/routes";
import { build } from "esbuild";
import { analyticsBench } from "./bench/analytics";
import { auditsBench } from "./bench/audit-queue";
import { staffBench } from "./bench/staff";
import { webBench } from "./bench/web";

interface BenchSection {
  name: string;
  description: string;
  run(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, "..");

function table(rows: Record<string, string | number>[]) {
  console.table(rows);
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/** `clients` loops of fetch(endpoint) for `durationMs`, on a worker thread. */
function runLoad(options: {
  endpoint: string;
  headers: Record<string, string>;
  clients: number;
  durationMs: number;
}): Promise<{ latencies: number[]; errors: number }> {
  const source = `
    const { parentPort, workerData: o } = require("node:worker_threads");
    (async () => {
      const latencies = [];
      let errors = 0;
      const deadline = performance.now() + o.durationMs;
      await Promise.all(Array.from({ length: o.clients }, async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          try {
            const response = await fetch(o.endpoint, { headers: o.headers });
            await response.arrayBuffer();
            if (response.status === 200) latencies.push(performance.now() - t0);
            else errors++;
          } catch {
            errors++;
          }
        }
      }));
      parentPort.postMessage({ latencies, errors });
    })();
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: options });
    worker.once("message", (result) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/** GET /api/auth/user through the local API Gateway adapter, the real handler and dynalite. */
const apiLatency: BenchSection = {
  name: "api",
  description: "GET /api/auth/user, 20 concurrent clients for 10 s (local adapter + dynalite)",
  async run() {
    const clients = 20;
    const durationMs = 10_000;
    const stack = await startLocalStack({ port: 0, logRequests: false });
    try {
      const signUp = await fetch(`${stack.url}/dev-identity/sign-up`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: `bench-${Date.now()}@example.com`,
          password: "benchmark password",
          firstName: "Bench",
          lastName: "Mark",
        }),
      });
      if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
      const { jwt } = (await (
        await fetch(`${stack.url}/dev-identity/tokens`, {
          method: "POST",
          headers: {
            cookie: signUp.headers
              .getSetCookie()
              .map((c) => c.split(";")[0])
              .join("; "),
          },
        })
      ).json()) as { jwt: string };
      // Tokens live 60 s: one outlasts the run.
      const headers = { authorization: `Bearer ${jwt}` };
      const endpoint = `${stack.url}/api/auth/user`;

      // Warm-up: the first call imports the handler and creates the user record.
      for (let i = 0; i < 20; i++) {
        const warm = await fetch(endpoint, { headers });
        if (warm.status !== 200)
          throw new Error(`warm-up got ${warm.status}: ${await warm.text()}`);
      }

      // The load runs on its own thread so that the figures are the stack's, not the client's.
      const started = performance.now();
      const { latencies, errors } = await runLoad({ endpoint, headers, clients, durationMs });
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      table([
        {
          clients,
          "duration s": Number(elapsed.toFixed(1)),
          requests: latencies.length + errors,
          "requests/s": Math.round((latencies.length + errors) / elapsed),
          "p50 ms": Number(percentile(latencies, 50).toFixed(1)),
          "p99 ms": Number(percentile(latencies, 99).toFixed(1)),
          errors,
        },
      ]);
      console.log(
        "(one Node process runs every handler and dynalite; Lambda cold starts are not included)",
      );
    } finally {
      await stack.stop();
    }
  },
};

/**
 * Every Lambda bundled as SST v2 bundles it with this app's function props (esbuild, ESM,
 * minified, SST's banner; the AWS SDK bundled, see sst.config.ts), with what the worker's
 * `install` list puts beside its bundle left out.
 */
const lambdaBundles: BenchSection = {
  name: "bundles",
  description: "Lambda bundle sizes (esbuild, esm, node24, minified)",
  async run() {
    const outDir = await mkdtemp(path.join(os.tmpdir(), "portal-bundles-"));
    // stacks/Jobs.ts installs these beside the worker bundle instead of bundling them.
    const workerInstalled = ["@sparticuz/chromium", "lighthouse", "puppeteer-core"];
    const functions = [
      ...Object.entries(routes).map(([route, { handler }]) => ({
        name: route,
        handler,
        external: [],
      })),
      { name: "jobs worker (SQS)", handler: jobsWorkerHandler, external: workerInstalled },
      { name: "stripe webhook (URL)", handler: stripeWebhookHandler, external: [] },
    ];
    try {
      const rows: Record<string, string | number>[] = [];
      for (const fn of functions) {
        const file = path.join(repoRoot, `${fn.handler.slice(0, fn.handler.lastIndexOf("."))}.ts`);
        const outfile = path.join(outDir, `${fn.handler.replace(/[^\w]+/g, "_")}.mjs`);
        await build({
          entryPoints: [file],
          outfile,
          bundle: true,
          platform: "node",
          format: "esm",
          target: "node24",
          minify: true,
          keepNames: true,
          mainFields: ["module", "main"],
          external: fn.external,
          logLevel: "error",
          // SST's ESM banner, so `require` and `__dirname` work in the bundle as deployed.
          banner: {
            js: [
              `import { createRequire as topLevelCreateRequire } from 'module';`,
              "const require = topLevelCreateRequire(import.meta.url);",
              `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
              `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
            ].join("\n"),
          },
        });
        const { size } = await stat(outfile);
        rows.push({
          function: fn.name,
          "size KB": Number((size / 1024).toFixed(1)),
          "gzip KB": Number((gzipSync(readFileSync(outfile)).length / 1024).toFixed(1)),
          external: fn.external.join(", ") || "none",
        });
      }
      table(rows);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  },
};

const sections: BenchSection[] = [
  apiLatency,
  lambdaBundles,
  webBench,
  analyticsBench,
  auditsBench,
  staffBench,
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !sections.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown section(s): ${unknown.join(", ")}. Sections: ${sections.map((s) => s.name).join(", ")}`,
  );
  process.exit(1);
}
const selected = sections.filter((s) => only.length === 0 || only.includes(s.name));
if (selected.length === 1 && selected[0]) {
  const section = selected[0];
  console.log(`\n## ${section.name}: ${section.description}`);
  const t0 = performance.now();
  await section.run();
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
} else {
  let failed = 0;
  for (const section of selected) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, import.meta.filename, section.name],
      {
        stdio: "inherit",
      },
    );
    if (child.status !== 0) {
      failed += 1;
      console.error(`(section ${section.name} failed with exit code ${child.status})`);
    }
  }
  process.exitCode = failed > 0 ? 1 : 0;
}
