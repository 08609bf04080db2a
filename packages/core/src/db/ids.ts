/** Item ids: ULIDs, so an id also sorts by creation time and a sort key of ids is a time line. */
import { encodeTime, monotonicFactory } from "ulid";

// Monotonic: two ids made in the same millisecond by this process still sort in creation order,
// which is what keeps a ticket's messages "oldest first" when replies arrive back to back.
const next = monotonicFactory();

export function newId(): string {
  return next();
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
