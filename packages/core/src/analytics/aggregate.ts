/**
 * The page-views consumer's work (docs/analytics.md "Write path"): a batch of accepted views,
 * taken from the queue, added to the counters in as few small writes as the batch allows.
 *
 * Per site and day in the batch:
 * - one ADD per client address and minute on its rate counter, which answers how many of its
 *   views are within the allowance; views past it are dropped here (rate-limit.ts);
 * - one ADD per distinct visitor on their visitor mark, which answers their views today, so each
 *   visitor counts once per day and single-page visitors are told apart (visitor-mark.ts);
 * - one ADD on the day's totals (pageViews, visitors, singlePageVisitors), which also answers
 *   how many distinct paths and referrers the day already has;
 * - one ADD per distinct page, referrer, country and device on its own counter item
 *   (db/entities/analytics-count.ts). Pages and referrers are capped per day (MAX_DAY_PAGES,
 *   MAX_DAY_REFERRERS): a value the day does not have yet takes a slot on the totals item, and
 *   once the slots are gone it counts under "(other)".
 *
 * A view's cost is therefore its visitor mark plus its share of the batch's counter writes,
 * whatever the site's variety or traffic. Each message is counted once: the consumer claims its
 * "counted" marker first (counted-marker.ts), so a message delivered again is skipped.
 */
import { DEVICE_TYPES, OTHER_KEY } from "../contracts/analytics";
import * as z from "../contracts/zod";
import { type CountDimension, db, isConditionFailure } from "../db/service";
import { takeViews } from "./rate-limit";
import { markViews } from "./visitor-mark";

/** Distinct paths and referring hosts a site may have per day; further new ones are "(other)". */
export const MAX_DAY_PAGES = 200;
export const MAX_DAY_REFERRERS = 100;

/**
 * What the collect endpoint puts on the queue for one accepted view: already reduced to what
 * the counters need (no address, no user agent: the visitor is a daily salted hash).
 */
export const queuedViewSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  siteId: z.string().check(z.minLength(1)),
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  visitor: z.string().check(z.minLength(1)),
  path: z.string().check(z.minLength(1)),
  referrer: z.optional(z.string().check(z.minLength(1))),
  country: z.string().check(z.minLength(1)),
  device: z.enum(DEVICE_TYPES),
  /** "HH:MM" UTC of the view, and the hash of its client address: the rate limit's key. */
  minute: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
  address: z.string().check(z.minLength(1)),
});
export type QueuedView = z.infer<typeof queuedViewSchema>;

/** Writes in flight at once per batch: enough to hide latency, few enough to spare the table. */
const PARALLEL_WRITES = 16;

async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_WRITES, items.length) }, worker));
}

