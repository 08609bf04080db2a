/**
 * Idempotency keys of API writes (docs/security.md, "Idempotency keys"), kept per caller. The
 * first request with a key claims it with a lease (a conditional create), runs, and records its
 * answer; the same key sent again is answered that answer, and never runs the write again. A
 * key whose holder is gone (its Lambda timed out, or its answer could not be recorded) can be
 * claimed again once its lease ran out; that run makes the same ids as the first
 * (db/ids.ts, withRepeatableIds), so what the first one wrote is found, not written twice.
 */
import { randomUUID } from "node:crypto";
import { isConditionFailure } from "../db/errors";
import { db } from "../db/service";

/** How long a key is kept: a day after it was first sent, as the table's TTL removes it. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

/** An answer as recorded and replayed. */
export interface RecordedAnswer {
  status: number;
  contentType?: string;
  body: string;
}

export type KeyClaim =
  /** Run the request with repeatable ids from `firstAt`, then call `recordAnswer`. */
  | { kind: "run"; leaseId: string; firstAt: number }
  /** Answered before: send this answer again. */
  | { kind: "answered"; answer: RecordedAnswer }
  /** The key came with another request (method, path or body): refuse it. */
  | { kind: "mismatch" }
  /** Another request with the key is running now: try again after `retryAfterMs`. */
  | { kind: "running"; retryAfterMs: number };

interface Key {
  userId: string;
  keyHash: string;
}

/** Claims `key` for this request unless it was answered, or is held by a running one. */
export async function claimKey(
  key: Key,
  fingerprint: string,
  leaseMs: number,
  now = Date.now(),
): Promise<KeyClaim> {
  const leaseId = randomUUID();
  try {
    await db.entities.idempotencyKey
      .create({
        ...key,
        fingerprint,
        state: "running",
        leaseId,
        leaseUntil: now + leaseMs,
        firstAt: now,
        expiresAt: Math.floor(now / 1000) + IDEMPOTENCY_KEY_TTL_SECONDS,
      })
      .go();
    return { kind: "run", leaseId, firstAt: now };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { data: seen } = await db.entities.idempotencyKey.get(key).go({ consistent: true });
  // Removed in between (its TTL): the caller's next try claims it afresh.
  if (!seen) return { kind: "running", retryAfterMs: 1000 };
  if (seen.fingerprint !== fingerprint) return { kind: "mismatch" };
  if (seen.state === "done" && seen.status !== undefined) {
    return {
      kind: "answered",
      answer: { status: seen.status, contentType: seen.contentType, body: seen.body ?? "" },
    };
  }
  const leaseLeft = (seen.leaseUntil ?? 0) - now;
  if (leaseLeft > 0) return { kind: "running", retryAfterMs: leaseLeft };
  // Its holder is gone without an answer: take it over, once, with the first run's time.
  try {
    await db.entities.idempotencyKey
      .patch(key)
      .set({ leaseId, leaseUntil: now + leaseMs })
      .where((attr, op) =>
        [op.eq(attr.state, "running"), op.eq(attr.leaseId, seen.leaseId ?? "")].join(" AND "),
      )
      .go();
    return { kind: "run", leaseId, firstAt: seen.firstAt };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { kind: "running", retryAfterMs: 1000 };
  }
}

/** Records the answer of the request holding the key's lease; false if it no longer holds it. */
export async function recordAnswer(
  key: Key,
  leaseId: string,
  answer: RecordedAnswer,
): Promise<boolean> {
  try {
    await db.entities.idempotencyKey
      .patch(key)
      .set({
        state: "done",
        status: answer.status,
        body: answer.body,
        ...(answer.contentType ? { contentType: answer.contentType } : {}),
      })
      .remove(["leaseId", "leaseUntil"])
      .where((attr, op) => `${op.eq(attr.state, "running")} AND ${op.eq(attr.leaseId, leaseId)}`)
      .go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/** Every key a caller sent (the account's erasure removes them with it). */
export async function forgetKeys(userId: string): Promise<void> {
  const { data } = await db.entities.idempotencyKey.query
    .byKey({ userId })
    .go({ pages: "all", attributes: ["userId", "keyHash"] });
  if (data.length > 0) await db.entities.idempotencyKey.delete(data).go();
}
