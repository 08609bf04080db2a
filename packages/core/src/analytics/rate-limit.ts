/**
 * The page-view rate limit (docs/analytics.md): at most VIEWS_PER_MINUTE views of one site per
 * minute from one client address (an IPv4 address, or an IPv6 /64), whatever user agent the
 * sender claims. The key is the address hash (visitor-hash.ts `addressHash`), never the
 * address itself.
 *
 * Why the table and not memory: a site's page views land on many Lambda containers at once, so
 * a per-container counter would let N containers each accept the limit. One item per address,
 * site and minute: the first view of the minute creates it, so one conditional ADD does the
 * whole check with no read and no retry, and a refused view changes nothing. Items expire
 * through the table's TTL the day after their day.
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Table } from "sst/node/table";
import { documentClient } from "../db/client";
import { isConditionFailure } from "../db/errors";
import { RateLimitError } from "../errors";
import { EXPIRES_AT, expiryFor } from "./visitor-mark";

/** Page views one client address may send to one site per minute; a person browsing sends a few. */
export const VIEWS_PER_MINUTE = 60;

export interface RateInput {
  siteId: string;
  day: string;
  /** "HH:MM" UTC of the page view. */
  minute: string;
  /** addressHash() of the client address and the site. */
  addressHash: string;
}

/** The key of the rate item: its own key space, read by nothing but this write. */
export function rateKey({ siteId, day, minute, addressHash }: RateInput) {
  return {
    pk: `$portal#analyticsRate#siteId_${siteId}#day_${day}#minute_${minute}#address_${addressHash}`,
    sk: "$analyticsRate",
  };
}

/** Counts one view against the address's allowance; throws RateLimitError, changing nothing, past it. */
export async function takeView(input: RateInput): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: Table.Main.tableName,
        Key: rateKey(input),
        UpdateExpression: "SET #expires = :expires ADD #views :one",
        ConditionExpression: "attribute_not_exists(#views) OR #views < :limit",
        ExpressionAttributeNames: { "#views": "views", "#expires": EXPIRES_AT },
        ExpressionAttributeValues: {
          ":one": 1,
          ":limit": VIEWS_PER_MINUTE,
          ":expires": expiryFor(input.day),
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw new RateLimitError("Too many page views from this address; try again in a minute");
  }
}
