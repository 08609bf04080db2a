/**
 * The outbound-request guard: every URL our servers fetch on a customer's behalf (audits,
 * screenshots) must point at the public internet, so a customer cannot make us read our own
 * cloud metadata (169.254.169.254), the VPC, or anything on loopback.
 *
 * Two layers: `isPublicAddress` decides one IP address (pure), `assertPublicUrl` checks a
 * URL's scheme and credentials, resolves its host and requires EVERY resolved address to be
 * public. Hosts a developer lists in configuration (OUTBOUND_ALLOW_HOSTS, empty in
 * production) skip the address check; nothing else can open that door.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { UnprocessableError, ValidationError } from "../errors";

export const OUTBOUND_MESSAGES = {
  invalidUrl: "Enter a valid website URL starting with http:// or https://",
  scheme: "Only http:// and https:// addresses can be analyzed",
  credentials: "Addresses with a user name or password cannot be analyzed",
  notPublic: "This address is not reachable from our servers (private or reserved network)",
  unresolved: "This host name could not be resolved",
} as const;

/** Refused because of where it points (resolution or address class), not how it is written. */
export class OutboundBlockedError extends UnprocessableError {}

/** One resolved address, the shape node:dns `lookup(host, { all: true })` gives. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundGuardOptions {
  /** "host" (any port) or "host:port" entries that skip the address check (dev/test only). */
  allowHosts?: readonly string[];
  /** Resolver; defaults to node:dns lookup with all: true (the OS resolver, as the egress proxy uses). */
  lookup?: LookupAll;
}

const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * IPv4 classes that are not the public internet, as ipaddr.js names them: 0/8 "this network",
 * 10/8 172.16/12 192.168/16, 100.64/10 CGNAT, 127/8, 169.254/16 link-local (cloud metadata),
 * 192.0.0/24 IETF, 192.0.2/24 198.51.100/24 203.0.113/24 documentation, 198.18/15
 * benchmarking, 192.88.99/24 6to4 relay, 224/4 multicast, 240/4 reserved and broadcast,
 * AS112 and AMT anycast. Anything ipaddr.js does not name is "unicast" and public.
 */
function isPublicIPv4(ip: ipaddr.IPv4): boolean {
  return ip.range() === "unicast";
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");

/** The IPv4 address held in the last 32 bits of an IPv6 address (mapped, translated, NAT64). */
function lowIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 {
  const p = ip.parts;
  const hi = p[6] ?? 0;
  const lo = p[7] ?? 0;
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

function isPublicIPv6(ip: ipaddr.IPv6): boolean {
  switch (ip.range()) {
    // ::ffff:a.b.c.d and ::ffff:0:a.b.c.d reach the IPv4 address itself.
    case "ipv4Mapped":
    case "rfc6145":
      return isPublicIPv4(lowIPv4(ip));
    // NAT64: the well-known prefix carries a real IPv4 destination; the local-use prefix
    // 64:ff9b:1::/48 (RFC 8215) translates inside an operator's own network, so never.
    case "rfc6052":
      return ip.match(NAT64_WELL_KNOWN) && isPublicIPv4(lowIPv4(ip));
    // 2002:AABB:CCDD::/48 is 6to4 for the IPv4 address AA.BB.CC.DD.
    case "6to4": {
      const a = ip.parts[1] ?? 0;
      const b = ip.parts[2] ?? 0;
      return isPublicIPv4(new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]));
    }
    // Everything else ipaddr.js names is special (loopback, unspecified, fc00::/7, fe80::/10,
    // fec0::/10, ff00::/8, 2001:db8::/32 and 3fff::/20 documentation, Teredo, benchmarking,
    // ORCHID, discard, segment routing…). Of what it calls plain unicast, only 2000::/3 is
    // allocated as global unicast; the rest, IPv4-compatible ::a.b.c.d included, is reserved.
    case "unicast":
      return ip.match(GLOBAL_UNICAST_V6);
    default:
      return false;
  }
}

/** True only for an address on the public internet. Anything unparsable is not public. */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  // Zone ids (fe80::1%eth0) only exist on link-local addresses.
  if (bare.includes("%")) return false;
  // Only the four-part dotted form: "127.1" or "0x7f000001" are how DNS answers never look.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return isPublicIPv4(ipaddr.IPv4.parse(bare));
  if (ipaddr.IPv6.isValid(bare)) return isPublicIPv6(ipaddr.IPv6.parse(canonicalIPv6(bare)));
  return false;
}

/**
 * ipaddr.js reads any "::a.b.c.d" as IPv4-mapped, which would make the deprecated
 * IPv4-compatible form look like the mapped one. The URL parser (the one browsers use)
 * writes every IPv6 address in plain hex groups, so parse that form instead.
 */
