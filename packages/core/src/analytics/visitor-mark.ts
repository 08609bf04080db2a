/**
 * One short-lived item per visitor hash, site and day: how many pages that visitor viewed
 * today, so the day's aggregate can count each visitor once and tell single-page visitors
 * apart. The item holds no address and no timeline, and expires through the table's TTL
 * (`expiresAt`) the day after its day ends.
 *
 * The rate limit is not here: it counts by client address, not by visitor (rate-limit.ts).
 *
 * Raw UpdateItem rather than an ElectroDB entity: the atomic ADD answers the new count in the
 * same write, and no ElectroDB entity reads these items.
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { documentClient, tableName } from "../db/client";

/** TTL attribute of the table (stacks/Storage.ts `timeToLiveAttribute`). */
export const EXPIRES_AT = "expiresAt";

export interface MarkInput {
  siteId: string;
  day: string;
  hash: string;
}

function key({ siteId, day, hash }: MarkInput) {
  // Its own key space ("$portal#analyticsVisitor#…"): no ElectroDB entity reads these items.
  return {
    pk: `$portal#analyticsVisitor#siteId_${siteId}#day_${day}#visitor_${hash}`,
    sk: "$analyticsVisitor",
  };
}

/** Epoch seconds at the end of the day after `day`. */
export function expiryFor(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86_400;
}

/**
 * ADDs `views` to the `views` of an item in a key space of its own (marks, rate counters) and
 * answers the new total, in one write; the item expires through TTL the day after `day`.
 */
export async function addExpiringViews(
  itemKey: { pk: string; sk: string },
  day: string,
  views: number,
): Promise<number> {
  const { Attributes } = await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: itemKey,
      UpdateExpression: "SET #expires = :expires ADD #views :n",
      ExpressionAttributeNames: { "#views": "views", "#expires": EXPIRES_AT },
      ExpressionAttributeValues: { ":n": views, ":expires": expiryFor(day) },
      ReturnValues: "UPDATED_NEW",
    }),
  );
  return Number(Attributes?.views);
}

/**
 * Counts `views` page views for the visitor and answers how many they have viewed today, these
 * included (the consumer adds a batch's views of one visitor at once).
 */
export function markViews(input: MarkInput, views = 1): Promise<number> {
  return addExpiringViews(key(input), input.day, views);
}
