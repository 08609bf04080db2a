/**
 * Activities that billing records from Stripe webhooks. Stripe redelivers and our handler may
 * fail half-way and be retried, so each activity's id is derived from what caused it (the
 * event, the payment): recording it again is a conditional create that finds it there.
 */
import { createHash } from "node:crypto";
import { encodeTime } from "ulid";
import type { ActivityType } from "../activities/index";
import { isConditionFailure } from "../db/errors";
import { db } from "../db/service";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A ULID whose time part is when it happened (so the feed stays in time order) and whose
 * random part comes from `cause`: the same cause always yields the same id.
 */
export function activityIdFor(cause: string, atSeconds: number): string {
  const digest = createHash("sha256").update(cause).digest();
  let tail = "";
  for (let i = 0; i < 16; i++) tail += CROCKFORD[(digest[i] ?? 0) % 32];
  return `${encodeTime(atSeconds * 1000, 10)}${tail}`;
}

export async function recordOnce(
  userId: string,
  cause: { key: string; atSeconds: number },
  activity: { type: ActivityType; description: string; siteId?: string },
): Promise<void> {
  try {
    await db.entities.activity
      .create({ userId, activityId: activityIdFor(cause.key, cause.atSeconds), ...activity })
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
