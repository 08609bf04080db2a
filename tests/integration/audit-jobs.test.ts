/**
 * SEO and Lighthouse jobs through the whole path: the API stores and queues, the local stack's
 * queue delivers to the jobs worker, Chromium loads pages this file serves on 127.0.0.1
 * (allowlisted for this stack only), and the pages' answers are what the API lists. One
 * Lighthouse run in the whole file (each takes 10-20 s on this machine).
 *
 * This file starts its own stack, as screenshots.test.ts does: the allowlist names this
 * file's page server, and its queue API is where the dead letters are.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { signUpCustomer } from "../support/dev-identity";

let stack: LocalStack;
let pages: Server;
let forbidden: Server;
let origin: string;
let forbiddenHits = 0;
let db: typeof import("@portal/core/db/service").db;
let OUTBOUND_MESSAGES: typeof import("@portal/core/adapters/outbound-guard").OUTBOUND_MESSAGES;

const GOOD_HEAD = `<meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="canonical" href="/">
  <meta property="og:title" content="Corner Bakery">
  <meta property="og:image" content="/og.png">`;

/** 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function html(body: string) {
  return `<!doctype html><html lang="en"><head>${body}`;
}

/** More headings and images than a DynamoDB item could hold, if they were all stored. */
const HUGE = html(`<title>Corner Bakery - every loaf we ever baked</title>
    </head><body>
      ${Array.from({ length: 20_000 }, (_, i) => `<h2>Loaf number ${i} of the great bakery archive</h2>`).join("")}
      ${Array.from({ length: 2_000 }, (_, i) => `<img src="data:image/gif;base64,${"R0lGOD".repeat(80)}${i}">`).join("")}
    </body></html>`);

const PAGES: Record<string, string> = {
  "/huge": HUGE,
  // Everything right except: no meta description, two h1, three images without alt.
  "/defects": html(`<title>Corner Bakery - fresh bread</title>${GOOD_HEAD}
    </head><body>
      <h1>Corner Bakery</h1><h2>Our bread</h2><h1>Order online</h1>
      <img src="/a.png"><img src="/b.png"><img src="/c.png">
      <a href="/menu">Menu</a> <a href="/about">About</a>
      <a href="https://maps.example.org/bakery">Map</a>
    </body></html>`),
  "/lighthouse": html(`<title>Corner Bakery - fresh bread</title>${GOOD_HEAD}
      <meta name="description" content="Fresh sourdough, rye and pastries baked every morning in the heart of town.">
    </head><body>
      <h1>Corner Bakery</h1><p>Bread and pastries, baked every morning since 1990.</p>
      <img src="/a.png" alt="A loaf of rye" width="1" height="1">
    </body></html>`),
};

