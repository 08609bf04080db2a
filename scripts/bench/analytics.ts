/**
 * `npm run bench -- analytics`: the public page-view endpoint (POST /api/collect) through the
 * local API Gateway adapter, the real handler, dynalite and the local SQS queue, under 20
 * concurrent clients for 10 s, beside one bare DynamoDB write (a conditional ADD like the
 * consumer's, straight through the document client) under the same 20 clients in the same run.
 * The consumer's writes run during the collect load, as they would on AWS; the bare writes
 * run alone. Page views come from a pool of 1,000 visitors (distinct user agents and addresses) in
 * turn, far below the per-address rate limit.
 *
 * Then the page-views consumer's side: once the queue has drained, the stored day total is
 * checked against the accepted count (a fast endpoint that loses views would show here), and
 * the lag from a view's 202 to the report (core analytics/report.ts, what the route answers)
 * counting it is measured a few times, with the production batching window
 * (docs/analytics.md "Write path").
 */
import { randomUUID } from "node:crypto";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { startLocalStack } from "@portal/devstack/local-stack";
import { pageViewsConsumer } from "@portal/functions/routes";
import { loadRows, median, ms, runHttpLoad, timeInProcess } from "./measure";

const CLIENTS = 20;
const DURATION_MS = 10_000;
const VISITORS = 1000;
const LAG_SAMPLES = 5;

export const analyticsBench = {
  name: "analytics",
  description: `POST /api/collect (public page views), ${CLIENTS} concurrent clients for ${DURATION_MS / 1000} s, beside one bare DynamoDB write; then queue-to-report lag (local adapter + dynalite + local SQS)`,
  async run() {
    const stack = await startLocalStack({ port: 0, logRequests: false });
    try {
      // After the stack: it sets the table's env on this process, which core reads at import.
      const { db } = await import("@portal/core/db/service");
      const { documentClient } = await import("@portal/core/db/client");
      const { report } = await import("@portal/core/analytics/report");
      const { data: site } = await db.entities.site
        .create({ userId: `bench_${Date.now()}`, name: "Bench site", status: "live" })
        .go();
      const endpoint = `${stack.url}/api/collect`;
      const view = (n: number) => ({
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 bench-${n}`,
        // Each visitor on an address of its own (the rate limit counts by address).
        "x-devstack-viewer-address": `198.18.${(n >> 8) & 255}.${n & 255}`,
      });

      // Warm-up: imports the handler and the consumer, fills the site cache.
      const warm = await fetch(endpoint, {
        method: "POST",
        headers: view(VISITORS + 1),
        body: JSON.stringify({ site: site.siteId, path: "/" }),
      });
      if (warm.status !== 202) throw new Error(`warm-up got ${warm.status}: ${await warm.text()}`);

      const started = performance.now();
      const collect = await runHttpLoad({
        endpoint,
        method: "POST",
        headers: {},
        clients: CLIENTS,
        maxRequests: Number.POSITIVE_INFINITY,
        durationMs: DURATION_MS,
        okStatus: 202,
        headersFor: `const v = n % ${VISITORS}; return {
          "content-type": "text/plain;charset=UTF-8",
          "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 bench-" + v,
          "x-devstack-viewer-address": "198.18." + (v >> 8) + "." + (v & 255),
        };`,
        bodyFor: `const paths = ["/", "/menu", "/about", "/contact", "/blog/opening-hours"];
          return JSON.stringify({ site: ${JSON.stringify(site.siteId)}, path: paths[n % paths.length],
            referrer: n % 7 === 0 ? "news.example.com" : "", screen: "desktop" });`,
      });
      const elapsed = (performance.now() - started) / 1000;
      const accepted = collect.statuses?.["202"] ?? 0;

      // One conditional ADD, on keys of its own, 20 at a time.
      const run = randomUUID();
      const bare = await timeInProcess(
        (n) =>
          documentClient().send(
            new UpdateCommand({
              TableName: stack.env.SST_Table_tableName_Main,
              Key: { pk: `$bench#write#${run}#${n % VISITORS}`, sk: "$bench" },
              UpdateExpression: "ADD #views :one",
              ConditionExpression: "attribute_not_exists(#views) OR #views < :limit",
              ExpressionAttributeNames: { "#views": "views" },
              ExpressionAttributeValues: { ":one": 1, ":limit": 1_000_000 },
            }),
          ),
        { clients: CLIENTS, maxRequests: Number.POSITIVE_INFINITY, durationMs: DURATION_MS },
      );

      // Everything accepted reaches the table once the consumer has drained the queue.
      await stack.pageViews.idle();
      const { data: days } = await db.entities.analyticsDay.query
        .byOwner({ userId: site.userId, siteId: site.siteId })
        .go();
      const stored = days.reduce((sum, day) => sum + (day.pageViews ?? 0), 0) - 1; // the warm-up
      const queue = stack.pageViews.state();

      // Lag: one view at a time, then the report read every 20 ms until it counts it.
      const lags: number[] = [];
      let expected = stored + 1;
      for (let i = 0; i < LAG_SAMPLES; i++) {
        const t0 = performance.now();
        const answer = await fetch(endpoint, {
          method: "POST",
          headers: view(VISITORS + 2 + i),
          body: JSON.stringify({ site: site.siteId, path: "/lag" }),
        });
        if (answer.status !== 202) throw new Error(`lag view got ${answer.status}`);
        expected += 1;
        for (;;) {
          const data = await report(site.userId, site.siteId, "7d");
          if (data.totals.pageViews >= expected) break;
          if (performance.now() - t0 > 60_000) throw new Error("the view never reached the report");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        lags.push(performance.now() - t0);
      }

      console.table(
        loadRows(CLIENTS, [
          { operation: "POST /api/collect", timings: collect, seconds: elapsed },
          {
            operation: "bare DynamoDB conditional ADD",
            timings: bare,
            seconds: DURATION_MS / 1000,
          },
        ]),
      );
      console.table([
        {
          accepted,
          "other answers": JSON.stringify(
            Object.fromEntries(
              Object.entries(collect.statuses ?? {}).filter(([status]) => status !== "202"),
            ),
          ),
          "stored = accepted": stored === accepted ? "yes" : `no (${stored})`,
          "views dead-lettered": queue.deadLetters.length,
          "batch window s": pageViewsConsumer.batchWindowSeconds,
          "view → report lag, median s": ms(median(lags) / 1000),
          "lag samples s": lags.map((lag) => (lag / 1000).toFixed(2)).join(" "),
        },
      ]);
      console.log(
        "(one Node process runs the handler, the consumer, the SQS stand-in and dynalite. Accepting a view is one SendMessage (the site lookup is cached); the consumer then adds each batch in one ADD per client address and minute, per visitor and per counter. The lag is mostly the batching window)",
      );
    } finally {
      await stack.stop();
    }
  },
};
