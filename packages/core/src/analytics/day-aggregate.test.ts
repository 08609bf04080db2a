/**
 * The day item's size bound against a real DynamoDB API (dynalite, in memory): distinct paths
 * and referrers are capped per day, further new ones count under "(other)", and the report
 * reads the result.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTHER_KEY } from "../contracts/analytics";
import { startTestDynamo, type TestDynamo } from "../db/testing";
import type { DayIncrement } from "./day-aggregate";
import { MAX_KEY_BYTES } from "./page-view";

let dynamo: TestDynamo;
let service: typeof import("../db/service");
let Day: typeof import("./day-aggregate");
let Report: typeof import("./report");

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  service = await import("../db/service");
  Day = await import("./day-aggregate");
  Report = await import("./report");
});

afterAll(async () => {
  await dynamo?.stop();
});

const NOW = new Date("2026-03-10T12:00:00Z");
const DAY = "2026-03-10";

const view = (path: string, referrer?: string): DayIncrement => ({
  path,
  referrer,
  country: "DE",
  device: "desktop",
  newVisitor: false,
  singlePageChange: 0,
});

async function newSite() {
  const userId = `user_${Math.random().toString(36).slice(2)}Ab`;
  const { data } = await service.db.entities.site
    .create({ userId, name: "Corner Bakery", status: "live" })
    .go();
  return { userId, siteId: data.siteId, day: DAY };
}

async function stored(key: { userId: string; siteId: string; day: string }) {
  const { data } = await service.db.entities.analyticsDay.get(key).go();
  if (!data) throw new Error("no day item");
  const decode = (counts: unknown) =>
    Object.fromEntries(
      Object.entries((counts ?? {}) as Record<string, number>).map(([k, v]) => [
        service.decodeAnalyticsKey(k),
        v,
      ]),
    );
  return { ...data, pages: decode(data.pages), referrers: decode(data.referrers) };
}

/** Sends views in small concurrent batches, as many Lambda containers would. */
async function send(key: { userId: string; siteId: string; day: string }, views: DayIncrement[]) {
  for (let i = 0; i < views.length; i += 10) {
    await Promise.all(views.slice(i, i + 10).map((v) => Day.addToDay(key, v)));
  }
}

/** A day item already holding `pages` paths and `referrers` hosts, as a busy day leaves it. */
async function seedDay(
  key: { userId: string; siteId: string; day: string },
  counts: { pages: number; referrers: number; keyOf?: (kind: string, i: number) => string },
) {
  const keyOf =
    counts.keyOf ?? ((kind, i) => (kind === "page" ? `/page-${i}` : `ref-${i}.example`));
  const map = (kind: string, n: number) =>
    Object.fromEntries(
      Array.from({ length: n }, (_, i) => [service.encodeAnalyticsKey(keyOf(kind, i)), 1]),
    );
  await service.db.entities.analyticsDay
    .create({
      ...key,
      pageViews: Math.max(counts.pages, counts.referrers),
      pages: map("page", counts.pages),
      referrers: map("referrer", counts.referrers),
      pageKeys: counts.pages,
      referrerKeys: counts.referrers,
    })
    .go();
}