beforeAll(async () => {
  // A loopback port the allowlist does not name: whatever reaches it got past the guard.
  forbidden = createServer((_req, res) => {
    forbiddenHits += 1;
    res.writeHead(200, { "content-type": "text/html" }).end("<h1>internal</h1>");
  });
  await new Promise<void>((resolve) => forbidden.listen(0, "127.0.0.1", resolve));
  const forbiddenOrigin = `http://127.0.0.1:${(forbidden.address() as AddressInfo).port}`;

  pages = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/never") return; // accepts the request and never answers
    if (path === "/redirect-inside") {
      return void res.writeHead(302, { location: `${forbiddenOrigin}/admin` }).end();
    }
    if (path.endsWith(".png"))
      return void res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    const page = PAGES[path];
    // Slow pages keep a job in flight long enough to ask for it again.
    const delay = path === "/slow" ? 1500 : 0;
    setTimeout(() => {
      res
        .writeHead(page || path === "/slow" ? 200 : 404, {
          "content-type": "text/html; charset=utf-8",
        })
        .end(page ?? PAGES["/defects"]);
    }, delay);
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;

  stack = await startLocalStack({
    port: 0,
    logRequests: false,
    allowOutboundHosts: [new URL(origin).host],
    // Retries within the test; three deliveries, as SQS's redrive policy in stacks/Jobs.ts.
    queue: { visibilityTimeoutMs: 200 },
  });
  ({ db } = await import("@portal/core/db/service"));
  ({ OUTBOUND_MESSAGES } = await import("@portal/core/adapters/outbound-guard"));
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  // The worker's shared Chromium (the same module instance the stack's loader imported).
  const { closeAuditBrowser } = await import("@portal/functions/workers/audit-browser");
  await closeAuditBrowser();
  for (const server of [pages, forbidden]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

const call = apiAt(() => stack.url);

const customer = () => signUpCustomer({}, stack.url);

describe("SEO jobs", () => {
  it("queues, runs and stores the analysis of a page with known defects", async () => {
    const who = await customer();
    const queued = await call(who, "POST", "/api/seo/analyze", { url: `${origin}/defects#top` });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({
      kind: "seo",
      url: `${origin}/defects`,
      status: "queued",
      error: null,
      result: null,
    });

    await stack.queue.idle();
    const { body: job } = await call(who, "GET", `/api/seo/results/${queued.body.id}`);
    expect(job.status).toBe("done");
    expect(job.startedAt).toEqual(expect.any(String));
    const result = job.result;
    const problems = result.issues.filter((i: { type: string }) => i.type !== "success");
    expect(problems.map((i: { rule: string; type: string }) => [i.rule, i.type])).toEqual([
      // This server speaks plain http (the worker's Chromium checks certificates, so a
      // self-signed one would not load): that is a fourth, real defect of the page.
      ["https", "error"],
      ["meta-description", "error"],
      ["h1", "warning"],
      ["image-alt", "warning"],
    ]);
    expect(problems[2].description).toContain("2 <h1> elements");
    expect(problems[3].description).toContain("3 of 3 images");
    expect(result.metaDescription).toBeNull();
    expect(result.headings.filter((h: { level: number }) => h.level === 1)).toHaveLength(2);
    expect(result.images).toHaveLength(3);
    expect(result.images.every((i: { hasAlt: boolean }) => !i.hasAlt)).toBe(true);
    expect(result.links).toEqual({ internal: 2, external: 1 });
    expect(result.pageSize).toBeGreaterThan(0);

    // The list has it too; another customer sees neither the list entry nor the job.
    const list = await call(who, "GET", "/api/seo/results");
    expect(list.body.map((j: { id: string }) => j.id)).toEqual([queued.body.id]);
    const stranger = await customer();
    expect((await call(stranger, "GET", "/api/seo/results")).body).toEqual([]);
    expect((await call(stranger, "GET", `/api/seo/results/${queued.body.id}`)).status).toBe(404);
    expect((await call(who, "GET", "/api/seo/results/not-an-id")).status).toBe(404);
  });

  it("refuses what is not an http(s) address on a real host name, and unsigned callers", async () => {
    const who = await customer();
    const ftp = await call(who, "POST", "/api/seo/analyze", { url: "ftp://example.com/" });
    expect(ftp.status).toBe(400);
    expect(ftp.error?.fields).toEqual({
      url: "Only http:// and https:// addresses can be analyzed",
    });
    const single = await call(who, "POST", "/api/lighthouse/analyze", { url: "intranet" });
    expect(single.status).toBe(400);
    expect(single.error?.fields?.url).toBe("Enter a real host name, such as example.com");
    const strategy = await call(who, "POST", "/api/lighthouse/analyze", {
      url: "example.com",
      strategy: "tablet",
    });
    expect(strategy.status).toBe(400);
    expect(Object.keys(strategy.error?.fields ?? {})).toEqual(["strategy"]);
    expect(
      (await call(null, "POST /api/seo/analyze", { body: { url: "example.com" } })).status,
    ).toBe(401);
    // Nothing was stored for the refused requests.
    expect((await call(who, "GET /api/seo/results")).body).toEqual([]);
    expect((await call(who, "GET /api/lighthouse/results")).body).toEqual([]);
  });

  it("ends failed with the guard's message for private addresses and a redirect inside", async () => {
    const who = await customer();
    const urls = [
      "http://10.0.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      `${origin}/redirect-inside`,
    ];
    const ids: string[] = [];
    for (const url of urls) {
      const { status, body } = await call(who, "POST /api/seo/analyze", { body: { url } });
      expect(status).toBe(202);
      ids.push(body.id);
      // One at a time: three in flight is the limit.
      await stack.queue.idle();
    }
    const list = (await call(who, "GET /api/seo/results")).body;
    // Newest first.
    expect(list.map((j: { id: string }) => j.id)).toEqual([...ids].reverse());
    for (const job of list) {
      expect(job).toMatchObject({
        status: "failed",
        error: OUTBOUND_MESSAGES.notPublic,
        result: null,
      });
    }
    expect(forbiddenHits).toBe(0);
    // The guard's refusal is an answer, not a crash: nothing was retried or dead-lettered.
    const dead = stack.queue.deadLetters().map((d) => JSON.parse(d.body).jobId);
    expect(dead.filter((id: string) => ids.includes(id))).toEqual([]);
  });

  it("answers the identical run in flight instead of queueing it twice", async () => {
    const who = await customer();
    const url = `${origin}/slow`;
    const deliveredBefore = stack.queue.state().delivered;
    // A double click: two requests at once, then a third while the first still runs.
    const [a, b] = await Promise.all([
      call(who, "POST /api/seo/analyze", { body: { url } }),
      call(who, "POST /api/seo/analyze", { body: { url } }),
    ]);
    const c = await call(who, "POST /api/seo/analyze", { body: { url } });
    expect([a.status, b.status, c.status]).toEqual([202, 202, 202]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(1);

    await stack.queue.idle();
    expect(stack.queue.state().delivered - deliveredBefore).toBe(1);
    const list = (await call(who, "GET /api/seo/results")).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: a.body.id, status: "done" });

    // Once it is done, asking again is a new run.
    const again = await call(who, "POST", "/api/seo/analyze", { url });
    expect(again.body.id).not.toBe(a.body.id);
    await stack.queue.idle();
  });

  it("stores a page with huge heading and image lists, bounded, on the first delivery", async () => {
    const who = await customer();
    const deliveredBefore = stack.queue.state().delivered;
    const { body } = await call(who, "POST", "/api/seo/analyze", { url: `${origin}/huge` });
    await stack.queue.idle();
    expect(stack.queue.state().delivered - deliveredBefore).toBe(1);
    const { body: job } = await call(who, "GET", `/api/seo/results/${body.id}`);
    expect(job.status).toBe("done");
    expect(job.result.headings).toHaveLength(100);
    expect(job.result.images).toHaveLength(100);
    expect(job.result).toMatchObject({ headingCount: 20_000, imageCount: 2_000, imagesWithAlt: 0 });
    expect(job.result.issues.find((i: { rule: string }) => i.rule === "image-alt")).toMatchObject({
      description: expect.stringContaining("2000 of 2000 images"),
    });
  });

  it("a worker crash is retried, then dead-lettered, and the job ends failed", async () => {
    const who = await customer();
    // A page that never answers, and a deadline far below the page-load timeouts: each
    // delivery times out as a crash (Chromium stuck), not as an answer about the page.
    process.env.AUDIT_JOB_TIMEOUT_MS = "1000";
    try {
      const { body } = await call(who, "POST /api/seo/analyze", {
        body: { url: `${origin}/never` },
      });
      // Between deliveries the job waits for its retry as queued, never "done".
      const seen = new Set<string>();
      while (true) {
        const job = (await call(who, "GET", `/api/seo/results/${body.id}`)).body;
        seen.add(job.status);
        if (job.status === "failed") {
          expect(job.error).toBe("The analysis could not be completed. Please try again.");
          break;
        }
        expect(["queued", "running"]).toContain(job.status);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen.has("running")).toBe(true);
      await stack.queue.idle();
      const dead = stack.queue.deadLetters().filter((d) => JSON.parse(d.body).jobId === body.id);
      expect(dead).toHaveLength(1);
      expect(dead[0]?.receiveCount).toBe(3);
    } finally {
      delete process.env.AUDIT_JOB_TIMEOUT_MS;
    }
  });
});

describe("limits", () => {
  async function seed(userId: string, count: number, status: "queued" | "done") {
    for (let i = 0; i < count; i++) {
      await db.entities.lighthouseResult
        .create({ userId, url: `https://site-${i}.example.com/`, status })
        .go();
    }
  }

  it("answers 429 past the runs in flight, across both kinds", async () => {
    const who = await customer();
    await seed(who.user.id, 3, "queued");
    const refused = await call(who, "POST /api/seo/analyze", {
      body: { url: "https://example.com/" },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: "rate_limited",
      message:
        "You already have 3 analyses in progress. Please wait for one to finish before starting another.",
    });
    // An identical run in flight is still answered: it is not a new run.
    const twin = await call(who, "POST /api/lighthouse/analyze", {
      body: {
        url: "https://site-0.example.com",
      },
    });
    expect(twin.status).toBe(202);
    expect(twin.body).toMatchObject({ status: "queued", strategy: "mobile" });
  });

  it("answers 429 past the runs per hour", async () => {
    const who = await customer();
    await seed(who.user.id, 20, "done");
    const refused = await call(who, "POST /api/lighthouse/analyze", {
      body: {
        url: "https://example.com/",
      },
    });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toMatch(
      /^You have reached the limit of 20 analyses per hour\. Please try again in (59|60) minutes\.$/,
    );
    expect((await call(who, "GET /api/lighthouse/results")).body).toHaveLength(20);
  });
});

describe("Lighthouse jobs", () => {
  it("runs a mobile test to four scores and metrics, and scores the site it came from", async () => {
    const who = await customer();
    const url = `${origin}/lighthouse`;
    const { data: site } = await db.entities.site
      .create({ userId: who.user.id, name: "Corner Bakery", status: "live", url })
      .go();
    const queued = await call(who, "POST /api/lighthouse/analyze", {
      body: { url, siteId: site.siteId },
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ kind: "lighthouse", strategy: "mobile", status: "queued" });

    await stack.queue.idle();
    const [job] = (await call(who, "GET", "/api/lighthouse/results")).body;
    expect(job).toMatchObject({ id: queued.body.id, status: "done", siteId: site.siteId });
    const { scores, metrics, strategy, pwa } = job.result;
    expect(strategy).toBe("mobile");
    for (const name of ["performance", "accessibility", "bestPractices", "seo"]) {
      expect(scores[name]).toBeGreaterThanOrEqual(0);
      expect(scores[name]).toBeLessThanOrEqual(100);
    }
    expect(metrics.length).toBeGreaterThan(0);
    expect(metrics[0]).toEqual(
      expect.objectContaining({ title: expect.any(String), displayValue: expect.any(String) }),
    );
    // PWA: the real checks' share, or explicitly not measured.
    if (scores.pwa === null) expect(pwa.measured).toBe(false);
    else expect(pwa).toMatchObject({ measured: true, score: scores.pwa });

    const { data: scored } = await db.entities.site
      .get({ userId: who.user.id, siteId: site.siteId })
      .go();
    expect(scored?.performanceScore).toBe(scores.performance);
  }, 90_000);
});
