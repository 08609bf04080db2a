/**
 * One short-lived "counted" marker per page-view message (docs/analytics.md, "Write path"): the
 * consumer claims a message's marker with a conditional write before it counts the view, so a
 * message SQS delivers again (a throttled or crashed invocation, a timeout, SQS's own at-least-
 * once delivery) is seen as counted and skipped: a view is never counted twice, and the queue can
 * give a batch more than one receive.
 *
 * Raw UpdateItem in a key space of its own, as the visitor marks (visitor-mark.ts): the page-views
 * consumer may only UpdateItem (grant `table:count-views`), and no ElectroDB entity reads these.
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { documentClient, tableName } from "../db/client";
import { isConditionFailure } from "../db/errors";
import { EXPIRES_AT } from "./visitor-mark";

/**
 * How long a marker is kept: past the longest a message can live on the queue (SQS's default
 * retention of 4 days; stacks/queues.ts sets no other), so every redelivery finds it.
 */
export const COUNTED_MARKER_SECONDS = 5 * 86_400;

/** Claims running at once per batch, as the counters' writes (aggregate.ts). */
const PARALLEL = 16;

function key(messageId: string) {
  return {
    pk: `$portal#pageViewCounted#message_${messageId}`,
    sk: "$pageViewCounted",
  };
}

export interface Claims {
  /** Not counted before: count them now. */
  claimed: Set<string>;
  /** Counted (or being counted) by an earlier delivery: skip them. */
  seen: Set<string>;
  /** The claim's write failed (throttled): hand them back to the queue. */
  failed: Set<string>;
}

/** Claims each message's marker with a conditional write. */
export async function claimMessages(
  messageIds: readonly string[],
  now = Date.now(),
): Promise<Claims> {
  const claims: Claims = { claimed: new Set(), seen: new Set(), failed: new Set() };
  const expires = Math.floor(now / 1000) + COUNTED_MARKER_SECONDS;
  let next = 0;
  const worker = async () => {
    while (next < messageIds.length) {
      const id = messageIds[next++] as string;
      try {
        await documentClient().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key(id),
            UpdateExpression: "SET #expires = :expires",
            ConditionExpression: "attribute_not_exists(pk)",
            ExpressionAttributeNames: { "#expires": EXPIRES_AT },
            ExpressionAttributeValues: { ":expires": expires },
          }),
        );
        claims.claimed.add(id);
      } catch (error) {
        if (isConditionFailure(error)) claims.seen.add(id);
        else claims.failed.add(id);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, messageIds.length) }, worker));
  return claims;
}
