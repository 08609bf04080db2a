/**
 * Ids computed from what is already stored instead of drawn at random, so that two submits of
 * one questionnaire (a double click, a retry after a crash, two tabs) name the same items and
 * a conditional `create` lets only one of them exist. dynalite has no transactions; this is
 * what makes the ordered writes idempotent.
 */
import { createHash } from "node:crypto";
import { encodeTime } from "ulid";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A ULID whose time part is `time` (so it still sorts by time among the other ids in its
 * partition) and whose 80 "random" bits come from a hash of `seed`.
 */
export function derivedId(time: number, seed: string): string {
  const digest = createHash("sha256").update(seed).digest();
  let tail = "";
  for (let i = 0; i < 16; i++) tail += CROCKFORD[(digest[i] ?? 0) % 32];
  return `${encodeTime(time, 10)}${tail}`;
}
