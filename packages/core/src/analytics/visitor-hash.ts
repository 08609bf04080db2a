/**
 * Counting distinct visitors without cookies and without storing addresses: a visitor is the
 * keyed hash of their IP address, user agent and the site, under a salt that changes every UTC
 * day. The same person on the same day gives the same hash; on the next day, or on another
 * site, an unrelated one, so nobody can be followed across days or sites.
 *
 * The salt is HMAC(secret, day): recomputed when needed and never written anywhere. The IP
 * address only passes through memory on its way into the hash.
 */
import { createHmac } from "node:crypto";

/** The UTC day of a moment, YYYY-MM-DD: the unit of the aggregates and of the salt. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A secret shorter than this is refused: the salt is only as strong as the secret. */
export const MIN_SECRET_LENGTH = 32;

export function dailySalt(secret: string, day: string): Buffer {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The analytics salt secret must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return createHmac("sha256", secret).update(`portal analytics salt ${day}`).digest();
}

export interface VisitorInput {
  secret: string;
  day: string;
  ip: string;
  userAgent: string;
  siteId: string;
}

/** 128 bits, base64url: plenty against collisions among one site's visitors on one day. */
export function visitorHash({ secret, day, ip, userAgent, siteId }: VisitorInput): string {
  return createHmac("sha256", dailySalt(secret, day))
    .update(`${ip}\u0000${userAgent}\u0000${siteId}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

export interface AddressInput {
  secret: string;
  day: string;
  /** clientAddressKey(ip): the IPv4 address, or the IPv6 /64. */
  address: string;
  siteId: string;
}

/**
 * The rate limit's key for a client address and a site (docs/analytics.md): like the visitor
 * hash, keyed with the day's salt so that no address is stored, but without the user agent,
 * which the sender chooses.
 */
export function addressHash({ secret, day, address, siteId }: AddressInput): string {
  return createHmac("sha256", dailySalt(secret, day))
    .update(`rate\u0000${address}\u0000${siteId}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}
