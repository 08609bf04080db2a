/**
 * `npm run bench -- bundles`: every Lambda's bundle size against the budget
 * (docs/performance.md "`bundles`").
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  browserHandler,
  jobsWorkerHandler,
  notificationsWorkerHandler,
  pageViewsConsumer,
  routes,
  siteDeletionsWorkerHandler,
  stripeWebhookHandler,
  uptimeWorkerHandler,
} from "@portal/functions/routes";
import { BROWSER_RUNTIME_PACKAGES } from "../../stacks/browser-runtime";
import {
  BUNDLE_BUDGET_BYTES,
  bundleHandlers,
  routeBundleBudget,
  sstEsbuild,
} from "../../stacks/bundling";

/**
 * Every Lambda bundled as SST v2 bundles it for a deploy: SST's own esbuild and options
 * (stacks/bundling.ts), with what the worker's `install` list puts beside its bundle left out;
 * each against the 1 MB budget, with what weighs most in it.
 */
export const bundlesBench = {
  name: "bundles",
  description: `Lambda bundle sizes (SST's esbuild ${sstEsbuild().version}, esm, esnext, minified) against the ${BUNDLE_BUDGET_BYTES / 1024 / 1024} MB budget (a route's own where it has one)`,
  async run() {
    const outDir = await mkdtemp(path.join(os.tmpdir(), "portal-bundles-"));
    const names = new Map<string, string>([
      ...Object.entries(routes).map(([route, { handler }]) => [handler, route] as [string, string]),
      [stripeWebhookHandler, "stripe webhook (URL)"],
      [notificationsWorkerHandler, "notifications worker (SQS)"],
      [pageViewsConsumer.handler, "page-views consumer (SQS)"],
      [uptimeWorkerHandler, "uptime checks (schedule)"],
      [siteDeletionsWorkerHandler, "site deletions (schedule)"],
    ]);
    try {
      const sizes = [
        ...(await bundleHandlers([...names.keys(), jobsWorkerHandler], outDir)),
        // stacks/Jobs.ts installs these beside the browser bundle (stacks/browser-runtime.ts).
        ...(await bundleHandlers([browserHandler], outDir, BROWSER_RUNTIME_PACKAGES)),
      ];
      names.set(jobsWorkerHandler, "jobs worker (SQS)");
      names.set(browserHandler, "browser (invoked by the jobs worker)");
      // A route's own budget (stacks/bundling.ts), the 1 MB one for every other function.
      const budget = (handler: string) => routeBundleBudget(names.get(handler) ?? "");
      const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
      console.table(
        sizes
          .sort((a, b) => b.bytes - a.bytes)
          .map((size) => ({
            function: names.get(size.handler) ?? size.handler,
            "size KB": kb(size.bytes),
            "gzip KB": kb(
              gzipSync(
                readFileSync(path.join(outDir, `${size.handler.replace(/[^\w]+/g, "_")}.mjs`)),
              ).length,
            ),
            "within budget": size.bytes <= budget(size.handler) ? "yes" : "NO",
            heaviest: size.inputs
              .slice(0, 3)
              .map(([input, bytes]) => `${input} ${Math.round(bytes / 1024)}K`)
              .join(", "),
          })),
      );
      const api = sizes.filter((size) =>
        [...Object.values(routes)].some((r) => r.handler === size.handler),
      );
      const over = api.filter((size) => size.bytes > budget(size.handler));
      console.log(
        `${api.length - over.length} of ${api.length} API handlers within the budget; largest ${kb(Math.max(...api.map((s) => s.bytes)))} KB`,
      );
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  },
};
