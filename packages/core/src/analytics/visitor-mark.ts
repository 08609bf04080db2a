/**
 * One short-lived item per visitor hash, site and day: how many pages that visitor viewed
 * today (so the day's aggregate can count each visitor once and tell single-page visitors
 * apart) and how many in the current minute (the rate limit).
 *
 * Why the table and not memory: a site's page views land on many Lambda containers at once, so
 * a per-container counter would let N containers each accept the limit; the count here is exact
 * and rides on the write that is needed anyway to count distinct visitors. The item holds no
 * address and no timeline (only the current minute), and expires through the table's TTL
 * (`expiresAt`) the day after its day ends.
 *
 * Raw UpdateItem rather than an ElectroDB entity: the rate limit is a condition on the same
 * write, which must fail as a whole when the visitor is over the limit (nothing counted).
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Table } from "sst/node/table";
import { documentClient } from "../db/client";
import { isConditionFailure } from "../db/errors";
import { RateLimitError } from "../errors";

/** Page views one visitor may send to one site per minute; a person browsing sends a few. */
export const VIEWS_PER_MINUTE = 60;

/** TTL attribute of the table (stacks/Storage.ts `timeToLiveAttribute`). */
export const EXPIRES_AT = "expiresAt";

export interface MarkInput {
  siteId: string;
  day: string;
  hash: string;
  /** "HH:MM" UTC of the page view. */
  minute: string;
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

const names = { "#views": "views", "#minute": "minute", "#minuteViews": "minuteViews" };

/**
 * Counts one page view for the visitor and answers how many they have viewed today, this one
 * included. Throws RateLimitError, having changed nothing, when the visitor is over the limit.
 */
export async function markView(input: MarkInput): Promise<number> {
  const TableName = Table.Main.tableName;
  // Same minute as the last view (the common case): one conditional write.
  const sameMinute = () =>
    documentClient.send(
      new UpdateCommand({
        TableName,
        Key: key(input),
        UpdateExpression: "ADD #views :one, #minuteViews :one",
        ConditionExpression: "#minute = :minute AND #minuteViews < :limit",
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ":one": 1,
          ":minute": input.minute,
          ":limit": VIEWS_PER_MINUTE,
        },
        ReturnValues: "UPDATED_NEW",
      }),
    );
  // First view of the day or of a new minute: start the minute's count.
  const newMinute = () =>
    documentClient.send(
      new UpdateCommand({
        TableName,
        Key: key(input),
        UpdateExpression:
          "SET #minute = :minute, #minuteViews = :one, #expires = :expires ADD #views :one",
        ConditionExpression: "attribute_not_exists(#minute) OR #minute <> :minute",
        ExpressionAttributeNames: { ...names, "#expires": EXPIRES_AT },
        ExpressionAttributeValues: {
          ":one": 1,
          ":minute": input.minute,
          ":expires": expiryFor(input.day),
        },
        ReturnValues: "UPDATED_NEW",
      }),
    );

  // Two requests of one visitor may race over the minute switch; each attempt either counts or
  // learns which case holds, so three attempts always settle it.
  const attempts = [sameMinute, newMinute, sameMinute];
  for (const attempt of attempts) {
    try {
      const { Attributes } = await attempt();
      return Number(Attributes?.views);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // The minute is this one and its count is at the limit.
  throw new RateLimitError("Too many page views from this visitor; try again in a minute");
}
