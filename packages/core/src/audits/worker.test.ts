/**
 * One delivery of a job against a real DynamoDB API (dynalite, in memory): running → done /
 * failed / queued again, what the list then shows, and a Lighthouse run's score for its site.
 * Queueing through SQS is covered by tests/integration/audit-jobs.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type LighthouseResult, type SeoResult, seoResultSchema } from "../contracts/audits";
import { startTestDynamo, type TestDynamo } from "../db/testing";
import { UnprocessableError } from "../errors";

// No Events queue here: a send without its binding throws (adapters/bindings.ts), and the
// events a run emits are the notifications tests' concern.
vi.mock("../adapters/events", () => ({ sendEvent: async () => {} }));

let dynamo: TestDynamo;
let Worker: typeof import("./worker");
let Requests: typeof import("./requests");
let db: typeof import("../db/service").db;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  Worker = await import("./worker");
  Requests = await import("./requests");
  ({ db } = await import("../db/service"));
});

afterAll(async () => {
  await dynamo?.stop();
});

const seoResult: SeoResult = {
  url: "https://bakery.example.com/",
  score: 92,
  loadTime: 1.25,
  pageSize: 20480,
  links: { internal: 3, external: 1 },
  issues: [
    {
      rule: "title",
      type: "success",
      title: "Title tag",
      description: "The page has a title of a good length.",
      impact: "low",
    },
  ],
  metaTitle: "Corner Bakery",
  metaDescription: null,
  headings: [{ level: 1, text: "Corner Bakery" }],
  images: [],
};

describe("one delivery of a job", () => {
  const userId = "user_2abcJobsTest";
  const first = { receiveCount: 1, maxReceiveCount: 3 };
  const last = { receiveCount: 3, maxReceiveCount: 3 };

  async function queuedSeo(url = "https://bakery.example.com/") {
    const { data } = await db.entities.seoResult.create({ userId, url, status: "queued" }).go();
    return { userId, jobId: data.jobId };
  }
  const stored = async (m: { userId: string; jobId: string }) =>
    (await db.entities.seoResult.get(m).go({ consistent: true })).data;

  it("marks the job running while it runs, then done with the result", async () => {
    const message = await queuedSeo();
    let seenWhileRunning: string | undefined;
    const outcome = await Worker.executeJob("seo", message, first, async ({ url }) => {
      seenWhileRunning = (await stored(message))?.status;
      expect(url).toBe("https://bakery.example.com/");
      return seoResult;
    });
    expect(outcome).toBe("done");
    expect(seenWhileRunning).toBe("running");
    const job = await stored(message);
    expect(job).toMatchObject({ status: "done", result: seoResult });
    expect(job?.startedAt).toEqual(expect.any(String));
    expect(job?.finishedAt).toEqual(expect.any(String));
    const [view] = (await Requests.listSeo(userId)).filter((j) => j.id === message.jobId);
    expect(view).toMatchObject({ status: "done", error: null, result: seoResult });
  });

  it("fails the job with a domain error's message, without a retry", async () => {
    const message = await queuedSeo();
    const outcome = await Worker.executeJob("seo", message, first, async () => {
      throw new UnprocessableError("The page took too long to load.");
    });
    expect(outcome).toBe("failed");
    expect(await stored(message)).toMatchObject({
      status: "failed",
      error: "The page took too long to load.",
    });
  });

  it("fails a job whose result DynamoDB refuses as too large at once, not as a crash", async () => {
    const message = await queuedSeo();
    // Past the 400 KB an item may hold, as an unbounded page's lists once were.
    const huge = { ...seoResult, metaDescription: "x".repeat(500_000) };
    const outcome = await Worker.executeJob("seo", message, first, async () => huge);
    expect(outcome).toBe("failed");
    expect(await stored(message)).toMatchObject({
      status: "failed",
      error: "The results of this page are too large or malformed to store.",
    });
  });

  it("fails a job whose result the contract refuses at once, not as a crash", async () => {
    const message = await queuedSeo();
    const outcome = await Worker.executeJob("seo", message, first, async () =>
      seoResultSchema.parse({ ...seoResult, score: 101 }),
    );
    expect(outcome).toBe("failed");
    expect((await stored(message))?.status).toBe("failed");
  });

  it("puts a crashed job back to queued for the retry, and fails it on the last delivery", async () => {
    const message = await queuedSeo();
    const crash = async (): Promise<SeoResult> => {
      throw new Error("Target closed");
    };
    await expect(Worker.executeJob("seo", message, first, crash)).rejects.toThrow("Target closed");
    expect((await stored(message))?.status).toBe("queued");
    await expect(Worker.executeJob("seo", message, last, crash)).rejects.toThrow("Target closed");
    expect(await stored(message)).toMatchObject({
      status: "failed",
      error: "The analysis could not be completed. Please try again.",
    });
    // A late duplicate delivery leaves the finished job alone.
    let ran = false;
    const again = await Worker.executeJob("seo", message, first, async () => {
      ran = true;
      return seoResult;
    });
    expect(again).toBe("skipped");
    expect(ran).toBe(false);
  });

  it("lists newest first and shows a job stuck for an hour as failed", async () => {
    const other = "user_2abcStale";
    const { data: old } = await db.entities.seoResult
      .create({
        userId: other,
        url: "https://old.example.com/",
        status: "running",
        createdAt: new Date(Date.now() - 61 * 60_000).toISOString(),
      })
      .go();
    const { data: fresh } = await db.entities.seoResult
      .create({ userId: other, url: "https://new.example.com/", status: "queued" })
      .go();
    const list = await Requests.listSeo(other);
    expect(list.map((j) => j.id)).toEqual([fresh.jobId, old.jobId]);
    expect(list[1]).toMatchObject({
      status: "failed",
      error: "The analysis did not finish in time. Please try again.",
    });
    expect(
      (await db.entities.seoResult.get({ userId: other, jobId: old.jobId }).go()).data,
    ).toMatchObject({ status: "failed" });
  });
});

describe("a Lighthouse run's score for its site", () => {
  const userId = "user_2abcScoreTest";
  const first = { receiveCount: 1, maxReceiveCount: 3 };
  const result = (performance: number): LighthouseResult => ({
    url: "https://bakery.example.com/",
    finalUrl: "https://bakery.example.com/",
    strategy: "mobile",
    timestamp: "2026-03-01T12:00:00.000Z",
    lighthouseVersion: "13.5.0",
    scores: { performance, accessibility: 90, bestPractices: 90, seo: 90, pwa: null },
    pwa: { score: null, measured: false, checks: [] },
    metrics: [],
    opportunities: [],
    diagnostics: [],
  });

  async function site(fields: Record<string, string>) {
    const { data } = await db.entities.site
      .create({ userId, name: "Corner Bakery", status: "live", ...fields })
      .go();
    return data.siteId;
  }

  /** Runs a mobile Lighthouse job of `url` started from the site; answers the site's score. */
  async function scoreAfterRun(siteId: string, url: string, performance = 97) {
    const { data } = await db.entities.lighthouseResult
      .create({ userId, url, siteId, status: "queued", strategy: "mobile" })
      .go();
    const outcome = await Worker.executeJob(
      "lighthouse",
      { userId, jobId: data.jobId },
      first,
      async () => result(performance),
    );
    expect(outcome).toBe("done");
    const { data: scored } = await db.entities.site.get({ userId, siteId }).go();
    return scored?.performanceScore;
  }

  it("sets the score from a run of the site's own URL", async () => {
    const siteId = await site({ url: "https://staging.bakery.example.com" });
    expect(await scoreAfterRun(siteId, "https://staging.bakery.example.com/menu")).toBe(97);
  });

  it("keeps the score from a run of any other host, whatever site it names", async () => {
    const siteId = await site({ url: "https://staging.bakery.example.com" });
    expect(await scoreAfterRun(siteId, "https://fast.example.org/", 100)).toBeUndefined();
    await scoreAfterRun(siteId, "https://staging.bakery.example.com/", 41);
    expect(await scoreAfterRun(siteId, "https://fast.example.org/", 100)).toBe(41);
  });

  it("sets it from the live URL a site goes live at (the staff flow's run)", async () => {
    const siteId = await site({
      url: "https://staging.bakery.example",
      liveUrl: "https://www.adas-bakery.com",
    });
    // What staff/sites.ts queues: the live URL as the audit contract writes it.
    expect(await scoreAfterRun(siteId, "https://www.adas-bakery.com/", 88)).toBe(88);
  });

  it("counts the custom domain once it is verified, not while it is only claimed", async () => {
    const pending = await site({ customDomain: "adas-bakery.com", domainStatus: "pending" });
    expect(await scoreAfterRun(pending, "https://adas-bakery.com/")).toBeUndefined();
    const active = await site({ customDomain: "adas-bakery.com", domainStatus: "active" });
    expect(await scoreAfterRun(active, "https://adas-bakery.com/")).toBe(97);
  });
});
