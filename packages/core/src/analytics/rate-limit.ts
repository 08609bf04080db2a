/**
 * The page-view rate limit (docs/analytics.md): at most VIEWS_PER_MINUTE views of one site per
 * minute from one client address (an IPv4 address, or an IPv6 /64) are counted, whatever user
 * agent the sender claims. The key is the address hash (visitor-hash.ts `addressHash`), never
 * the address itself.
 *
 * It is applied where views are counted, by the page-views consumer (aggregate.ts), not at the
 * endpoint: the endpoint's one call is its SendMessage, and a batch's views of one address and
 * minute cost one ADD here instead of one each.
 *
 * Why the table and not memory: a site's views land on many consumer invocations, so a
 * per-container counter would let each grant the limit. One item per address, site and minute;
 * items expire through the table's TTL the day after their day.
 */
import { addExpiringViews } from "./visitor-mark";

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

/**
 * Counts `views` views of one address, site and minute against the allowance (one ADD, which
 * answers the minute's total) and answers how many of them are within it: the first
 * VIEWS_PER_MINUTE of the minute are, later ones are not counted anywhere else.
 */
export async function takeViews(input: RateInput, views: number): Promise<number> {
  const before = (await addExpiringViews(rateKey(input), input.day, views)) - views;
  return Math.max(0, Math.min(views, VIEWS_PER_MINUTE - before));
}
