/**
 * What of a page view is kept, reduced to what the aggregates need: the path without its query
 * or fragment (those may hold personal data: e-mail addresses, tokens), the referring host
 * without the rest of its URL, and a country code.
 */
import { OTHER_KEY, UNKNOWN_COUNTRY } from "../contracts/analytics";

/**
 * Map keys are hex-encoded (encodeAnalyticsKey) and DynamoDB caps an expression attribute name
 * at 255 characters, so a stored key holds at most this many UTF-8 bytes.
 */
export const MAX_KEY_BYTES = 120;
const ELLIPSIS = "…";

/** Cuts to MAX_KEY_BYTES on a character boundary, marking the cut with "…". */
export function fitKey(value: string): string {
  if (Buffer.byteLength(value, "utf8") <= MAX_KEY_BYTES) return value;
  const room = MAX_KEY_BYTES - Buffer.byteLength(ELLIPSIS, "utf8");
  let out = "";
  let bytes = 0;
  for (const char of value) {
    const size = Buffer.byteLength(char, "utf8");
    if (bytes + size > room) break;
    out += char;
    bytes += size;
  }
  return out + ELLIPSIS;
}

/** "/menu?utm=x#top" → "/menu"; long paths are cut to fit a key. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] || "/";
  return fitKey(bare);
}

/**
 * The referring host, lower-case and without "www.", or undefined for none, for something that
 * is not a host, and for the site's own hosts (moving between its pages is not a referral).
 * Accepts a bare host (what the snippet sends) or a URL.
 */
export function referrerHost(
  referrer: string | undefined,
  ownHosts: string[] = [],
): string | undefined {
  const raw = referrer?.trim();
  if (!raw) return undefined;
  let host: string;
  try {
    const url = new URL(raw.includes("://") ? raw : `http://${raw}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    host = url.hostname;
  } catch {
    return undefined;
  }
  host = host.replace(/\.$/, "").replace(/^www\./, "");
  // A dotted name ("news.example.com", "10.0.0.1") or localhost; bare words and IPv6 literals
  // are not a referring site anyone could act on.
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) && host !== "localhost") return undefined;
  const own = ownHosts.map((h) => h.toLowerCase().replace(/^www\./, ""));
  if (own.includes(host)) return undefined;
  return Buffer.byteLength(host, "utf8") <= MAX_KEY_BYTES ? host : OTHER_KEY;
}

/**
 * ISO 3166-1 alpha-2 from a viewer-country header (CloudFront-Viewer-Country, Cloudflare's
 * CF-IPCountry). "XX" (unknown) and "T1" (Tor) are not countries.
 */
export function countryFrom(header: string | undefined): string {
  const code = header?.trim().toUpperCase() ?? "";
  if (!/^[A-Z]{2}$/.test(code) || code === "XX") return UNKNOWN_COUNTRY;
  return code;
}

/**
 * The part of a client address the rate limit counts by (docs/analytics.md): an IPv4 address
 * as it is, an IPv6 address by its /64 network ("2001:db8:1:2::/64"), because one subscriber
 * usually holds a whole /64 and can pick any address in it. An IPv4-mapped IPv6 address
 * ("::ffff:203.0.113.7") is its IPv4 address. Anything else is returned as it came.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address;
  const groups = expandIPv6(address);
  if (!groups) return address;
  // ::ffff:a.b.c.d, however it was written.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

function isIPv4(value: string): boolean {
  const parts = value.split(".");
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or undefined if it is not one. */
function expandIPv6(value: string): number[] | undefined {
  let text = value.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  // A trailing dotted IPv4 part is two groups.
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = dotted[2] ?? "";
    if (!isIPv4(v4)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = v4.split(".").map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * The host names a site's pages are served from: its custom domain, live URL and development
 * URL, lower-case, without a trailing dot. Empty for a site that has none yet.
 */
export function siteHosts(site: {
  customDomain?: string | null;
  liveUrl?: string | null;
  url?: string | null;
}): string[] {
  const hosts = new Set<string>();
  for (const value of [site.customDomain, site.liveUrl, site.url]) {
    const text = value?.trim();
    if (!text) continue;
    try {
      const { hostname } = new URL(text.includes("://") ? text : `https://${text}`);
      if (hostname) hosts.add(hostname.toLowerCase().replace(/\.$/, ""));
    } catch {
      // Not a URL or a host name: it names no host.
    }
  }
  return [...hosts];
}

/**
 * Whether a page view's `Origin` header names one of the site's hosts (docs/analytics.md).
 * "www." and the bare name count as one host, any scheme or port is accepted. A site without
 * hosts takes views from anywhere; with hosts, a missing or "null" Origin is refused (browsers
 * send one with every cross-origin POST, so only non-browser senders lack it).
 */
export function originAllowed(origin: string | undefined, hosts: string[]): boolean {
  if (hosts.length === 0) return true;
  let host: string;
  try {
    const url = new URL(origin?.trim() ?? "");
    if (url.protocol !== "https:" && url.protocol !== "http:") return false;
    host = url.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return false;
  }
  const bare = (name: string) => name.replace(/^www\./, "");
  return hosts.some((own) => bare(own) === bare(host));
}
