/**
 * `npm run bench -- load`: a mixed load on the whole local stack (docs/performance.md
 * "`load`"). LOAD_CLIENTS customers, each its own client loop for LOAD_DURATION_MS, pick one
 * request at a time from the mix a busy morning has: dashboard reads, new tickets and replies,
 * page views of their site, the staff inbox (read with a staff session), and SEO runs of a
 * page this process serves. Session tokens are renewed as the SPA renews them (they live
 * 60 s).
 *
 * Every answer other than the route's success is an error, except the 429 an SEO request gets
 * once its customer has AUDIT_MAX_IN_FLIGHT runs queued: that one is the limit doing its job.
 * After the run, every write is counted back: each customer's tickets, each ticket's messages,
 * each site's stored page views (once the page-views queue has drained) and each customer's
 * SEO runs must be exactly what was acknowledged.
 *
 * The stack runs in a process of its own (child-stack-process.ts), so the clients' work does
 * not weigh on the figures. tests/integration/load.test.ts runs a short version.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type ChildStack, startChildStack } from "@portal/devstack/child-stack-process";
import { close } from "@portal/devstack/net";
import type { QueueState } from "@portal/devstack/queue";
import { ms, percentile, signUpBenchUser } from "./measure";

export const LOAD_CLIENTS = 100;
export const LOAD_DURATION_MS = 60_000;

/**
 * Session tokens live 60 s and the SPA asks for a new one well before. Under this load a
 * request can wait tens of seconds for the stack, so a token is renewed after 15 s: one
 * renewed at 40 s expired while its request waited (a 401 in a 100-client run).
 */
const TOKEN_RENEW_MS = 15_000;

/** The mix: a route and its weight (how often a client picks it, out of the sum). */
const MIX = [
  ["GET /api/dashboard/stats", 25],
  ["POST /api/tickets", 10],
  ["POST /api/tickets/{id}/messages", 15],
  ["POST /api/collect", 30],
  ["GET /api/staff/tickets", 15],
  ["POST /api/seo/analyze", 5],
] as const;
export type RouteKey = (typeof MIX)[number][0];

const SUCCESS: Record<RouteKey, number> = {
  "GET /api/dashboard/stats": 200,
  "POST /api/tickets": 201,
  "POST /api/tickets/{id}/messages": 201,
  "POST /api/collect": 202,
  "GET /api/staff/tickets": 200,
  "POST /api/seo/analyze": 202,
};

export interface RouteFigures {
  route: RouteKey;
  requests: number;
  "p50 ms": number;
  "p99 ms": number;
  /** Answers other than success and the deliberate 429s. */
  errors: number;
  /** The SEO limit's answers. */
  "deliberate 429": number;
}

export interface MixedLoadResult {
  clients: number;
  seconds: number;
  routes: RouteFigures[];
  errors: number;
  /** The first few error answers, to say what went wrong. */
  errorSamples: string[];
  /** Acknowledged writes against what was counted back, per kind of write. */
  writes: { kind: string; acknowledged: number; stored: number }[];
  lostWrites: number;
  /** Messages the stack's queues dead-lettered during the run, by queue. */
  deadLetters: Record<string, number>;
}

interface Session {
  headers(): Promise<Record<string, string>>;
}

/** A bench user's session: a token renewed before it expires. */
function session(user: Awaited<ReturnType<typeof signUpBenchUser>>): Session {
  let current: { headers: Record<string, string>; at: number } | undefined;
  return {
    async headers() {
      if (!current || performance.now() - current.at > TOKEN_RENEW_MS) {
        current = { headers: await user.headers(), at: performance.now() };
      }
      return current.headers;
    },
  };
}

/** Runs `task` over `items`, `width` at a time. */
async function inTurns<T, R>(items: T[], width: number, task: (item: T) => Promise<R>) {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i] as T);
      }
    }),
  );
  return results;
}

async function json(response: Response) {
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
  return (text ? JSON.parse(text) : undefined) as any;
}

