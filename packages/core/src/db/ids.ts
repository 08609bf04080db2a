/** Item ids: ULIDs, so an id also sorts by creation time and a sort key of ids is a time line. */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { encodeTime, monotonicFactory } from "ulid";

// Monotonic: two ids made in the same millisecond by this process still sort in creation order,
// which is what keeps a ticket's messages "oldest first" when replies arrive back to back.
const next = monotonicFactory();

/** The ids of a request sent with an Idempotency-Key: its seed, its time, how many it made. */
const repeatable = new AsyncLocalStorage<{ seed: string; time: number; made: number }>();

/**
 * Runs `work` with repeatable ids: the n-th id it makes depends only on `seed` and n, its time
 * part is `time`. A request sent again with the same Idempotency-Key after its first run's end
 * is unknown (docs/security.md, "Idempotency keys") runs with the same seed and time, so each
 * item it writes has the id the first run gave it: a put lands on the same item, a create
 * meets the first run's item instead of adding a second.
 */
export function withRepeatableIds<T>(seed: string, time: number, work: () => Promise<T>) {
  return repeatable.run({ seed, time, made: 0 }, work);
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function newId(): string {
  const ids = repeatable.getStore();
  if (!ids) return next();
  const n = ids.made++;
  // 16 random characters: two for n (so a request's ids sort in the order it made them),
  // fourteen from a hash of the seed and n.
  const digest = createHash("sha256").update(`${ids.seed}\n${n}`).digest();
  const symbols = [(n >> 5) & 31, n & 31, ...[...digest.subarray(0, 14)].map((b) => b & 31)];
  const random = symbols.map((s) => CROCKFORD.charAt(s)).join("");
  return encodeTime(ids.time, 10) + random;
}

const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

/**
 * Whether a value from a request (a path parameter, a body field) has the shape of one of our
 * ids. Checking before a lookup turns garbage into a plain 404, and keeps a caller from feeding
 * key separators into a sort-key prefix.
 */
export function isId(value: unknown): value is string {
  return typeof value === "string" && ULID.test(value);
}

/**
 * The smallest id that can be made at `date`: every id created at or after that moment sorts
 * at or after it. Used as a sort-key bound ("jobs created in the last hour").
 */
export function idFloor(date: Date): string {
  return `${encodeTime(date.getTime(), 10)}${"0".repeat(16)}`;
}
