/**
 * `npm run bench -- api`: the API's own overhead on three customer reads, and one route under
 * load (docs/performance.md "`api`").
 */
import { createServer, type ServerResponse } from "node:http";
import path from "node:path";
import { repoRoot } from "@portal/devstack/lambda-runtime";
import { startLocalStack } from "@portal/devstack/local-stack";
import { close, listen } from "@portal/devstack/net";
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from "@portal/functions/api/origin-verify";
import { routes } from "@portal/functions/routes";
import {
  loadRows,
  median,
  runHttpLoad,
  signUpBenchUser,
  summary,
  type Timings,
  timeInProcess,
} from "./measure";

const API_CLIENTS = 20;
const API_DURATION_MS = 10_000;
/**
 * The rows of a route are timed in turns, 3 rounds of 100 requests each, so that warming up and
 * the shared machine's drift weigh on every row alike (docs/performance.md "`api`").
 */
const ROUNDS = 3;
const PER_ROUND = { maxRequests: 100, durationMs: 3_000 };
/** Requests each row's path is given, untimed, before any row of the route is timed. */
const WARM_UP = 200;
/**
 * The HTTP rows' client: node:http with a keep-alive agent, the kind of client the bare calls
 * reach dynalite with (the AWS SDK's), warmed up in its fresh worker as the in-process calls are
 * (docs/performance.md "`api`").
 */
const API_CLIENT = { client: "node:http", warmUp: 50 } as const;

/**
 * Three customer reads through the local API Gateway adapter, the real handlers and dynalite,
 * one request at a time, each beside: its handler behind a plain HTTP server (no adapter), a
 * loopback HTTP round trip alone (the same client and answer, no handler), the handler called
 * directly with a payload 2.0 event (as Lambda's runtime calls it: what our code adds, without
 * the local HTTP stand-in) and the bare ElectroDB calls the handler makes, all in the same run
 * (docs/performance.md); then GET /api/auth/user under 20 clients.
 */