/**
 * The mixed load against a running stack whose handlers' env (`env`) this process has taken
 * (process.env), so that core can set the customers' plans and read the stored page views.
 * `pagesOrigin` is a page server the stack may fetch (the SEO runs' target).
 */
export async function runMixedLoad(options: {
  url: string;
  env: Record<string, string>;
  pagesOrigin: string;
  clients: number;
  durationMs: number;
  /** Only these routes (the mix's weights among them): to look at one route alone. */
  only?: RouteKey[];
}): Promise<MixedLoadResult> {
  const { url, env } = options;
  const { db } = await import("@portal/core/db/service");
  const stamp = Date.now();

  // --- Setup: a paying customer per client, each with a live site and one open ticket.
  const customers = await inTurns(
    Array.from({ length: options.clients }, (_, i) => i),
    10,
    async (i) => {
      const user = await signUpBenchUser(url, `load-${stamp}-${i}@example.com`);
      const me = session(user);
      const synced = await fetch(`${url}/api/auth/user`, { headers: await me.headers() });
      if (synced.status !== 200) throw new Error(`user sync answered ${synced.status}`);
      await db.entities.user
        .patch({ userId: user.userId })
        .set({ subscriptionActive: true, subscriptionPlan: "pro", hasCompletedQuestionnaire: true })
        .go();
      const { data: site } = await db.entities.site
        .create({ userId: user.userId, name: `Load site ${i}`, status: "live" })
        .go();
      const ticket = await fetch(`${url}/api/tickets`, {
        method: "POST",
        headers: { ...(await me.headers()), "content-type": "application/json" },
        body: JSON.stringify({
          title: "Opening ticket",
          description: "The ticket this customer's replies go to.",
          category: "general",
          priority: "low",
        }),
      });
      if (ticket.status !== 201) throw new Error(`ticket answered ${ticket.status}`);
      const { id: ticketId } = await json(ticket);
      const thread = await json(
        await fetch(`${url}/api/tickets/${ticketId}`, { headers: await me.headers() }),
      );
      return {
        userId: user.userId,
        session: me,
        siteId: site.siteId,
        ticketId: ticketId as string,
        baseMessages: (thread.messages as unknown[]).length,
        tickets: 1,
        replies: 0,
        views: 0,
        seoAsked: 0,
        seoJobs: new Set<string>(),
      };
    },
  );
  const staffUser = await signUpBenchUser(url, `load-staff-${stamp}@example.com`);
  const madeStaff = await fetch(`${url}/dev-identity/admin/staff`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${env.DEV_IDENTITY_ADMIN_TOKEN}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ email: staffUser.email }),
  });
  if (madeStaff.status !== 200) throw new Error(`making staff answered ${madeStaff.status}`);
  // Signed in again: the role is read at sign-in.
  const staffCookie = (await staffUser.signIn()).cookie;
  let staffToken: { headers: Record<string, string>; at: number } | undefined;
  const staffHeaders = async () => {
    if (!staffToken || performance.now() - staffToken.at > TOKEN_RENEW_MS) {
      staffToken = { headers: await staffUser.headers(staffCookie), at: performance.now() };
    }
    return staffToken.headers;
  };

  // --- The run.
  const latencies = new Map<RouteKey, number[]>(MIX.map(([route]) => [route, []]));
  const failures = new Map<RouteKey, number>();
  const limited = new Map<RouteKey, number>();
  const errorSamples: string[] = [];
  let viewNumber = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  const mix = MIX.filter(([route]) => !options.only || options.only.includes(route));
  const totalWeight = mix.reduce((sum, [, weight]) => sum + weight, 0);
  function pick(): RouteKey {
    let roll = Math.random() * totalWeight;
    for (const [route, weight] of mix) {
      roll -= weight;
      if (roll < 0) return route;
    }
    return mix[0]?.[0] ?? MIX[0][0];
  }

  await Promise.all(
    customers.map(async (customer) => {
      while (performance.now() < deadline) {
        const route = pick();
        let request: { path: string; init: RequestInit };
        const auth =
          route === "GET /api/staff/tickets"
            ? await staffHeaders()
            : await customer.session.headers();
        const post = (body: unknown, headers: Record<string, string> = auth) => ({
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        switch (route) {
          case "GET /api/dashboard/stats":
          case "GET /api/staff/tickets":
            request = { path: route.slice(4), init: { headers: auth } };
            break;
          case "POST /api/tickets":
            request = {
              path: "/api/tickets",
              init: post({
                title: "Question under load",
                description: "Can you change the opening hours on my site?",
                category: "general",
                priority: "medium",
              }),
            };
            break;
          case "POST /api/tickets/{id}/messages":
            request = {
              path: `/api/tickets/${customer.ticketId}/messages`,
              init: post({ message: "One more thing about my site." }),
            };
            break;
          case "POST /api/collect": {
            const n = viewNumber++;
            // Each view from an address of its own: the per-address limit is not what is
            // measured here (docs/analytics.md).
            request = {
              path: "/api/collect",
              init: {
                method: "POST",
                headers: {
                  "content-type": "text/plain;charset=UTF-8",
                  "user-agent": `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 load-${n}`,
                  "x-devstack-viewer-address": `198.18.${(n >> 8) & 255}.${n & 255}`,
                },
                body: JSON.stringify({ site: customer.siteId, path: "/", screen: "desktop" }),
              },
            };
            break;
          }
          case "POST /api/seo/analyze":
            request = {
              path: "/api/seo/analyze",
              init: post({ url: `${options.pagesOrigin}/page-${customer.seoAsked++}-${stamp}` }),
            };
            break;
        }
        const t0 = performance.now();
        let status: number | string;
        let body: unknown;
        try {
          const response = await fetch(`${url}${request.path}`, request.init);
          status = response.status;
          body = await json(response);
        } catch (error) {
          status = `network: ${String(error)}`;
        }
        const took = performance.now() - t0;
        if (status === SUCCESS[route]) {
          latencies.get(route)?.push(took);
          if (route === "POST /api/tickets") customer.tickets += 1;
          if (route === "POST /api/tickets/{id}/messages") customer.replies += 1;
          if (route === "POST /api/collect") customer.views += 1;
          if (route === "POST /api/seo/analyze") customer.seoJobs.add((body as { id: string }).id);
        } else if (status === 429 && route === "POST /api/seo/analyze") {
          limited.set(route, (limited.get(route) ?? 0) + 1);
        } else {
          failures.set(route, (failures.get(route) ?? 0) + 1);
          if (errorSamples.length < 5) {
            errorSamples.push(`${route}: ${status} ${JSON.stringify(body ?? "").slice(0, 200)}`);
          }
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // --- Count every acknowledged write back.
  for (let i = 0; ; i++) {
    const state = (await json(await fetch(`${url}/__devstack/page-views`))) as QueueState;
    if (state.waiting === 0 && state.inFlight === 0) break;
    if (i > 600) throw new Error(`page views still queued: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const counted = await inTurns(customers, 10, async (customer) => {
    const headers = await customer.session.headers();
    const tickets = await json(await fetch(`${url}/api/tickets`, { headers }));
    const thread = await json(await fetch(`${url}/api/tickets/${customer.ticketId}`, { headers }));
    const seo = await json(await fetch(`${url}/api/seo/results`, { headers }));
    const { data: days } = await db.entities.analyticsDay.query
      .byOwner({ userId: customer.userId, siteId: customer.siteId })
      .go();
    return {
      tickets: (tickets as unknown[]).length,
      replies: (thread.messages as unknown[]).length - customer.baseMessages,
      views: days.reduce((sum, day) => sum + (day.pageViews ?? 0), 0),
      seo: (seo as { id: string }[]).filter((job) => customer.seoJobs.has(job.id)).length,
    };
  });
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const writes = [
    {
      kind: "tickets",
      acknowledged: sum(customers.map((c) => c.tickets)),
      stored: sum(counted.map((c) => c.tickets)),
    },
    {
      kind: "replies",
      acknowledged: sum(customers.map((c) => c.replies)),
      stored: sum(counted.map((c) => c.replies)),
    },
    {
      kind: "page views",
      acknowledged: sum(customers.map((c) => c.views)),
      stored: sum(counted.map((c) => c.views)),
    },
    {
      kind: "SEO runs",
      acknowledged: sum(customers.map((c) => c.seoJobs.size)),
      stored: sum(counted.map((c) => c.seo)),
    },
  ];

  const deadLetters: Record<string, number> = {};
  for (const queue of ["queue", "events", "page-views", "webhooks"]) {
    const state = (await json(await fetch(`${url}/__devstack/${queue}`))) as QueueState;
    deadLetters[queue] = state.deadLetters.length;
  }

  const routes = MIX.map(([route]): RouteFigures => {
    const sorted = [...(latencies.get(route) ?? [])].sort((a, b) => a - b);
    const errors = failures.get(route) ?? 0;
    const deliberate = limited.get(route) ?? 0;
    return {
      route,
      requests: sorted.length + errors + deliberate,
      "p50 ms": ms(percentile(sorted, 50)),
      "p99 ms": ms(percentile(sorted, 99)),
      errors,
      "deliberate 429": deliberate,
    };
  });
  return {
    clients: options.clients,
    seconds,
    routes,
    errors: sum(routes.map((r) => r.errors)),
    errorSamples,
    writes,
    lostWrites: sum(writes.map((w) => Math.abs(w.acknowledged - w.stored))),
    deadLetters,
  };
}

/** A page for the SEO runs: small and quick, so the audit worker keeps up. */
export async function startPageServer() {
  const server = createServer((_req, res) => {
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        '<!doctype html><html lang="en"><head><title>Corner Bakery</title><meta name="description" content="Bread and pastries."></head><body><h1>Corner Bakery</h1></body></html>',
      );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => close(server),
  };
}

/** The stack in a child process on a throwaway folder, allowed to fetch the page server. */
export async function startLoadStack(pagesOrigin: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-load-"));
  const stack: ChildStack = startChildStack({
    dataDir,
    port: 0,
    logRequests: false,
    allowOutboundHosts: [new URL(pagesOrigin).host],
  });
  const url = await stack.url;
  return {
    url,
    env: stack.env(),
    async stop() {
      stack.child.kill("SIGTERM");
      await stack.exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const loadBench = {
  name: "load",
  description: `mixed load: ${LOAD_CLIENTS} customers for ${LOAD_DURATION_MS / 1000} s over dashboard reads, ticket writes and replies, page views, the staff inbox and SEO runs; every write counted back (local stack in its own process)`,
  async run() {
    const pages = await startPageServer();
    const stack = await startLoadStack(pages.origin);
    try {
      Object.assign(process.env, stack.env);
      const result = await runMixedLoad({
        url: stack.url,
        env: stack.env,
        pagesOrigin: pages.origin,
        clients: LOAD_CLIENTS,
        durationMs: LOAD_DURATION_MS,
      });
      console.table(result.routes);
      console.table(result.writes);
      const total = result.routes.reduce((sum, r) => sum + r.requests, 0);
      console.log(
        `${total} requests in ${result.seconds.toFixed(1)} s (${Math.round(total / result.seconds)}/s); errors ${result.errors}; lost writes ${result.lostWrites}; dead letters ${JSON.stringify(result.deadLetters)}`,
      );
      for (const sample of result.errorSamples) console.log(`  ${sample}`);
      if (result.errors > 0 || result.lostWrites > 0) process.exitCode = 1;
    } finally {
      await stack.stop();
      await pages.stop();
    }
  },
};