function canonicalIPv6(ip: string): string {
  if (!ip.includes(".")) return ip;
  try {
    return stripBrackets(new URL(`http://[${ip}]/`).hostname);
  } catch {
    return ip;
  }
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/**
 * Whether the URL's host matches an allowlist entry: "host" allows every port, "host:port"
 * only that one (IPv6 entries written "[::1]:8080" or "[::1]").
 */
export function isAllowlisted(url: URL, allowHosts: readonly string[]): boolean {
  const host = stripBrackets(url.hostname).toLowerCase();
  const port = url.port || DEFAULT_PORTS[url.protocol] || "";
  return allowHosts.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (!entry) return false;
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry);
    if (!m?.[1]) return false;
    const name = stripBrackets(m[1]);
    // "*.sites.localhost": any name under it (not the name itself), as the local stack's
    // hosted sites are (docs/hosting.md, "Locally").
    const matches = name.startsWith("*.") ? host.endsWith(name.slice(1)) : name === host;
    return matches && (m[2] === undefined || m[2] === port);
  });
}

/**
 * The loopback address of a name under `localhost` (RFC 6761 6.3: always loopback, never
 * asked of DNS), as Chromium resolves it; null for any other name. The OS resolver need not
 * know `<name>.sites.localhost`, so an allowlisted one is connected to here.
 */
export function loopbackOf(host: string): string | null {
  const name = host.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") ? "127.0.0.1" : null;
}

/** Parses a comma-separated allowlist ("127.0.0.1:4321, localhost") into entries. */
export function parseAllowHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The configured allowlist: Config.OUTBOUND_ALLOW_HOSTS, empty in production. */
export async function outboundAllowHostsFromConfig(): Promise<string[]> {
  // Imported here, not at the top, so the guard stays loadable where no SST binding exists
  // (unit tests, the bench); sst/node/config reads the environment when first imported.
  const { Config } = await import("sst/node/config");
  let value: string | undefined;
  try {
    value = (Config as unknown as Record<string, string | undefined>).OUTBOUND_ALLOW_HOSTS;
  } catch {
    // Not bound to this function: no exceptions, which is the safe way to be wrong.
    value = undefined;
  }
  return parseAllowHosts(value);
}

/** Checks how the URL is written (scheme, credentials, host), without resolving anything. */
export function parseOutboundUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new ValidationError(OUTBOUND_MESSAGES.invalidUrl, { url: OUTBOUND_MESSAGES.invalidUrl });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ValidationError(OUTBOUND_MESSAGES.scheme, { url: OUTBOUND_MESSAGES.scheme });
  }
  if (url.username || url.password) {
    throw new ValidationError(OUTBOUND_MESSAGES.credentials, {
      url: OUTBOUND_MESSAGES.credentials,
    });
  }
  if (!url.hostname) {
    throw new ValidationError(OUTBOUND_MESSAGES.invalidUrl, { url: OUTBOUND_MESSAGES.invalidUrl });
  }
  return url;
}

/**
 * What a sender that connects through `guardedLookup` checks before connecting: whether the
 * host is allowlisted, and whether it is an IP literal that is not public. A literal is never
 * looked up, so the socket's lookup cannot refuse it; named hosts are refused there.
 */
export function preconnectCheck(
  url: URL,
  allowHosts: readonly string[],
): { allowlisted: boolean; blockedLiteral: boolean } {
  const allowlisted = isAllowlisted(url, allowHosts);
  const host = stripBrackets(url.hostname);
  return {
    allowlisted,
    blockedLiteral: !allowlisted && ipaddr.isValid(host) && !isPublicAddress(host),
  };
}

/**
 * Resolves the URL's host and returns the parsed URL when every address is public (or the
 * host is allowlisted). Throws ValidationError for how the URL is written and
 * OutboundBlockedError (422) for where it points.
 */
export async function assertPublicUrl(
  input: string,
  opts: OutboundGuardOptions = {},
): Promise<URL> {
  const url = parseOutboundUrl(input);
  if (isAllowlisted(url, opts.allowHosts ?? [])) return url;

  const host = stripBrackets(url.hostname);
  // An IP literal (the URL parser already turned 0x7f000001 and 127.1 into 127.0.0.1) is
  // checked as written: resolving it would only echo it back.
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw new OutboundBlockedError(OUTBOUND_MESSAGES.notPublic);
    return url;
  }

  let addresses: ResolvedAddress[];
  try {
    addresses = await (opts.lookup ?? defaultLookup)(host);
  } catch {
    throw new OutboundBlockedError(OUTBOUND_MESSAGES.unresolved);
  }
  if (addresses.length === 0) throw new OutboundBlockedError(OUTBOUND_MESSAGES.unresolved);
  // Every address, not the first: the browser may pick any of them.
  if (!addresses.every((a) => isPublicAddress(a.address))) {
    throw new OutboundBlockedError(OUTBOUND_MESSAGES.notPublic);
  }
  return url;
}