export const apiBench = {
  name: "api",
  description: `GET /api/auth/user, /api/sites and /api/dashboard/stats one at a time beside their bare ElectroDB calls; then /api/auth/user, ${API_CLIENTS} clients for ${API_DURATION_MS / 1000} s (local adapter + dynalite)`,
  async run() {
    const stack = await startLocalStack({ port: 0, logRequests: false });
    // To tell the adapter's share apart: a plain server in this process, answering as the adapter
    // writes answers, that under /echo sends the answer a route gave back at once (a loopback
    // HTTP round trip on its own) and under /handler calls the route's handler with a ready-made
    // event (the handler behind HTTP, without the adapter's routing and event building).
    type Answer = { statusCode?: number; headers?: Record<string, unknown>; body?: string };
    let current: { answer: Answer; handler: (event: unknown) => Promise<Answer>; event: unknown };
    const send = (res: ServerResponse, answer: Answer) => {
      res.statusCode = answer.statusCode ?? 200;
      for (const [name, value] of Object.entries(answer.headers ?? {})) {
        res.setHeader(name, String(value));
      }
      res.end(answer.body ?? "");
    };
    const loopbackServer = createServer((req, res) => {
      if (req.url?.startsWith("/echo/")) return send(res, current.answer);
      void current.handler(current.event).then((answer) => send(res, answer));
    });
    const loopback = `http://127.0.0.1:${await listen(loopbackServer, 0, "127.0.0.1")}`;
    try {
      const user = await signUpBenchUser(stack.url, `bench-${Date.now()}@example.com`);
      const headers = await user.headers();
      // After the stack: it sets the table's env on this process, which core reads at import.
      const { db } = await import("@portal/core/db/service");
      const first = await fetch(`${stack.url}/api/auth/user`, { headers });
      if (first.status !== 200) throw new Error(`GET /api/auth/user got ${first.status}`);
      // A paying customer with three sites and two tickets, so every route answers in full.
      await db.entities.user
        .patch({ userId: user.userId })
        .set({ subscriptionPlan: "pro", subscriptionActive: true, hasCompletedQuestionnaire: true })
        .go();
      for (const name of ["Bakery", "Florist", "Garage"]) {
        await db.entities.site.create({ userId: user.userId, name, status: "live" }).go();
      }
      for (const title of ["Menu update", "New photos"]) {
        await db.entities.ticket
          .create({
            userId: user.userId,
            title,
            description: "Please update the page.",
            category: "website_request",
            priority: "medium",
          })
          .go();
      }

      const userId = user.userId;
      const getUser = () => db.entities.user.get({ userId }).go({ consistent: true });
      // The membership check every signed-in request makes (docs/team.md "Leaving"): one
      // strongly consistent GetItem, beside the account's record where the route reads it.
      const getMembership = () =>
        db.entities.membership.get({ userId, memberId: userId }).go({ consistent: true });
      const getBoth = () => Promise.all([getUser(), getMembership()]);
      const routesAndBare = [
        {
          route: "/api/auth/user",
          bare: "[user.get, membership.get] (consistent)",
          calls: () => getBoth(),
          // The membership check alone, as a row of its own.
          part: { name: "membership.get (consistent) alone", calls: () => getMembership() },
        },
        {
          route: "/api/sites",
          bare: "[user.get, membership.get] + [site.query.byOwner, upsell.query.byOwner]",
          calls: async () => {
            await getBoth();
            await Promise.all([
              db.entities.site.query.byOwner({ userId }).go({ pages: "all" }),
              db.entities.upsell.query
                .byOwner({ userId })
                .begins({ upsellId: "seo_" })
                .go({ pages: "all" }),
            ]);
          },
        },
        {
          route: "/api/dashboard/stats",
          bare: "[user.get, membership.get] + collections.dashboard",
          calls: async () => {
            await getBoth();
            await db.collections.dashboard({ userId }).go({ pages: "all" });
          },
        },
      ];
      const rows: Record<string, string | number>[] = [];
      const host = new URL(stack.url).host;
      for (const { route, bare, calls, ...rest } of routesAndBare) {
        const part = "part" in rest ? rest.part : undefined;
        const routeKey = `GET ${route}` as const;
        const record = routes[routeKey as keyof typeof routes];
        const file = record.handler.slice(0, record.handler.lastIndexOf("."));
        const { handler } = (await import(path.join(repoRoot, `${file}.ts`))) as {
          handler: (event: unknown) => Promise<Answer>;
        };
        const endpoint = `${stack.url}${route}`;
        // A fresh token per route: they live 60 s, and a loaded machine takes longer per route.
        const token = await user.headers();
        for (let i = 0; i < 10; i++) {
          const warm = await fetch(endpoint, { headers: token });
          if (warm.status !== 200)
            throw new Error(`${route} got ${warm.status}: ${await warm.text()}`);
        }
        // What API Gateway hands the function once CloudFront has added its secret.
        const event = {
          version: "2.0",
          routeKey,
          rawPath: route,
          rawQueryString: "",
          headers: {
            ...(await user.headers()),
            host,
            [ORIGIN_VERIFY_HEADER]: stack.env[ORIGIN_VERIFY_ENV] ?? "",
          },
          requestContext: { http: { method: "GET", path: route }, requestId: "bench" },
          isBase64Encoded: false,
        };
        const answer = await handler(event);
        if (answer.statusCode !== 200) throw new Error(`${route} direct got ${answer.statusCode}`);
        current = { answer, handler, event };
        const adapter: Timings[] = [];
        const behindHttp: Timings[] = [];
        const roundTrip: Timings[] = [];
        const invoked: Timings[] = [];
        const bareCalls: Timings[] = [];
        const partCalls: Timings[] = [];
        const overHttp = [
          { runs: adapter, url: endpoint },
          { runs: behindHttp, url: `${loopback}/handler${route}` },
          { runs: roundTrip, url: `${loopback}/echo${route}` },
        ];
        const load = { headers: token, clients: 1, ...API_CLIENT };
        // Every row's path as warm as the others before any is timed: the direct calls would
        // otherwise run code the adapter's requests had just warmed up for them.
        const untimed = { maxRequests: 0, durationMs: 0, warmUp: WARM_UP };
        for (const { url } of overHttp) await runHttpLoad({ endpoint: url, ...load, ...untimed });
        await timeInProcess(() => handler(event), untimed);
        await timeInProcess(calls, untimed);
        if (part) await timeInProcess(part.calls, untimed);
        for (let round = 0; round < ROUNDS; round++) {
          // A fresh token each round: on a loaded machine a route's rounds outlast one (60 s).
          const fresh = await user.headers();
          event.headers = { ...event.headers, ...fresh };
          for (const { runs, url } of overHttp) {
            runs.push(await runHttpLoad({ endpoint: url, ...load, headers: fresh, ...PER_ROUND }));
          }
          invoked.push(await timeInProcess(() => handler(event), PER_ROUND));
          bareCalls.push(await timeInProcess(calls, PER_ROUND));
          if (part) partCalls.push(await timeInProcess(part.calls, PER_ROUND));
        }
        const bareP50 = median(joined(bareCalls).latencies);
        const row = (operation: string, runs: Timings[]) =>
          rows.push({ operation, ...summary(joined(runs), bareP50) });
        row(`GET ${route} (local adapter)`, adapter);
        row("  handler behind plain HTTP", behindHttp);
        row("  HTTP round trip alone", roundTrip);
        row("  handler called directly", invoked);
        row(`  bare ${bare}`, bareCalls);
        if (part) row(`    ${part.name}`, partCalls);
      }
      console.table(rows);
      console.log(
        "(the same client for every HTTP row. Handler behind plain HTTP: a server in this process calls the handler with a ready-made event and writes its answer, without the adapter's routing and event building. HTTP round trip alone: that server sends the route's answer back at once)",
      );

      const endpoint = `${stack.url}/api/auth/user`;
      const started = performance.now();
      const load = await runHttpLoad({
        endpoint,
        headers: await user.headers(),
        clients: API_CLIENTS,
        maxRequests: Number.POSITIVE_INFINITY,
        durationMs: API_DURATION_MS,
        ...API_CLIENT,
      });
      const loadSeconds = (performance.now() - started) / 1000;
      const bareLoad = await timeInProcess(() => getUser(), {
        clients: API_CLIENTS,
        maxRequests: Number.POSITIVE_INFINITY,
        durationMs: API_DURATION_MS,
      });
      console.table(
        loadRows(API_CLIENTS, [
          { operation: "GET /api/auth/user", timings: load, seconds: loadSeconds },
          {
            operation: "  bare user.get (consistent)",
            timings: bareLoad,
            seconds: API_DURATION_MS / 1000,
          },
        ]),
      );
      console.log(
        "(one Node process runs every handler and dynalite; the direct calls and the bare calls run in the same process, without the local HTTP stand-in; the bare calls also without the token check, the entitlement or JSON; Lambda cold starts are not included)",
      );
      if (load.firstError) console.log(`first error: ${load.firstError}`);
    } finally {
      await close(loopbackServer);
      await stack.stop();
    }
  },
};

/** Runs of one operation as one. */
function joined(runs: Timings[]): Timings {
  return {
    latencies: runs.flatMap((run) => run.latencies),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}