describe("the day item's distinct keys", () => {
  it("counts each new key once, also when views of new paths arrive together", async () => {
    const key = await newSite();
    await send(key, [
      ...Array.from({ length: 30 }, (_, i) => view(`/page-${i}`, `ref-${i % 7}.example`)),
      view("/page-3"),
    ]);
    const item = await stored(key);
    expect(item.pageKeys).toBe(30);
    expect(item.referrerKeys).toBe(7);
    expect(item.pages["/page-3"]).toBe(2);
    expect(item.pageViews).toBe(31);
  });

  it("keeps the first paths apart and counts new ones past the cap under (other)", async () => {
    const key = await newSite();
    const max = Day.MAX_DAY_PAGES;
    await seedDay(key, { pages: max - 1, referrers: 0 });
    // The last free key, then two past the cap; a path already kept goes on counting alone.
    await Day.addToDay(key, view("/last"));
    await send(key, [view("/new-a"), view("/new-b"), view("/page-7"), view("/page-7")]);
    const item = await stored(key);
    expect(Object.keys(item.pages)).toHaveLength(max + 1);
    expect(item.pageKeys).toBe(max);
    expect(item.pages["/last"]).toBe(1);
    expect(item.pages[OTHER_KEY]).toBe(2);
    expect(item.pages["/page-7"]).toBe(3);
    expect(item.pages["/new-a"]).toBeUndefined();
    expect(item.pageViews).toBe(max - 1 + 5);
  });

  it("caps referrers on their own: a full referrer map does not fold new paths", async () => {
    const key = await newSite();
    const max = Day.MAX_DAY_REFERRERS;
    await seedDay(key, { pages: 1, referrers: max });
    await Day.addToDay(key, view("/menu", "late.example"));
    await Day.addToDay(key, view("/page-0", "ref-3.example"));
    await Day.addToDay(key, view("/contact"));
    const item = await stored(key);
    expect(item.referrerKeys).toBe(max);
    expect(Object.keys(item.referrers)).toHaveLength(max + 1);
    expect(item.referrers[OTHER_KEY]).toBe(1);
    expect(item.referrers["ref-3.example"]).toBe(2);
    // The paths had room: they keep their own keys.
    expect(item.pages).toEqual({ "/page-0": 2, "/menu": 1, "/contact": 1 });
  });

  it("stays far below DynamoDB's 400 KB item limit even with the longest keys", async () => {
    const key = await newSite();
    const long = (kind: string, i: number) =>
      `${kind === "page" ? "/" : ""}${kind}-${i}-`.padEnd(MAX_KEY_BYTES, "x");
    await seedDay(key, {
      pages: Day.MAX_DAY_PAGES,
      referrers: Day.MAX_DAY_REFERRERS,
      keyOf: long,
    });
    await send(
      key,
      Array.from({ length: 20 }, (_, i) =>
        view(long("page", 1000 + i), long("referrer", 1000 + i)),
      ),
    );
    const { data } = await service.db.entities.analyticsDay.get(key).go();
    // Attribute names and values as stored: a close upper bound of DynamoDB's item size.
    const bytes = Buffer.byteLength(JSON.stringify(data));
    expect(bytes).toBeLessThan(100 * 1024);
    const item = await stored(key);
    expect(Object.keys(item.pages)).toHaveLength(Day.MAX_DAY_PAGES + 1);
    expect(Object.keys(item.referrers)).toHaveLength(Day.MAX_DAY_REFERRERS + 1);
    expect(item.pages[OTHER_KEY]).toBe(20);
    expect(item.referrers[OTHER_KEY]).toBe(20);
  });

  it("counts a view on an item written before the cap existed (no key counts)", async () => {
    const key = await newSite();
    await Day.addToDay(key, view("/"));
    // What an item from before the cap looks like.
    await service.db.entities.analyticsDay.patch(key).remove(["pageKeys", "referrerKeys"]).go();
    await Day.addToDay(key, view("/about", "news.example"));
    const item = await stored(key);
    expect(item.pages).toEqual({ "/": 1, "/about": 1 });
    expect(item.pageKeys).toBe(1);
    expect(item.referrerKeys).toBe(1);
  });
});

describe("the report over capped days", () => {
  it("lists (other) after the top paths, however large, and adds it up across days", async () => {
    const key = await newSite();
    await seedDay(key, { pages: Day.MAX_DAY_PAGES, referrers: 0 });
    await send(key, [...Array.from({ length: 30 }, (_, i) => view(`/late-${i}`)), view("/page-1")]);
    const yesterday = { ...key, day: "2026-03-09" };
    await send(yesterday, [view("/page-1")]);
    await service.db.entities.analyticsDay
      .patch(yesterday)
      .data(({ pages }, { add }) => add(pages[service.encodeAnalyticsKey(OTHER_KEY)], 5))
      .go();

    const report = await Report.report(key.userId, key.siteId, "7d", NOW);
    expect(report.totals.pageViews).toBe(Day.MAX_DAY_PAGES + 32);
    expect(report.pages).toHaveLength(11);
    expect(report.pages[0]).toEqual({ key: "/page-1", count: 3 });
    expect(report.pages.at(-1)).toEqual({ key: OTHER_KEY, count: 35 });
    expect(report.pages.slice(0, 10).every((p) => p.key !== OTHER_KEY)).toBe(true);
  });
});
