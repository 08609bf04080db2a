/**
 * Adding one counted page view to its site's day item (db/entities/analytics-day.ts), with the
 * item's size bounded (docs/analytics.md): at most MAX_DAY_PAGES distinct paths and
 * MAX_DAY_REFERRERS distinct referring hosts get a key of their own per day; views of further
 * new paths and hosts count under "(other)". Keys already on the item keep counting as they
 * are. Every write to an item costs one write unit per KB of the whole item, and the report
 * reads every day item of its range, so an unbounded item would make each view dearer.
 */
import type { DeviceType } from "../contracts/analytics";
import { OTHER_KEY } from "../contracts/analytics";
import { db, encodeAnalyticsKey, isConditionFailure } from "../db/service";

/**
 * Distinct keys per day item. A key is at most 120 bytes (page-view.ts MAX_KEY_BYTES), 241
 * characters once encoded, so even an item filled with the longest keys stays near 80 KB, a
 * fifth of DynamoDB's 400 KB; a site's usual short paths take a few KB.
 */
export const MAX_DAY_PAGES = 200;
export const MAX_DAY_REFERRERS = 100;

export interface DayIncrement {
  path: string;
  referrer: string | undefined;
  country: string;
  device: DeviceType;
  newVisitor: boolean;
  singlePageChange: number;
}

interface DayKey {
  userId: string;
  siteId: string;
  day: string;
}

const CACHE_LIMIT = 10_000;
/** Day items known to exist ("siteId#day"), so the common case is one write, not two. */
const knownDays = new Set<string>();

const OTHER = encodeAnalyticsKey(OTHER_KEY);

/**
 * One atomic update of the day's item: ADD to the counters and to the map keys, on the
 * condition that each key is already there or its map still has room. DynamoDB cannot ADD into
 * a map that does not exist yet, so a missing day is created first (a conflict means another
 * request just did), then the update is tried again.
 */
export async function addToDay(key: DayKey, inc: DayIncrement): Promise<void> {
  const dayKey = `${key.siteId}#${key.day}`;
  const pathKey = encodeAnalyticsKey(inc.path);
  const referrerKey = inc.referrer ? encodeAnalyticsKey(inc.referrer) : undefined;

  if (!knownDays.has(dayKey)) await createDay(key);
  try {
    await addWithinCap(key, inc, pathKey, referrerKey);
  } catch (error) {
    if (isMissingMap(error)) {
      // Our memory said the day existed, but it was deleted (the site's analytics with it).
      await createDay(key);
      await addWithinCap(key, inc, pathKey, referrerKey);
    } else if (isItemTooLarge(error)) {
      // Only an item grown before the cap existed can be this large: "(other)" adds no key.
      await update(key, inc, OTHER, referrerKey ? OTHER : undefined);
    } else {
      throw error;
    }
  }
  if (knownDays.size >= CACHE_LIMIT) knownDays.clear();
  knownDays.add(dayKey);
}

/**
 * Tries the view's own keys first; when a map has no room for a new key, that key folds into
 * "(other)". A refused condition does not say which map was full, so the keys are folded one
 * at a time: at most four writes, and only on a day that has filled a map.
 */
async function addWithinCap(
  key: DayKey,
  inc: DayIncrement,
  pathKey: string,
  referrerKey: string | undefined,
) {
  const attempts: [string, string | undefined][] = [[pathKey, referrerKey]];
  if (pathKey !== OTHER) attempts.push([OTHER, referrerKey]);
  if (referrerKey && referrerKey !== OTHER) {
    attempts.push([pathKey, OTHER]);
    if (pathKey !== OTHER) attempts.push([OTHER, OTHER]);
  }
  for (const [i, [page, referrer]] of attempts.entries()) {
    try {
      return await update(key, inc, page, referrer);
    } catch (error) {
      // A write that kept its own keys can still be refused by the other map: try the next.
      if (!isConditionFailure(error) || i === attempts.length - 1) throw error;
    }
  }
}

/** One update; counts a key as new when the old item did not have it (UPDATED_OLD). */
async function update(key: DayKey, inc: DayIncrement, page: string, referrer: string | undefined) {
  const write = db.entities.analyticsDay
    .update(key)
    .data(
      (
        { pageViews, visitors, singlePageVisitors, pages, countries, devices, referrers },
        { add },
      ) => {
        add(pageViews, 1);
        if (inc.newVisitor) add(visitors, 1);
        if (inc.singlePageChange !== 0) add(singlePageVisitors, inc.singlePageChange);
        add(pages[page], 1);
        // Country codes, "unknown" and device names are letters only: safe as they are.
        add(countries[inc.country], 1);
        add(devices[inc.device], 1);
        if (referrer) add(referrers[referrer], 1);
      },
    );
  const capPage = page !== OTHER;
  const capReferrer = referrer !== undefined && referrer !== OTHER;
  // "(other)" is always allowed; any other key must be there already or fit under its cap.
  // Items written before the cap have no key counts: they count from zero.
  const conditional =
    capPage || capReferrer
      ? write.where(({ pages, referrers, pageKeys, referrerKeys }, op) =>
          [
            capPage
              ? `(${op.exists(pages[page])} OR ${op.notExists(pageKeys)} OR ${op.lt(pageKeys, MAX_DAY_PAGES)})`
              : "",
            capReferrer && referrer
              ? `(${op.exists(referrers[referrer])} OR ${op.notExists(referrerKeys)} OR ${op.lt(referrerKeys, MAX_DAY_REFERRERS)})`
              : "",
          ]
            .filter(Boolean)
            .join(" AND "),
        )
      : write;
  const { data: old } = await conditional.go({ response: "updated_old" });

  // Capped keys the item did not have before this write: count them (a second ADD; "(other)"
  // is not counted, it takes no room from the cap).
  const newPage = capPage && !(old.pages && page in old.pages) ? 1 : 0;
  const newReferrer = capReferrer && !(old.referrers && referrer in old.referrers) ? 1 : 0;
  if (newPage || newReferrer) {
    try {
      await db.entities.analyticsDay
        .patch(key)
        .add({ pageKeys: newPage, referrerKeys: newReferrer })
        .go({ response: "none" });
    } catch (error) {
      // The day was deleted in between (with the site's analytics): nothing left to count.
      if (!isConditionFailure(error)) throw error;
    }
  }
}

async function createDay(key: DayKey) {
  try {
    await db.entities.analyticsDay.create(key).go({ response: "none" });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

function errorText(error: unknown): string {
  let text = "";
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth++) {
    text += ` ${current.message}`;
    current = current.cause;
  }
  return text;
}

/** DynamoDB's answer to ADD into a map the item does not have (the item is missing). */
function isMissingMap(error: unknown): boolean {
  return /document path provided in the update expression is invalid/i.test(errorText(error));
}

function isItemTooLarge(error: unknown): boolean {
  return /item size (to update )?has exceeded the maximum allowed size/i.test(errorText(error));
}
