/**
 * Each webhook attempt is posted once, however many queue messages carry it
 * (docs/developer-api.md "Delivered once"). SQS delivers at least once, and the events
 * consumer fans an event out again when the event itself comes back (a crash or restart after
 * the fan-out, before the event was deleted): the second message for an attempt already made
 * finds the marker the first one wrote once the attempt was settled (logged, and its retry
 * queued or the endpoint's failures counted), and posts nothing. An attempt that crashed
 * before it was settled left no marker: SQS's redelivery makes it again, as before.
 *
 * A person's "Redeliver" is a new send each time it is asked for, so it is never skipped.
 */

import { isConditionFailure } from "../db/errors";
import { db } from "../db/service";

interface AttemptKey {
  webhookId: string;
  messageId: string;
  attempt: number;
  trigger: "event" | "test" | "redeliver";
}

/** Whether this attempt was made already (consistent read: a marker written a moment ago counts). */
export async function alreadyAttempted(message: AttemptKey): Promise<boolean> {
  if (message.trigger === "redeliver") return false;
  const { webhookId, messageId, attempt } = message;
  const { data } = await db.entities.webhookAttempt
    .get({ webhookId, messageId, attempt })
    .go({ consistent: true });
  return data !== null;
}

/** Marks the attempt made and settled, with what came of it. */
export async function markAttempted(message: AttemptKey, outcome: string, expiresAt: number) {
  if (message.trigger === "redeliver") return;
  const { webhookId, messageId, attempt } = message;
  try {
    await db.entities.webhookAttempt
      .create({ webhookId, messageId, attempt, outcome, expiresAt })
      .go();
  } catch (error) {
    // Two messages for one attempt ran at the same moment: the first marker stands.
    if (!isConditionFailure(error)) throw error;
  }
}
