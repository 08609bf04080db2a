/**
 * Each webhook attempt is posted once, however many queue messages carry it
 * (docs/developer-api.md "Delivered once"). SQS delivers at least once, and the events
 * consumer fans an event out again when the event itself comes back (a crash or restart after
 * the fan-out, before the event was deleted), so two messages may carry one attempt, even at
 * the same moment.
 *
 * Before posting, the sender claims the attempt with a conditional create naming its queue
 * message. Another message finding the claim posts nothing: the attempt is done, or its holder
 * is at it, and if that holder dies, its own message comes back (SQS shows it again only after
 * its visibility timeout, longer than the sender's timeout), finds its own claim and takes it
 * over. A claim older than the sender's timeout is taken over by anyone, in case its message
 * is gone. A holder that fails before settling, or that has to wait for a sender slot, gives
 * the claim back, so the retry or the deferred message can take it.
 *
 * A person's "Redeliver" is a new send each time it is asked for, so it is never claimed.
 */
import { randomUUID } from "node:crypto";
import { isConditionFailure } from "../db/errors";
import { db } from "../db/service";
import { SLOT_LEASE_MS } from "./sender-limits";

interface AttemptKey {
  webhookId: string;
  messageId: string;
  attempt: number;
  trigger: "event" | "test" | "redeliver";
}

export interface AttemptClaim {
  /** The attempt is settled: later messages for it post nothing. */
  settle(outcome: string): Promise<void>;
  /** The attempt was not made (or not settled): the next message for it may make it. */
  release(): Promise<void>;
}

const UNCLAIMED: AttemptClaim = { settle: async () => {}, release: async () => {} };

function held(key: Pick<AttemptKey, "webhookId" | "messageId" | "attempt">, holder: string) {
  const entity = db.entities.webhookAttempt;
  return {
    async settle(outcome: string) {
      await entity
        .patch(key)
        .set({ state: "done", outcome })
        .where((attr, op) => op.eq(attr.claimedBy, holder))
        .go({ response: "none" })
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },
    async release() {
      await entity
        .delete(key)
        .where((attr, op) => `${op.eq(attr.claimedBy, holder)} AND ${op.eq(attr.state, "posting")}`)
        .go()
        .catch(() => undefined);
    },
  };
}

/**
 * Claims the attempt for the queue message `receipt` (its SQS message id); undefined when
 * another message has it or it is done.
 */
export async function claimAttempt(
  message: AttemptKey,
  receipt: string | undefined,
  expiresAt: number,
  now = Date.now(),
): Promise<AttemptClaim | undefined> {
  if (message.trigger === "redeliver") return UNCLAIMED;
  const key = {
    webhookId: message.webhookId,
    messageId: message.messageId,
    attempt: message.attempt,
  };
  const holder = receipt ?? randomUUID();
  const entity = db.entities.webhookAttempt;
  try {
    await entity
      .create({ ...key, state: "posting", claimedBy: holder, claimedAt: now, expiresAt })
      .go({ response: "none" });
    return held(key, holder);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { data: existing } = await entity.get(key).go({ consistent: true });
  if (!existing) return claimAttempt(message, receipt, expiresAt, now); // given back meanwhile
  if (existing.state === "done") return undefined;
  const backAgain = receipt !== undefined && existing.claimedBy === receipt;
  if (!backAgain && now - existing.claimedAt < SLOT_LEASE_MS) return undefined;
  try {
    await entity
      .patch(key)
      .set({ claimedBy: holder, claimedAt: now })
      .where(
        (attr, op) =>
          `${op.eq(attr.state, "posting")} AND ${op.eq(attr.claimedBy, existing.claimedBy)} AND ${op.eq(attr.claimedAt, existing.claimedAt)}`,
      )
      .go({ response: "none" });
    return held(key, holder);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return undefined; // someone else took it over first
  }
}
