/**
 * `npm run bench -- reports`: building one site's monthly care report (docs/reports.md) with a
 * month of data in the table: 8,640 uptime checks (one every 5 minutes for 30 days, two outages
 * among them, stored as the uptime run stores them), 30 analytics days with 10 pages
 * and 5 referrers counted each day, 20 audits (15 Lighthouse, 5 SEO) and 10 resolved tickets.
 *
 * Timed one call at a time (at most 200 calls or 10 s each), in this process, against dynalite:
 * buildMonthlyReport (a Get of the site, then every read and the arithmetic), readMonth (the
 * reads alone, in parallel, as the build makes them), and the bare ElectroDB Queries it needs
 * issued in parallel with no processing (the floor).
 */
import { startLocalStack } from "@portal/devstack/local-stack";
import { ulid } from "ulid";
import { ms, percentile, type Timings, timeInProcess } from "./measure";

const MONTH = "2026-10";
const CHECKS = 8_640;
const CHECK_EVERY_MS = 5 * 60_000;
const BOUNDS = { maxRequests: 200, durationMs: 10_000, warmUp: 10 };

function row(operation: string, timings: Timings, bareP50: number) {
  const sorted = [...timings.latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  return {
    operation,
    calls: sorted.length,
    "p50 ms": ms(p50),
    "p99 ms": ms(percentile(sorted, 99)),
    "p50 / bare p50": Number((p50 / bareP50).toFixed(1)),
  };
}

export const reportsBench = {
  name: "reports",
  description: `one site's monthly report with a month of data (${CHECKS.toLocaleString("en")} uptime checks, 30 analytics days, 20 audits), beside its bare queries (dynalite, in process)`,
  async run() {
    const stack = await startLocalStack({ port: 0, logRequests: false });
    try {
      // After the stack: it sets the table's env on this process, which core reads at import.
      const { db, idFloor } = await import("@portal/core/db/service");
      const { buildMonthlyReport, readMonth } = await import("@portal/core/reports/build");
      const userId = "user_reportbench";
      const { data: site } = await db.entities.site
        .create({ userId, name: "Bench Bakery", status: "live", liveUrl: "https://bench.example/" })
        .go();
      const { siteId } = site;

      const seedStarted = performance.now();
      const start = Date.parse(`${MONTH}-01T00:00:00Z`);
      // What 8,640 checks leave in the table (monitoring/index.ts recordCheck): one day item per
      // UTC day adding up its checks, one item per incident, the monitor item. Written as such:
      // recording them one by one takes minutes on a shared machine and measures the uptime
      // run, not the report.
      const days = new Map<string, { checks: number; failures: number; responseMsTotal: number }>();
      for (let i = 0; i < CHECKS; i++) {
        // Two outages of half an hour: checks 2,000-2,005 and 6,000-6,005 fail.
        const down = (i >= 2_000 && i < 2_006) || (i >= 6_000 && i < 6_006);
        const day = new Date(start + i * CHECK_EVERY_MS).toISOString().slice(0, 10);
        const totals = days.get(day) ?? { checks: 0, failures: 0, responseMsTotal: 0 };
        totals.checks += 1;
        if (down) totals.failures += 1;
        else totals.responseMsTotal += 200 + (i % 50);
        days.set(day, totals);
      }
      await db.entities.uptimeDay
        .put([...days].map(([day, totals]) => ({ userId, siteId, day, ...totals })))
        .go();
      for (const first of [2_000, 6_000]) {
        await db.entities.uptimeIncident
          .put({
            userId,
            siteId,
            startedAt: new Date(start + first * CHECK_EVERY_MS).toISOString(),
            endedAt: new Date(start + (first + 6) * CHECK_EVERY_MS).toISOString(),
            reason: "HTTP 502",
          })
          .go();
      }
      await db.entities.siteMonitor
        .put({ userId, siteId, consecutiveFailures: 0, certExpiresAt: "2027-02-01T00:00:00.000Z" })
        .go();
      for (let d = 1; d <= 30; d++) {
        const day = `${MONTH}-${String(d).padStart(2, "0")}`;
        await db.entities.analyticsDay
          .put({
            userId,
            siteId,
            day,
            visitors: 100 + d,
            pageViews: 300 + d,
            singlePageVisitors: 40,
          })
          .go();
        const counts = [
          ...Array.from({ length: 10 }, (_, p) => ({
            dimension: "page" as const,
            key: `/page-${p}`,
            views: 30 - p,
          })),
          ...Array.from({ length: 5 }, (_, r) => ({
            dimension: "referrer" as const,
            key: `ref${r}.example`,
            views: 5 + r,
          })),
        ];
        await db.entities.analyticsCount.put(counts.map((c) => ({ siteId, day, ...c }))).go();
      }
      for (let a = 0; a < 20; a++) {
        const iso = new Date(start + a * 36 * 3_600_000).toISOString();
        const common = {
          jobId: ulid(Date.parse(iso)),
          userId,
          siteId,
          url: site.liveUrl ?? "",
          status: "done" as const,
          finishedAt: iso,
        };
        if (a % 4 === 3) {
          await db.entities.seoResult
            .create({
              ...common,
              result: {
                url: common.url,
                score: 70 + a,
                loadTime: 1,
                pageSize: 1000,
                links: { internal: 3, external: 1 },
                issues: [
                  {
                    rule: "r",
                    type: "warning",
                    title: "Short title",
                    description: "",
                    impact: "low",
                  },
                ],
                metaTitle: "t",
                metaDescription: "d",
                headings: [],
                images: [],
              },
            })
            .go();
        } else {
          await db.entities.lighthouseResult
            .create({
              ...common,
              strategy: "mobile",
              result: {
                url: common.url,
                finalUrl: common.url,
                strategy: "mobile",
                timestamp: iso,
                lighthouseVersion: "12",
                scores: {
                  performance: 80 + (a % 10),
                  accessibility: 95,
                  bestPractices: 100,
                  seo: 90,
                  pwa: null,
                },
                pwa: { score: null, measured: false, checks: [] },
                metrics: [],
                opportunities: [],
                diagnostics: [],
              },
            })
            .go();
        }
      }
      for (let t = 0; t < 10; t++) {
        const createdAt = new Date(start + t * 2 * 86_400_000).toISOString();
        await db.entities.ticket
          .create({
            ticketId: ulid(Date.parse(createdAt)),
            userId,
            siteId,
            title: `Change ${t}`,
            status: "resolved",
            resolutionTime: 90,
            createdAt,
          })
          .go();
      }
      const seedMs = performance.now() - seedStarted;

      const now = new Date(`${MONTH}-31T12:00:00Z`);
      const report = await buildMonthlyReport(userId, siteId, MONTH, now);
      const bounds = {
        from: { jobId: idFloor(new Date(start)) },
        to: { jobId: idFloor(new Date(Date.parse("2026-11-01T00:00:00Z"))) },
      };
      const all = { pages: "all" } as const;
      const bare = () =>
        Promise.all([
          db.entities.siteMonitor.get({ userId, siteId }).go(),
          db.entities.uptimeDay.query
            .byOwner({ userId, siteId })
            .between({ day: "2026-09-01" }, { day: "2026-10-31" })
            .go(all),
          db.entities.uptimeIncident.query
            .byOwner({ userId, siteId })
            .between({ startedAt: "2026-08-31" }, { startedAt: "2026-11-01" })
            .go(all),
          db.entities.analyticsDay.query
            .byOwner({ userId, siteId })
            .between({ day: "2026-09-01" }, { day: "2026-10-31" })
            .go(all),
          db.entities.analyticsCount.query
            .bySite({ siteId })
            .between({ day: "2026-10-01" }, { day: "2026-11-01" })
            .go(all),
          db.entities.monthlyReport.get({ userId, siteId, month: "2026-09" }).go(),
          db.entities.lighthouseResult.query
            .byOwner({ userId })
            .between(bounds.from, bounds.to)
            .go(all),
          db.entities.seoResult.query.byOwner({ userId }).between(bounds.from, bounds.to).go(all),
          db.entities.ticket.query.byOwner({ userId }).go(all),
          db.entities.upsell.query.byOwner({ userId }).go(all),
          db.entities.activity.query.byOwner({ userId }).go(all),
        ]);
      const bareTimings = await timeInProcess(bare, BOUNDS);
      const readTimings = await timeInProcess(() => readMonth(site, MONTH), BOUNDS);
      const buildTimings = await timeInProcess(
        () => buildMonthlyReport(userId, siteId, MONTH, now),
        BOUNDS,
      );
      const bareP50 = percentile(
        [...bareTimings.latencies].sort((a, b) => a - b),
        50,
      );
      console.log(
        `seeded in ${(seedMs / 1000).toFixed(1)} s: uptime ${report.uptime.checks} checks (${report.uptime.percent}%, ${report.uptime.incidents.length} incidents), ${report.traffic.visitors} visitors, ${report.lighthouse.trend.length} Lighthouse runs, SEO ${report.seo?.score}, ${report.work.ticketsResolved.length} tickets`,
      );
      console.table([
        row("buildMonthlyReport (Get + reads + arithmetic)", buildTimings, bareP50),
        row("readMonth (the reads, in parallel)", readTimings, bareP50),
        row("bare ElectroDB calls (11, in parallel)", bareTimings, bareP50),
      ]);
    } finally {
      await stack.stop();
    }
  },
};
