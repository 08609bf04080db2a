/**
 * The page-views consumer counts each message once (docs/analytics.md, "Write path"): a batch
 * SQS delivers again, whole or in part, adds nothing the first delivery counted; a message
 * whose marker could not be written is handed back alone. Against dynalite.
 */

import { startTestDynamo, type TestDynamo } from "@portal/core/db/testing";
import type { SQSEvent } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let dynamo: TestDynamo;
let handler: typeof import("./page-views").handler;
let db: typeof import("@portal/core/db/service").db;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  Object.assign(process.env, dynamo.env, { LOG_REQUESTS: "false" });
  ({ handler } = await import("./page-views"));
  ({ db } = await import("@portal/core/db/service"));
});

afterAll(async () => {
  await dynamo?.stop();
});

const DAY = "2026-11-28";

function view(n: number) {
  return {
    userId: "user_pv",
    siteId: "site_pv",
    day: DAY,
    visitor: `visitor-${n % 3}`,
    path: `/page-${n % 2}`,
    country: "DE",
    device: "desktop",
    minute: "10:00",
    address: `address-${n}`,
  };
}

const batch = (ids: number[]): SQSEvent =>
  ({
    Records: ids.map((n) => ({ messageId: `message-${n}`, body: JSON.stringify(view(n)) })),
  }) as unknown as SQSEvent;

const totals = async () =>
  (await db.entities.analyticsDay.get({ userId: "user_pv", siteId: "site_pv", day: DAY }).go())
    .data;

describe("the page-views consumer", () => {
  it("counts a message delivered again once", async () => {
    expect(await handler(batch([1, 2, 3, 4]))).toEqual({ batchItemFailures: [] });
    expect((await totals())?.pageViews).toBe(4);
    // The same batch again (its invocation timed out after counting), then a batch with two
    // of its messages beside a new one.
    await handler(batch([1, 2, 3, 4]));
    await handler(batch([3, 4, 5]));
    const day = await totals();
    expect(day?.pageViews).toBe(5);
    expect(day?.visitors).toBe(3);
  });
});
