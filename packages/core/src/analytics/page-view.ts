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