function tally(values: Iterable<string | undefined>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) {
    if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/** How the views of one site on one day change its visitor figures. */
async function countVisitors(siteId: string, day: string, views: readonly QueuedView[]) {
  let visitors = 0;
  let singlePageVisitors = 0;
  await inParallel([...tally(views.map((v) => v.visitor))], async ([hash, n]) => {
    const total = await markViews({ siteId, day, hash }, n);
    const before = total - n;
    // A visitor counts once per day; they stop being a single-page visitor at their second view.
    if (before === 0) visitors += 1;
    if (before === 0 && total === 1) singlePageVisitors += 1;
    if (before === 1) singlePageVisitors -= 1;
  });
  return { visitors, singlePageVisitors };
}

async function addToCounter(
  key: { siteId: string; day: string; dimension: CountDimension; key: string },
  views: number,
  onlyIfThere = false,
): Promise<boolean> {
  const write = db.entities.analyticsCount.update(key).add({ views });
  try {
    await (onlyIfThere ? write.where((a, op) => op.exists(a.views)) : write).go({
      response: "none",
    });
    return true;
  } catch (error) {
    if (onlyIfThere && isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Adds capped values (pages or referrers): known ones as they are, new ones while the day has
 * slots (`slotsUsed` of `cap`), the rest under "(other)".
 */
async function addCapped(
  base: { siteId: string; day: string; dimension: "page" | "referrer" },
  counts: Map<string, number>,
  claimSlots: (n: number) => Promise<boolean>,
  slotsUsed: number,
  cap: number,
) {
  const fresh: [string, number][] = [];
  await inParallel([...counts], async ([value, n]) => {
    if (value === OTHER_KEY || (await addToCounter({ ...base, key: value }, n, true))) return;
    fresh.push([value, n]);
  });
  if (fresh.length === 0) return;
  // Most-viewed first, so the slots left go to the values that matter most to the report.
  fresh.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  let room = Math.max(0, Math.min(cap - slotsUsed, fresh.length));
  // Another batch may have taken slots since the totals were read: then all fold this time.
  if (room > 0 && !(await claimSlots(room))) room = 0;
  let other = counts.get(OTHER_KEY) ?? 0;
  const kept = fresh.slice(0, room);
  for (const [, n] of fresh.slice(room)) other += n;
  await inParallel(kept, ([value, n]) => addToCounter({ ...base, key: value }, n).then(() => {}));
  if (other > 0) await addToCounter({ ...base, key: OTHER_KEY }, other);
}

/** The views within their address's allowance for their minute, in the order they came. */
async function withinRateLimit(siteId: string, day: string, views: readonly QueuedView[]) {
  const byClient = new Map<string, QueuedView[]>();
  for (const view of views) {
    const id = `${view.minute}\u0000${view.address}`;
    const list = byClient.get(id);
    if (list) list.push(view);
    else byClient.set(id, [view]);
  }
  const kept: QueuedView[] = [];
  await inParallel([...byClient.values()], async (list) => {
    const first = list[0] as QueuedView;
    const allowed = await takeViews(
      { siteId, day, minute: first.minute, addressHash: first.address },
      list.length,
    );
    kept.push(...list.slice(0, allowed));
  });
  return kept;
}

/** Adds the views of one site on one day; answers how many were past their rate limit. */
async function addDay(userId: string, siteId: string, day: string, all: readonly QueuedView[]) {
  const views = await withinRateLimit(siteId, day, all);
  if (views.length === 0) return all.length;
  const { visitors, singlePageVisitors } = await countVisitors(siteId, day, views);
  const dayKey = { userId, siteId, day };
  // ADDing 0 to the slot counts makes the answer carry them.
  const { data: totals } = await db.entities.analyticsDay
    .update(dayKey)
    .add({ pageViews: views.length, visitors, singlePageVisitors, pageKeys: 0, referrerKeys: 0 })
    .go({ response: "updated_new" });

  const base = { siteId, day };
  const capped = [
    { dimension: "page", slots: "pageKeys", cap: MAX_DAY_PAGES, of: (v: QueuedView) => v.path },
    {
      dimension: "referrer",
      slots: "referrerKeys",
      cap: MAX_DAY_REFERRERS,
      of: (v: QueuedView) => v.referrer,
    },
  ] as const;
  // Countries (ISO codes or "unknown") and device types are few by nature: no cap.
  const uncapped = [
    { dimension: "country", of: (v: QueuedView) => v.country },
    { dimension: "device", of: (v: QueuedView) => v.device },
  ] as const;
  await Promise.all([
    ...capped.map(({ dimension, slots, cap, of }) =>
      addCapped(
        { ...base, dimension },
        tally(views.map(of)),
        async (n) => {
          try {
            await db.entities.analyticsDay
              .patch(dayKey)
              .add({ [slots]: n })
              .where((a, op) => op.lte(a[slots], cap - n))
              .go({ response: "none" });
            return true;
          } catch (error) {
            if (isConditionFailure(error)) return false;
            throw error;
          }
        },
        totals[slots] ?? 0,
        cap,
      ),
    ),
    ...uncapped.map(({ dimension, of }) =>
      inParallel([...tally(views.map(of))], ([key, n]) =>
        addToCounter({ ...base, dimension, key }, n).then(() => {}),
      ),
    ),
  ]);
  return all.length - views.length;
}

export interface AggregateResult {
  views: number;
  /** Views past their address's allowance for the minute: not counted (rate-limit.ts). */
  overLimit: number;
  /** Site-days whose writes failed: their views are lost, never counted twice. */
  failed: { siteId: string; day: string; views: number; error: string }[];
}

/** Adds a batch of accepted views to the counters, site-day by site-day. */
export async function aggregateViews(views: readonly QueuedView[]): Promise<AggregateResult> {
  const groups = new Map<string, QueuedView[]>();
  for (const view of views) {
    const id = `${view.userId}\u0000${view.siteId}\u0000${view.day}`;
    const group = groups.get(id);
    if (group) group.push(view);
    else groups.set(id, [view]);
  }
  const failed: AggregateResult["failed"] = [];
  let overLimit = 0;
  for (const group of groups.values()) {
    const first = group[0] as QueuedView;
    try {
      overLimit += await addDay(first.userId, first.siteId, first.day, group);
    } catch (error) {
      failed.push({
        siteId: first.siteId,
        day: first.day,
        views: group.length,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { views: views.length, overLimit, failed };
}
