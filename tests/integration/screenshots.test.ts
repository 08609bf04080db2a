/**
 * Screenshot jobs through the whole path: the API queues, the local stack's queue delivers
 * to the jobs worker, Chromium loads a page this file serves on 127.0.0.1 (allowlisted for
 * this stack only) and the image lands in s3rver. A page that never loads is retried and
 * dead-lettered; a refused address ends the job at once. Requests are limited and
 * de-duplicated per site and per customer (docs/security.md, "Background work"). This file
 * starts its own stack: the allowlist and the short navigation timeout are its settings, and
 * its queue API is where the dead letters are.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { customerWithSite } from "../support/dev-identity";

let stack: LocalStack;
let page: Server;
let origin: string;
let db: typeof import("@portal/core/db/service").db;
let blobs: typeof import("@portal/core/adapters/blobs");
let Screenshots: typeof import("@portal/core/sites/screenshots");

const PAGE = `<!doctype html><html><head><title>Corner Bakery</title>
<style>body{margin:0;font:48px sans-serif;background:#f4d35e}h1{padding:80px}</style></head>
<body><h1>Corner Bakery</h1><p>Fresh bread daily</p></body></html>`;

beforeAll(async () => {
  page = createServer((req, res) => {
    if (req.url === "/never") return; // accepts the request and never answers
    // Slow pages keep a job in flight long enough to ask for it again.
    const delay = req.url === "/slow" ? 1500 : 0;
    setTimeout(
      () => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE),
      delay,
    );
  });
  await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;

  // Read by the worker when a job runs; the default 30 s would make the retries slow.
  process.env.SCREENSHOT_NAV_TIMEOUT_MS = "2000";
  // The worker's idea of the last delivery, as this stack's queue is set up below.
  process.env.JOBS_MAX_RECEIVE_COUNT = "2";
  stack = await startLocalStack({
    port: 0,
    logRequests: false,
    allowOutboundHosts: [new URL(origin).host],
    queue: { visibilityTimeoutMs: 200, maxReceiveCount: 2 },
  });
  ({ db } = await import("@portal/core/db/service"));
  blobs = await import("@portal/core/adapters/blobs");
  Screenshots = await import("@portal/core/sites/screenshots");
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  // The worker's shared Chromium (the same module instance the stack's loader imported).
  const { closeAuditBrowser } = await import("@portal/functions/workers/audit-browser");
  await closeAuditBrowser();
  delete process.env.SCREENSHOT_NAV_TIMEOUT_MS;
  delete process.env.JOBS_MAX_RECEIVE_COUNT;
  page?.closeAllConnections();
  await new Promise((resolve) => page?.close(resolve));
});

const call = apiAt(() => stack.url);

/** Width and height from a WebP header (simple lossy "VP8 " or extended "VP8X"). */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  expect(text(0, 4)).toBe("RIFF");
  expect(text(8, 12)).toBe("WEBP");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const uint24 = (at: number) => view.getUint16(at, true) | (view.getUint8(at + 2) << 16);
  const chunk = text(12, 16);
  if (chunk === "VP8X") return { width: uint24(24) + 1, height: uint24(27) + 1 };
  expect(chunk).toBe("VP8 ");
  return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
}

