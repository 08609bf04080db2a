/**
 * Caps on what a customer keeps in the Developer section (docs/developer-api.md, "Limits"):
 * webhook endpoints and unrevoked API keys; and on an account's pending invitations
 * (team/invitation-records.ts). A cap checked by counting and then creating lets
 * two requests at once both pass it, so each create first reserves a place on a per-customer
 * counter with a conditional ADD (DynamoDB applies one at a time: the 17th reservation fails
 * however many arrive together), and gives it back if the create then fails.
 *
 * The counter lives in a key space of its own (no ElectroDB entity reads it). A customer who
 * had endpoints or keys before counters existed gets one initialised from a count of them. A
 * request that died between reserving and creating leaves the counter one too high; when the
 * counter says full and its last reservation is older than any create takes (STALE_AFTER_MS),
 * the real items are counted and the counter is set to that count.
 */
import { DeleteCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { documentClient, tableName } from "../db/client";
import { conditionalUpdate } from "../db/conditional-update";
import { UnprocessableError } from "../errors";

/** What is counted: the Developer section's, and a team's pending invitations (docs/team.md). */
export type Counted = "webhooks" | "apiKeys" | "pendingInvitations";

/** A reservation this old has either been created or died: the counter may be corrected. */
const STALE_AFTER_MS = 60_000;

export interface Quota {
  counted: Counted;
  max: number;
  /** How many the customer holds, counted from the items themselves. */
  countItems(userId: string): Promise<number>;
  /** The refusal a person reads when the cap is reached. */
  fullMessage: string;
  /**
   * Gives back the places of items that stopped counting without a request (expired
   * invitations), each at most once; called when the cap refuses, before one more try.
   */
  releaseLapsed?(userId: string, now: Date): Promise<void>;
}

function counterKey(userId: string) {
  return { pk: `$portal#developerCounts#userId_${userId}`, sk: "$developerCounts" };
}

async function readCounter(userId: string, counted: Counted): Promise<number | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: counterKey(userId),
      ConsistentRead: true,
    }),
  );
  const value = Item?.[counted];
  return typeof value === "number" ? value : undefined;
}

/**
 * One conditional write on the counter (`#n` its count, `#at` the time of its last
 * reservation); false when the condition did not hold.
 */
function writeCounter(
  userId: string,
  counted: Counted,
  update: string,
  condition: string,
  values: Record<string, number>,
): Promise<boolean> {
  return conditionalUpdate({
    key: counterKey(userId),
    update,
    condition,
    names: { "#n": counted, "#at": `${counted}At` },
    values,
  });
}

/** Takes one place under the cap, or throws UnprocessableError when there is none. */
async function reserve(userId: string, quota: Quota, now: number): Promise<void> {
  const { counted, max } = quota;
  // A few rounds at most: each lost round means another writer changed the counter.
  for (let round = 0; round < 3; round++) {
    const current = await readCounter(userId, counted);
    if (current === undefined) {
      const held = await quota.countItems(userId);
      if (held >= max) throw new UnprocessableError(quota.fullMessage);
      const first = "SET #n = :next, #at = :now";
      const values = { ":next": held + 1, ":now": now };
      if (await writeCounter(userId, counted, first, "attribute_not_exists(#n)", values)) return;
      continue;
    }
    const add = "ADD #n :one SET #at = :now";
    if (
      await writeCounter(userId, counted, add, "#n < :max", { ":one": 1, ":max": max, ":now": now })
    ) {
      return;
    }
    // Full by the counter: correct it only if its last reservation is long over, so a
    // create still in progress is never mistaken for a lost one.
    const held = await quota.countItems(userId);
    if (held >= max) throw new UnprocessableError(quota.fullMessage);
    const corrected = await writeCounter(userId, counted, "SET #n = :held", "#at < :cutoff", {
      ":held": held,
      ":cutoff": now - STALE_AFTER_MS,
    });
    if (!corrected) throw new UnprocessableError(quota.fullMessage);
  }
  throw new UnprocessableError(quota.fullMessage);
}

/** Gives one place back (an item was removed, or its create failed); never below zero. */
export async function release(userId: string, counted: Counted): Promise<void> {
  await writeCounter(userId, counted, "ADD #n :minus", "#n > :zero", { ":minus": -1, ":zero": 0 });
}

/**
 * Runs `create` in a place reserved under the cap; the place is given back if it throws. When
 * the cap refuses and the quota has lapsed items, their places are given back and the
 * reservation tried once more.
 */
export async function createWithin<T>(
  userId: string,
  quota: Quota,
  create: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  try {
    await reserve(userId, quota, now);
  } catch (error) {
    if (!(error instanceof UnprocessableError) || !quota.releaseLapsed) throw error;
    await quota.releaseLapsed(userId, new Date(now));
    await reserve(userId, quota, now);
  }
  try {
    return await create();
  } catch (error) {
    await release(userId, quota.counted);
    throw error;
  }
}

/**
 * Removes the customer's counters: for erasing a customer, whose items these counted. The
 * counter is outside the customer's partition, so a partition-wide erase does not find it.
 */
export async function forgetCounters(userId: string): Promise<void> {
  await documentClient().send(
    new DeleteCommand({ TableName: tableName(), Key: counterKey(userId) }),
  );
}
