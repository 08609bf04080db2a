/**
 * The page-views consumer's counting against a real DynamoDB API (dynalite, in memory):
 * visitors counted once a day across batches, distinct paths and referrers capped per day with
 * the rest under "(other)", the writes a batch costs, and the report reading the counters.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OTHER_KEY } from "../contracts/analytics";
import { startTestDynamo, type TestDynamo } from "../db/testing";
import type { QueuedView } from "./aggregate";

let dynamo: TestDynamo;
let service: typeof import("../db/service");
let Aggregate: typeof import("./aggregate");
let Report: typeof import("./report");

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  service = await import("../db/service");
  Aggregate = await import("./aggregate");
  Report = await import("./report");
});

afterAll(async () => {
  await dynamo?.stop();
});

// Hundreds of visitor marks per test, each a write to dynalite.
vi.setConfig({ testTimeout: 60_000 });

const NOW = new Date("2026-03-10T12:00:00Z");
const DAY = "2026-03-10";

async function newSite() {
  const userId = `user_${Math.random().toString(36).slice(2)}Ab`;
  const { data } = await service.db.entities.site
    .create({ userId, name: "Corner Bakery", status: "live" })
    .go();
  const view = (visitor: string, path = "/", extra: Partial<QueuedView> = {}): QueuedView => ({
    userId,
    siteId: data.siteId,
    day: DAY,
    visitor,
    path,
    country: "DE",
    device: "desktop",
    minute: "12:00",
    address: `address-of-${visitor}`,
    ...extra,
  });
  return { userId, siteId: data.siteId, view };
}

async function counters(siteId: string, dimension: string) {
  const { data } = await service.db.entities.analyticsCount.query.bySite({ siteId }).go();
  return Object.fromEntries(
    data.filter((c) => c.dimension === dimension).map((c) => [c.key, c.views]),
  );
}

async function totals(userId: string, siteId: string, day = DAY) {
  const { data } = await service.db.entities.analyticsDay.get({ userId, siteId, day }).go();
  return data;
}

describe("a batch of views", () => {
  it("counts each visitor once a day, and single-page visitors, across batches", async () => {
    const { userId, siteId, view } = await newSite();
    // a: two views in one batch; b: one view, then another in the next batch; c: one view.
    await Aggregate.aggregateViews([view("a"), view("a", "/menu"), view("b"), view("c")]);
    expect(await totals(userId, siteId)).toMatchObject({
      pageViews: 4,
      visitors: 3,
      singlePageVisitors: 2,
    });
    await Aggregate.aggregateViews([view("b", "/menu"), view("d")]);
    expect(await totals(userId, siteId)).toMatchObject({
      pageViews: 6,
      visitors: 4,
      singlePageVisitors: 2, // c and d; b viewed a second page
    });
    expect(await counters(siteId, "page")).toEqual({ "/": 4, "/menu": 2 });
    expect(await counters(siteId, "country")).toEqual({ DE: 6 });
    expect(await counters(siteId, "device")).toEqual({ desktop: 6 });
  });

  it("adds a whole batch to each counter in one item, whatever the traffic", async () => {
    const { siteId, view } = await newSite();
    const batch = Array.from({ length: 300 }, (_, i) =>
      view(`v${i}`, i % 2 ? "/menu" : "/", { referrer: i % 5 ? undefined : "news.example" }),
    );
    await Aggregate.aggregateViews(batch);
    const { data } = await service.db.entities.analyticsCount.query.bySite({ siteId }).go();
    // Two paths, one referrer, one country, one device: five small items for 300 views.
    expect(data).toHaveLength(5);
    expect(await counters(siteId, "page")).toEqual({ "/": 150, "/menu": 150 });
    expect(await counters(siteId, "referrer")).toEqual({ "news.example": 60 });
    for (const item of data) expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThan(400);
  });

  it("keeps a day's first paths apart and counts new ones past the cap under (other)", async () => {
    const { userId, siteId, view } = await newSite();
    const max = Aggregate.MAX_DAY_PAGES;
    await Aggregate.aggregateViews(
      Array.from({ length: max - 1 }, (_, i) => view(`s${i}`, `/page-${i}`)),
    );
    // One slot left: the most viewed new path takes it, the others fold; known paths count on.
    await Aggregate.aggregateViews([
      view("x", "/new-a"),
      view("y", "/new-b"),
      view("z", "/new-b"),
      view("x", "/page-7"),
    ]);
    await Aggregate.aggregateViews([view("y", "/new-c"), view("y", "/new-b")]);
    const pages = await counters(siteId, "page");
    expect(Object.keys(pages)).toHaveLength(max + 1);
    expect(pages["/new-b"]).toBe(3);
    expect(pages["/page-7"]).toBe(2);
    expect(pages[OTHER_KEY]).toBe(2);
    expect(pages["/new-a"]).toBeUndefined();
    expect((await totals(userId, siteId))?.pageKeys).toBe(max);
  });

  it("caps referrers on their own: a full referrer list does not fold new paths", async () => {
    const { userId, siteId, view } = await newSite();
    const max = Aggregate.MAX_DAY_REFERRERS;
    await Aggregate.aggregateViews(
      Array.from({ length: max }, (_, i) => view(`r${i}`, "/", { referrer: `ref-${i}.example` })),
    );
    await Aggregate.aggregateViews([
      view("late", "/menu", { referrer: "late.example" }),
      view("known", "/contact", { referrer: "ref-3.example" }),
    ]);
    const referrers = await counters(siteId, "referrer");
    expect(referrers[OTHER_KEY]).toBe(1);
    expect(referrers["ref-3.example"]).toBe(2);
    expect(await counters(siteId, "page")).toEqual({ "/": max, "/menu": 1, "/contact": 1 });
    expect((await totals(userId, siteId))?.referrerKeys).toBe(max);
  });

  it("reports a site-day whose writes failed, and still counts the batch's other site-days", async () => {
    const { userId, siteId, view } = await newSite();
    const broken = { ...view("a"), siteId: "x".repeat(2048) }; // a key DynamoDB refuses
    const result = await Aggregate.aggregateViews([broken, view("b")]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]?.views).toBe(1);
    expect(await totals(userId, siteId)).toMatchObject({ pageViews: 1, visitors: 1 });
  });
});

describe("the rate limit", () => {
  it(`counts at most 60 views per address and minute, across batches, whatever the agent`, async () => {
    const { userId, siteId, view } = await newSite();
    const { VIEWS_PER_MINUTE } = await import("./rate-limit");
    const from = (n: number, minute: string) =>
      view(`agent-${n}`, `/p${n % 3}`, { address: "one-address", minute });
    // 40 + 40 views of one address in one minute, in two batches; 5 in the next minute.
    await Aggregate.aggregateViews(Array.from({ length: 40 }, (_, i) => from(i, "12:00")));
    const second = await Aggregate.aggregateViews([
      ...Array.from({ length: 40 }, (_, i) => from(40 + i, "12:00")),
      ...Array.from({ length: 5 }, (_, i) => from(80 + i, "12:01")),
      view("someone-else"),
    ]);
    expect(second.overLimit).toBe(80 - VIEWS_PER_MINUTE);
    const day = await totals(userId, siteId);
    expect(day?.pageViews).toBe(VIEWS_PER_MINUTE + 5 + 1);
    expect(day?.visitors).toBe(VIEWS_PER_MINUTE + 5 + 1);
  });
});

describe("the report over the counters", () => {
  it("adds the days of its range, lists (other) after the top ten, and leaves other days out", async () => {
    const { userId, siteId, view } = await newSite();
    await Aggregate.aggregateViews([
      ...Array.from({ length: Aggregate.MAX_DAY_PAGES }, (_, i) => view(`p${i}`, `/page-${i}`)),
      view("p1", "/page-1"),
    ]);
    await Aggregate.aggregateViews(
      Array.from({ length: 30 }, (_, i) => view(`late${i}`, `/late-${i}`)),
    );
    const yesterday = (v: QueuedView) => ({ ...v, day: "2026-03-09" });
    await Aggregate.aggregateViews([yesterday(view("q", "/page-1"))]);
    // Outside a 7-day range ending on the 10th.
    await Aggregate.aggregateViews([{ ...view("old", "/page-1"), day: "2026-03-01" }]);

    const report = await Report.report(userId, siteId, "7d", NOW);
    expect(report.totals).toEqual({
      pageViews: Aggregate.MAX_DAY_PAGES + 32,
      visitors: Aggregate.MAX_DAY_PAGES + 31,
      singlePageVisitors: Aggregate.MAX_DAY_PAGES + 30,
    });
    expect(report.daily.at(-2)).toEqual({ day: "2026-03-09", visitors: 1, pageViews: 1 });
    expect(report.pages).toHaveLength(11);
    expect(report.pages[0]).toEqual({ key: "/page-1", count: 3 });
    expect(report.pages.at(-1)).toEqual({ key: OTHER_KEY, count: 30 });
    expect(report.countries).toEqual([{ key: "DE", count: Aggregate.MAX_DAY_PAGES + 32 }]);
  });
});
