/**
 * Job rules (limits, duplicates, stale jobs) as pure functions, and one delivery of a job
 * against a real DynamoDB API (dynalite, in memory): running → done / failed / queued again.
 * Queueing through SQS is covered by tests/integration/audit-jobs.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LighthouseResult, type SeoResult, seoResultSchema } from "../contracts/audits";
import { startTestDynamo, type TestDynamo } from "../db/testing";
import { RateLimitError, UnprocessableError } from "../errors";

let dynamo: TestDynamo;
let Jobs: typeof import("./jobs");
let db: typeof import("../db/service").db;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  Jobs = await import("./jobs");
  ({ db } = await import("../db/service"));
});

afterAll(async () => {
  await dynamo?.stop();
});

const NOW = new Date("2026-03-01T12:00:00.000Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
const limits = { maxInFlight: 3, maxPerHour: 20 };

type Run = import("./jobs").RunSummary;
let n = 0;
function run(fields: Partial<Run> & { minutesAgo?: number }): Run {
  n += 1;
  return {
    kind: "lighthouse",
    jobId: `01J${String(n).padStart(23, "0")}`,
    url: `https://site-${n}.example.com/`,
    strategy: "mobile",
    status: "done",
    createdAt: minutesAgo(fields.minutesAgo ?? 5),
    ...fields,
  };
}
const want = (fields: Partial<Run> = {}) => ({
  kind: "lighthouse" as const,
  url: "https://bakery.example.com/",
  strategy: "mobile" as const,
  ...fields,
});

describe("admit", () => {
  it("lets a run start under both limits", () => {
    expect(Jobs.admit([run({}), run({ status: "running" })], want(), limits, NOW)).toEqual({
      duplicate: undefined,
    });
  });

  it("answers the identical run in flight instead of a new one, even at the limit", () => {
    const twin = run({ url: "https://bakery.example.com/", status: "queued" });
    const others = [run({ status: "running" }), run({ status: "running" })];
    expect(Jobs.admit([...others, twin], want(), limits, NOW).duplicate).toBe(twin);
  });

  it("does not count another strategy, kind or a finished run as identical", () => {
    const url = "https://bakery.example.com/";
    const runs = [
      run({ url, strategy: "desktop", status: "queued" }),
      run({ url, kind: "seo", strategy: null, status: "running" }),
      run({ url, status: "done" }),
    ];
    expect(Jobs.admit(runs, want(), limits, NOW).duplicate).toBeUndefined();
    // …while the SEO one is the duplicate of an SEO request.
    expect(Jobs.admit(runs, want({ kind: "seo", strategy: null }), limits, NOW).duplicate).toBe(
      runs[1],
    );
  });

  it("refuses a fourth run in flight across both kinds", () => {
    const runs = [
      run({ status: "queued" }),
      run({ status: "running", kind: "seo", strategy: null }),
      run({ status: "running" }),
    ];
    expect(() => Jobs.admit(runs, want(), limits, NOW)).toThrow(RateLimitError);
    expect(() => Jobs.admit(runs, want(), limits, NOW)).toThrow(
      "You already have 3 analyses in progress. Please wait for one to finish before starting another.",
    );
  });

  it("refuses past the hourly limit and says when room comes back", () => {
    // 20 runs, the oldest 50 minutes ago: it leaves the hour in 10 minutes.
    const runs = Array.from({ length: 20 }, (_, i) => run({ minutesAgo: 50 - i }));
    expect(() => Jobs.admit(runs, want(), limits, NOW)).toThrow(
      "You have reached the limit of 20 analyses per hour. Please try again in 10 minutes.",
    );
    // Runs older than an hour do not count.
    const older = runs.map((r, i) => (i === 0 ? { ...r, createdAt: minutesAgo(61) } : r));
    expect(Jobs.admit(older, want(), limits, NOW).duplicate).toBeUndefined();
  });

  it("takes configured limits", () => {
    const runs = [run({ status: "queued" })];
    expect(() => Jobs.admit(runs, want(), { maxInFlight: 1, maxPerHour: 20 }, NOW)).toThrow(
      "You already have 1 analysis in progress.",
    );
    expect(() => Jobs.admit(runs, want(), { maxInFlight: 5, maxPerHour: 1 }, NOW)).toThrow(
      "Please try again in 55 minutes.",
    );
  });
});

describe("stale jobs", () => {
  it("reads a job queued or running for an hour as failed, and stops counting it", () => {
    expect(Jobs.effectiveStatus({ status: "running", createdAt: minutesAgo(59) }, NOW)).toBe(
      "running",
    );
    expect(Jobs.effectiveStatus({ status: "queued", createdAt: minutesAgo(60) }, NOW)).toBe(
      "failed",
    );
    expect(Jobs.effectiveStatus({ status: "done", createdAt: minutesAgo(600) }, NOW)).toBe("done");
  });
});

describe("limits from configuration", () => {
  it("falls back to 3 in flight and 20 per hour when the parameters are not bound", async () => {
    expect(await Jobs.limitsFromConfig()).toEqual({ maxInFlight: 3, maxPerHour: 20 });
  });
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
    const outcome = await Jobs.executeJob("seo", message, first, async ({ url }) => {
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
    const [view] = (await Jobs.listSeo(userId)).filter((j) => j.id === message.jobId);
    expect(view).toMatchObject({ status: "done", error: null, result: seoResult });
  });

  it("fails the job with a domain error's message, without a retry", async () => {
    const message = await queuedSeo();
    const outcome = await Jobs.executeJob("seo", message, first, async () => {
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
    const outcome = await Jobs.executeJob("seo", message, first, async () => huge);
    expect(outcome).toBe("failed");
    expect(await stored(message)).toMatchObject({
      status: "failed",
      error: "The results of this page are too large or malformed to store.",
    });
  });

  it("fails a job whose result the contract refuses at once, not as a crash", async () => {
    const message = await queuedSeo();
    const outcome = await Jobs.executeJob("seo", message, first, async () =>
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
    await expect(Jobs.executeJob("seo", message, first, crash)).rejects.toThrow("Target closed");
    expect((await stored(message))?.status).toBe("queued");
    await expect(Jobs.executeJob("seo", message, last, crash)).rejects.toThrow("Target closed");
    expect(await stored(message)).toMatchObject({
      status: "failed",
      error: "The analysis could not be completed. Please try again.",
    });
    // A late duplicate delivery leaves the finished job alone.
    let ran = false;
    const again = await Jobs.executeJob("seo", message, first, async () => {
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
    const list = await Jobs.listSeo(other);
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
    const outcome = await Jobs.executeJob(
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
