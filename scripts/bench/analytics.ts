/**
 * `npm run bench -- analytics`: the public page-view endpoint (POST /api/collect) through the
 * local API Gateway adapter, the real handler and dynalite, under 20 concurrent clients for
 * 10 s. Page views come from a pool of 1,000 visitors (distinct user agents and addresses) in
 * turn, so the run mixes first views of the day (visitor mark created) with returning ones, and
 * stays far below the per-address rate limit. Afterwards the stored day total is checked against the
 * accepted count: a fast endpoint that loses increments would show here.
 */
import { Worker } from "node:worker_threads";
import { startLocalStack } from "@portal/devstack/local-stack";

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

interface LoadResult {
  latencies: number[];
  statuses: Record<string, number>;
}

/** `clients` loops of POST page views for `durationMs`, on a worker thread. */
function runCollectLoad(options: {
  endpoint: string;
  siteId: string;
  clients: number;
  durationMs: number;
  visitors: number;
}): Promise<LoadResult> {
  const source = `
    const { parentPort, workerData: o } = require("node:worker_threads");
    (async () => {
      const latencies = [];
      const statuses = {};
      let next = 0;
      const paths = ["/", "/menu", "/about", "/contact", "/blog/opening-hours"];
      const deadline = performance.now() + o.durationMs;
      await Promise.all(Array.from({ length: o.clients }, async () => {
        while (performance.now() < deadline) {
          const n = next++;
          const visitor = n % o.visitors;
          const body = JSON.stringify({
            site: o.siteId,
            path: paths[n % paths.length],
            referrer: n % 7 === 0 ? "news.example.com" : "",
            screen: "desktop",
          });
          const t0 = performance.now();
          try {
            const response = await fetch(o.endpoint, {
              method: "POST",
              headers: {
                "content-type": "text/plain;charset=UTF-8",
                "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 bench-" + visitor,
                // Each visitor on an address of its own (the rate limit counts by address).
                "x-devstack-viewer-address": "198.18." + (visitor >> 8) + "." + (visitor & 255),
              },
              body,
            });
            await response.arrayBuffer();
            statuses[response.status] = (statuses[response.status] ?? 0) + 1;
            if (response.status === 202) latencies.push(performance.now() - t0);
          } catch {
            statuses.network = (statuses.network ?? 0) + 1;
          }
        }
      }));
      parentPort.postMessage({ latencies, statuses });
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

export const analyticsBench = {
  name: "analytics",
  description:
    "POST /api/collect (public page views), 20 concurrent clients for 10 s, 1,000 visitors in turn (local adapter + dynalite)",
  async run() {
    const clients = 20;
    const durationMs = 10_000;
    const visitors = 1000;
    const stack = await startLocalStack({ port: 0, logRequests: false });
    try {
      // After the stack: it sets the table's env on this process, which core reads at import.
      const { db } = await import("@portal/core/db/service");
      const { data: site } = await db.entities.site
        .create({ userId: `bench_${Date.now()}`, name: "Bench site", status: "live" })
        .go();
      const endpoint = `${stack.url}/api/collect`;

      // Warm-up: imports the handler, creates the day's item, fills the site cache.
      const warm = await fetch(endpoint, {
        method: "POST",
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          "user-agent": "Mozilla/5.0 warm-up",
        },
        body: JSON.stringify({ site: site.siteId, path: "/" }),
      });
      if (warm.status !== 202) throw new Error(`warm-up got ${warm.status}: ${await warm.text()}`);

      const started = performance.now();
      const { latencies, statuses } = await runCollectLoad({
        endpoint,
        siteId: site.siteId,
        clients,
        durationMs,
        visitors,
      });
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const requests = Object.values(statuses).reduce((sum, n) => sum + n, 0);
      const accepted = statuses["202"] ?? 0;

      const { data: days } = await db.entities.analyticsDay.query
        .byOwner({ userId: site.userId, siteId: site.siteId })
        .go();
      const stored = days.reduce((sum, day) => sum + day.pageViews, 0) - 1; // minus the warm-up
      const storedVisitors = days.reduce((sum, day) => sum + day.visitors, 0) - 1;

      console.table([
        {
          clients,
          "duration s": Number(elapsed.toFixed(1)),
          requests,
          "requests/s": Math.round(requests / elapsed),
          "p50 ms": Number(percentile(latencies, 50).toFixed(1)),
          "p99 ms": Number(percentile(latencies, 99).toFixed(1)),
          accepted,
          "other answers": JSON.stringify(
            Object.fromEntries(Object.entries(statuses).filter(([status]) => status !== "202")),
          ),
          "stored = accepted": stored === accepted ? "yes" : `no (${stored})`,
          "visitors stored": storedVisitors,
        },
      ]);
      console.log(
        "(one Node process runs the handler and dynalite; each accepted view is 2-3 conditional writes: visitor mark, day aggregate)",
      );
    } finally {
      await stack.stop();
    }
  },
};
