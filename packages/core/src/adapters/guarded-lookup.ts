/**
 * The outbound guard at connection time (adapters/outbound-guard.ts decides the addresses):
 * a socket lookup for node:http(s) that refuses private and reserved addresses, so the
 * address checked is the address connected to (no second resolution a DNS answer could
 * change in between). Used by uptime checks and webhook deliveries.
 */
import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { isPublicAddress, loopbackOf, OUTBOUND_MESSAGES } from "./outbound-guard";

/** A lookup for `http.request({ lookup })`; `allowlisted` hosts (dev/test only) skip the check. */
export function guardedLookup(allowlisted: boolean): LookupFunction {
  return (hostname, options, callback) => {
    // A developer's `*.localhost` server (the local stack's hosted sites): no resolver knows it.
    const loopback = allowlisted ? loopbackOf(hostname) : undefined;
    if (loopback) {
      if ((options as { all?: boolean }).all) {
        const list = [{ address: loopback, family: 4 }];
        return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      }
      return callback(null, loopback, 4);
    }
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as unknown as { address: string; family: number }[];
      if (list.length === 0) return callback(new Error(OUTBOUND_MESSAGES.unresolved), "", 4);
      if (!allowlisted && !list.every((a) => isPublicAddress(a.address))) {
        return callback(new Error(OUTBOUND_MESSAGES.notPublic), "", 4);
      }
      const first = list[0] as { address: string; family: number };
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      } else callback(null, first.address, first.family);
    });
  };
}