describe("screenshot jobs", () => {
  it("captures the live page at 1280x800 into the owner's prefix and shows it by presigned URL", async () => {
    const { who, siteId } = await customerWithSite({ liveUrl: `${origin}/` }, stack.url);
    const queued = await call(who, "POST", `/api/sites/${siteId}/screenshot`);
    expect(queued).toMatchObject({ status: 200, body: { success: true } });
    await stack.queue.idle();

    const keys = await blobs.listKeys(`users/${who.user.id}/sites/${siteId}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/\/screenshots\/\d+\.webp$/);

    const [site] = (await call(who, "GET", "/api/sites")).body;
    expect(site.lastScreenshotUpdate).toEqual(expect.any(String));
    expect(site.screenshotUrl).toMatch(/X-Amz-Signature=/);
    const image = await fetch(site.screenshotUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(1000);
    expect(webpSize(bytes)).toEqual({ width: 1280, height: 800 });
  });

  it("refresh-all queues the sites with a URL, falls back to url, and replaces the old image", async () => {
    const { who, siteId } = await customerWithSite({ url: `${origin}/staging` }, stack.url);
    const { data: bare } = await db.entities.site
      .create({ userId: who.user.id, name: "No URL yet", status: "requested" })
      .go();

    const first = await call(who, "POST /api/sites/refresh-screenshots");
    expect(first.body).toMatchObject({ success: true, refreshedCount: 1 });
    await stack.queue.idle();
    const prefix = `users/${who.user.id}/sites/${siteId}/`;
    const [firstKey] = await blobs.listKeys(prefix);

    await call(who, "POST /api/sites/refresh-screenshots");
    await stack.queue.idle();
    const keys = await blobs.listKeys(prefix);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(firstKey);
    expect(await blobs.listKeys(`users/${who.user.id}/sites/${bare.siteId}/`)).toEqual([]);
  });

  it("a page that never loads marks nothing, is retried, then dead-lettered", async () => {
    const { who, siteId } = await customerWithSite({ liveUrl: `${origin}/never` }, stack.url);
    await call(who, "POST /api/sites/{id}/screenshot", { params: { id: siteId } });
    await stack.queue.idle();

    const dead = stack.queue.deadLetters().filter((d) => JSON.parse(d.body).siteId === siteId);
    expect(dead).toHaveLength(1);
    expect(dead[0]?.receiveCount).toBe(2);
    expect(JSON.parse(dead[0]?.body ?? "{}")).toEqual({
      kind: "screenshot",
      userId: who.user.id,
      siteId,
      jobId: expect.any(String),
    });
    // The last delivery stored the job failed before the message went to the dead letters.
    expect(await shotJobs(who.user.id)).toMatchObject([
      { siteId, status: "failed", error: "The preview could not be captured." },
    ]);

    const [site] = (await call(who, "GET /api/sites")).body;
    expect(site).toMatchObject({ screenshotUrl: null, lastScreenshotUpdate: null });
    expect(await blobs.listKeys(`users/${who.user.id}/sites/${siteId}/`)).toEqual([]);
  });

  it("a loopback address outside the allowlist ends the job failed at once: Chromium never asks it", async () => {
    // The same page on another port, which the allowlist does not name.
    let hits = 0;
    const other = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const port = (other.address() as AddressInfo).port;
      const { who, siteId } = await customerWithSite(
        { liveUrl: `http://127.0.0.1:${port}/` },
        stack.url,
      );
      const deliveredBefore = stack.queue.state().delivered;
      await call(who, "POST /api/sites/{id}/screenshot", { params: { id: siteId } });
      await stack.queue.idle();
      // An answer, not a crash: one delivery, nothing dead-lettered.
      expect(stack.queue.state().delivered - deliveredBefore).toBe(1);
      expect(stack.queue.deadLetters().some((d) => JSON.parse(d.body).siteId === siteId)).toBe(
        false,
      );
      const jobs = await shotJobs(who.user.id);
      expect(jobs).toMatchObject([
        {
          siteId,
          status: "failed",
          error: "This address is not reachable from our servers (private or reserved network)",
        },
      ]);
      expect(hits).toBe(0);
      expect(await blobs.listKeys(`users/${who.user.id}/sites/${siteId}/`)).toEqual([]);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

async function shotJobs(userId: string) {
  const { data } = await db.entities.screenshotJob.query
    .byOwner({ userId })
    .go({ consistent: true });
  return data;
}

/** Job records as if asked for `minutesAgo` (default 10) minutes ago. */
async function seedShots(
  userId: string,
  siteIds: string[],
  status: "queued" | "done",
  minutesAgo = 10,
) {
  for (const siteId of siteIds) {
    await db.entities.screenshotJob
      .create({
        userId,
        siteId,
        status,
        createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      })
      .go();
  }
}

describe("screenshot limits", () => {
  it("answers the preview in flight instead of queueing a site twice", async () => {
    const { who, siteId } = await customerWithSite({ liveUrl: `${origin}/slow` }, stack.url);
    const deliveredBefore = stack.queue.state().delivered;
    // A double click: two requests at once, then a third while the first still runs.
    const [a, b] = await Promise.all([
      call(who, "POST /api/sites/{id}/screenshot", { params: { id: siteId } }),
      call(who, "POST /api/sites/{id}/screenshot", { params: { id: siteId } }),
    ]);
    const c = await call(who, "POST /api/sites/{id}/screenshot", { params: { id: siteId } });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(c.body.message).toBe("A preview of this site is already being refreshed");
    const all = await call(who, "POST /api/sites/refresh-screenshots");
    expect(all.body).toMatchObject({ success: true, refreshedCount: 1 });

    await stack.queue.idle();
    expect(stack.queue.state().delivered - deliveredBefore).toBe(1);
    expect((await shotJobs(who.user.id)).map((j) => j.status)).toEqual(["done"]);
  });

  it("refuses a sixth preview of one site in an hour, and refresh-all skips that site", async () => {
    const { who, siteId } = await customerWithSite({ liveUrl: `${origin}/` }, stack.url);
    const { data: other } = await db.entities.site
      .create({ userId: who.user.id, name: "Cafe", status: "live", liveUrl: `${origin}/cafe` })
      .go();
    await seedShots(who.user.id, [siteId, siteId, siteId, siteId, siteId], "done");

    const refused = await call(who, "POST", `/api/sites/${siteId}/screenshot`);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: "rate_limited",
      message: expect.stringMatching(
        /^This site's preview was refreshed 5 times in the last hour\. Please try again in (49|50) minutes\.$/,
      ),
    });
    const all = await call(who, "POST /api/sites/refresh-screenshots");
    expect(all.body).toMatchObject({
      success: true,
      refreshedCount: 1,
      message: "Refreshing 1 site preview; 1 more must wait for the hourly limits",
    });
    await stack.queue.idle();
    const queued = (await shotJobs(who.user.id)).filter((j) => j.status !== "done" || j.startedAt);
    expect(queued.map((j) => j.siteId)).toEqual([other.siteId]);
  });

  it("refuses past three previews in flight for a customer, across sites", async () => {
    const { who, siteId } = await customerWithSite({ liveUrl: `${origin}/` }, stack.url);
    await seedShots(
      who.user.id,
      ["01J0000000000000000000SITE1", "01J0000000000000000000SITE2", "01J0000000000000000000SITE3"],
      "queued",
    );
    const refused = await call(who, "POST", `/api/sites/${siteId}/screenshot`);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      "You already have 3 site previews being refreshed. Please wait for one to finish.",
    );
    const all = await call(who, "POST /api/sites/refresh-screenshots");
    expect(all.status).toBe(429);
  });

  it("a site going live gets its preview whatever the customer's own refreshes used up", async () => {
    const { who, siteId } = await customerWithSite({ liveUrl: `${origin}/` }, stack.url);
    await seedShots(who.user.id, [siteId, siteId, siteId, siteId, siteId], "done");
    const { data: site } = await db.entities.site.get({ userId: who.user.id, siteId }).go();
    if (!site) throw new Error("site missing");
    await expect(Screenshots.requestOne(site)).rejects.toThrow("refreshed 5 times");
    await expect(Screenshots.requestOne(site, { byStaff: true })).resolves.toMatchObject({
      success: true,
    });
    await stack.queue.idle();
    expect(await blobs.listKeys(`users/${who.user.id}/sites/${siteId}/`)).toHaveLength(1);
  });
});
