/**
 * Screenshot job rules (limits, duplicates) as pure functions, and one delivery of a job
 * against a real DynamoDB API (dynalite, in memory). Queueing through SQS is covered by
 * tests/integration/screenshots.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboundBlockedError } from "../adapters/outbound-guard";
import { startTestDynamo, type TestDynamo } from "../db/testing";
import { RateLimitError } from "../errors";

let dynamo: TestDynamo;
let Screenshots: typeof import("./screenshots");
let db: typeof import("../db/service").db;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  Screenshots = await import("./screenshots");
  ({ db } = await import("../db/service"));
});

afterAll(async () => {
  await dynamo?.stop();
});

const NOW = new Date("2026-03-01T12:00:00.000Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
const limits = { maxInFlight: 3, maxPerHour: 30, maxPerSitePerHour: 5 };

type Shot = import("./screenshots").ShotSummary;
let n = 0;
function shot(fields: Partial<Shot> & { minutesAgo?: number } = {}): Shot {
  n += 1;
  return {
    jobId: `01J${String(n).padStart(23, "0")}`,
    siteId: `site-${n}`,
    status: "done",
    createdAt: minutesAgo(fields.minutesAgo ?? 5),
    ...fields,
  };
}

describe("admitScreenshot", () => {
  it("lets a preview start under every limit", () => {
    const recent = [shot(), shot({ status: "running" })];
    expect(Screenshots.admitScreenshot(recent, "bakery", limits, NOW)).toEqual({
      duplicate: undefined,
    });
  });

  it("answers the site's preview in flight instead of a new one, even at the limits", () => {
    const twin = shot({ siteId: "bakery", status: "queued" });
    const busy = [shot({ status: "running" }), shot({ status: "running" }), twin];
    expect(Screenshots.admitScreenshot(busy, "bakery", limits, NOW).duplicate).toBe(twin);
    // A finished one, or one stuck for an hour, is not in flight.
    const old = [
      shot({ siteId: "bakery", status: "done" }),
      shot({ siteId: "bakery", status: "running", minutesAgo: 61 }),
    ];
    expect(Screenshots.admitScreenshot(old, "bakery", limits, NOW).duplicate).toBeUndefined();
  });

  it("refuses a fourth preview in flight for the customer", () => {
    const busy = [1, 2, 3].map(() => shot({ status: "queued" }));
    expect(() => Screenshots.admitScreenshot(busy, "bakery", limits, NOW)).toThrow(
      new RateLimitError(
        "You already have 3 site previews being refreshed. Please wait for one to finish.",
      ),
    );
  });

  it("refuses a sixth preview of one site in an hour, and says when room comes back", () => {
    const recent = [50, 40, 30, 20, 10].map((m) => shot({ siteId: "bakery", minutesAgo: m }));
    expect(() => Screenshots.admitScreenshot(recent, "bakery", limits, NOW)).toThrow(
      "This site's preview was refreshed 5 times in the last hour. Please try again in 10 minutes.",
    );
    // Another site of the same customer still may.
    expect(Screenshots.admitScreenshot(recent, "cafe", limits, NOW).duplicate).toBeUndefined();
  });

  it("refuses past the customer's hourly limit across sites; older requests do not count", () => {
    const recent = Array.from({ length: 30 }, (_, i) => shot({ minutesAgo: 59 - i }));
    expect(() => Screenshots.admitScreenshot(recent, "bakery", limits, NOW)).toThrow(
      "You have reached the limit of 30 preview refreshes per hour. Please try again in 1 minute.",
    );
    const older = recent.map((r, i) => (i === 0 ? { ...r, createdAt: minutesAgo(61) } : r));
    expect(Screenshots.admitScreenshot(older, "bakery", limits, NOW).duplicate).toBeUndefined();
  });
});

describe("one delivery of a screenshot job", () => {
  const userId = "user_2abcShotsTest";
  const first = { receiveCount: 1, maxReceiveCount: 3 };
  const last = { receiveCount: 3, maxReceiveCount: 3 };

  async function queued() {
    const { data } = await db.entities.screenshotJob
      .create({ userId, siteId: "01J00000000000000000000SITE", status: "queued" })
      .go();
    return { userId, siteId: data.siteId, jobId: data.jobId };
  }
  const stored = async (m: { userId: string; jobId: string }) =>
    (await db.entities.screenshotJob.get(m).go({ consistent: true })).data;

  it("marks the job running while it captures, then done", async () => {
    const message = await queued();
    let seen: string | undefined;
    const outcome = await Screenshots.executeScreenshotJob(message, first, async () => {
      seen = (await stored(message))?.status;
    });
    expect(outcome).toBe("done");
    expect(seen).toBe("running");
    expect(await stored(message)).toMatchObject({ status: "done" });
  });

  it("ends failed at once on an answer such as the guard's refusal: no retry", async () => {
    const message = await queued();
    const outcome = await Screenshots.executeScreenshotJob(message, first, async () => {
      throw new OutboundBlockedError("This address is not reachable from our servers");
    });
    expect(outcome).toBe("failed");
    expect(await stored(message)).toMatchObject({
      status: "failed",
      error: "This address is not reachable from our servers",
    });
  });

  it("puts a crash back to queued for the retry, fails it on the last delivery, then skips", async () => {
    const message = await queued();
    const crash = async () => {
      throw new Error("Target closed");
    };
    await expect(Screenshots.executeScreenshotJob(message, first, crash)).rejects.toThrow();
    expect((await stored(message))?.status).toBe("queued");
    await expect(Screenshots.executeScreenshotJob(message, last, crash)).rejects.toThrow();
    expect((await stored(message))?.status).toBe("failed");
    let ran = false;
    const again = await Screenshots.executeScreenshotJob(message, first, async () => {
      ran = true;
    });
    expect(again).toBe("skipped");
    expect(ran).toBe(false);
  });
});
