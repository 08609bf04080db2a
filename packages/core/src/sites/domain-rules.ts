/**
 * Custom domains, the pure part: what counts as a domain a customer may connect, which DNS
 * records they must create (docs/domains.md, with the ownership TXT record), whether what DNS
 * answers matches them, and when an unverified claim lapses (docs/domains.md).
 */
import { isIP, isIPv4 } from "node:net";
import { domainToASCII } from "node:url";
import { parse } from "tldts-icann";
import type { DnsRecord } from "../contracts/sites";
import { ValidationError } from "../errors";

export const DOMAIN_MESSAGES = {
  required: "Please enter a domain first",
  format: "Enter a domain name such as www.example.com, without http://, a path or a port",
  ip: "Enter a domain name, not an IP address",
  suffix: "Enter a domain under a public top-level domain, such as example.com",
  reserved: "This domain is reserved and cannot be used on the internet",
  own: "This domain belongs to the portal and cannot be connected to a site",
} as const;

/** Our hosting targets; a domain equal to or under one of `ownDomains` is refused. */
export interface DomainSettings {
  cnameTarget: string;
  aRecord: string;
  /** Domains of our own (the CNAME target's, the portal's), lower-case. */
  ownDomains: readonly string[];
  /** Days an unverified claim holds its domain before anyone else may take it. */
  claimTtlDays: number;
}

/** The stage setting's default and bounds (DOMAIN_CLAIM_TTL_DAYS). */
export const DEFAULT_CLAIM_TTL_DAYS = 7;
export const MAX_CLAIM_TTL_DAYS = 90;

/** The label under the customer's domain that holds the ownership TXT record. */
export const VERIFY_LABEL = "_portal-verify";
/** The TXT record's value is this prefix followed by the claim's token. */
export const VERIFY_PREFIX = "portal-verify=";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a claim made at `fromMs` stops holding its domain unless verified by then. */
export function claimExpiry(fromMs: number, settings: Pick<DomainSettings, "claimTtlDays">) {
  return new Date(fromMs + settings.claimTtlDays * DAY_MS).toISOString();
}

/**
 * Whether an unverified claim has lapsed. A claim stored before claims carried an expiry
 * lapses counting from its creation. A verified claim never lapses.
 */
export function isClaimExpired(
  claim: { verifiedAt?: string; expiresAt?: string; createdAt: string },
  nowMs: number,
  settings: Pick<DomainSettings, "claimTtlDays">,
): boolean {
  if (claim.verifiedAt) return false;
  const expiry = claim.expiresAt ?? claimExpiry(Date.parse(claim.createdAt), settings);
  return Date.parse(expiry) <= nowMs;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function invalid(message: string): never {
  throw new ValidationError(message, { domain: message });
}

/**
 * A customer's input → the lower-case ASCII host name we store and claim. Refuses schemes,
 * paths, ports, credentials, IP addresses, single labels, names without a public suffix
 * (example.invalid, foo.localhost) and our own domains.
 */
export function normalizeDomain(input: string, settings: Pick<DomainSettings, "ownDomains">) {
  let value = input.trim().toLowerCase();
  if (!value) invalid(DOMAIN_MESSAGES.required);
  // One trailing dot is the fully-qualified spelling of the same name.
  if (value.endsWith(".")) value = value.slice(0, -1);
  if (/[\s/:@?#\\[\]]/.test(value)) invalid(DOMAIN_MESSAGES.format);
  if (/^[0-9.]+$/.test(value)) invalid(DOMAIN_MESSAGES.ip);
  // Internationalised names are stored as DNS sees them (punycode). This is the URL standard's
  // host parser, which also reads an IPv4 address in its other spellings (0xcb.0.113.7,
  // 0xcb007107) as dotted decimal, and refuses a name ending in a number that is no address.
  const ascii = domainToASCII(value);
  if (isIPv4(ascii)) invalid(DOMAIN_MESSAGES.ip);
  if (!ascii || ascii.length > 253) invalid(DOMAIN_MESSAGES.format);
  const labels = ascii.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) invalid(DOMAIN_MESSAGES.format);
  const parsed = parse(ascii, { allowPrivateDomains: false, detectSpecialUse: true });
  // More than a public suffix itself ("co.uk"), under a top-level domain that can exist
  // (letters, or an IDN's xn--), and not a special-use name (RFC 6761: .test, .localhost,
  // .invalid, example.com, .local, .onion…), which no customer can hold.
  const tld = labels.at(-1) ?? "";
  if (!parsed.domain || parsed.isIp || !/^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) {
    invalid(DOMAIN_MESSAGES.suffix);
  }
  if (parsed.isSpecialUse) invalid(DOMAIN_MESSAGES.reserved);
  if (settings.ownDomains.some((own) => ascii === own || ascii.endsWith(`.${own}`))) {
    invalid(DOMAIN_MESSAGES.own);
  }
  return ascii;
}

/**
 * The domains a customer must not connect: the CNAME target's registrable domain (so nobody
 * points a customer site at, say, another customer's alias under our zone) and the portal's
 * own host and registrable domain.
 */
export function ownDomainsFor(cnameTarget: string, appUrl: string | undefined): string[] {
  const result = new Set<string>();
  const add = (host: string | undefined) => {
    const clean = host?.trim().toLowerCase().replace(/\.$/, "");
    if (!clean) return;
    result.add(clean);
    const domain = parse(clean).domain;
    if (domain && !isIP(clean)) result.add(domain);
  };
  add(cnameTarget);
  if (appUrl) {
    try {
      add(new URL(appUrl).hostname);
    } catch {
      // A malformed APP_URL protects nothing extra; the CNAME target still counts.
    }
  }
  return [...result];
}

/** Whether the name is a registrable domain itself (example.com, example.co.uk). */
export function isApex(domain: string): boolean {
  return parse(domain).domain === domain;
}

/**
 * The records to create (docs/domains.md): a CNAME to our alias host, named "www" when the domain
 * starts with www. and "@" for the apex, plus an A record to our address for apex domains.
 * Deeper names (shop.example.com) get their own label as the name: "@" there would point the
 * customer's whole zone at us, which is not what they asked for.
 *
 * With the claim's `token`, also the TXT record that proves the customer controls the zone:
 * `_portal-verify.<domain>` holding `portal-verify=<token>`. Pointing a name at us proves
 * nothing about who asked (a former customer's records may still point here).
 */
export function dnsRecordsFor(
  domain: string,
  settings: Pick<DomainSettings, "cnameTarget" | "aRecord">,
  token?: string,
): DnsRecord[] {
  const registrable = parse(domain).domain ?? domain;
  const name = domain === registrable ? "@" : domain.slice(0, -(registrable.length + 1));
  const records: DnsRecord[] = [{ type: "CNAME", name, value: settings.cnameTarget, host: domain }];
  if (name === "@") records.push({ type: "A", name: "@", value: settings.aRecord, host: domain });
  if (token) {
    records.push({
      type: "TXT",
      name: name === "@" ? VERIFY_LABEL : `${VERIFY_LABEL}.${name}`,
      value: `${VERIFY_PREFIX}${token}`,
      host: `${VERIFY_LABEL}.${domain}`,
    });
  }
  return records;
}

export interface RecordCheck {
  type: "CNAME" | "A" | "TXT";
  host: string;
  expected: string;
  found: string[];
  ok: boolean;
}

/** What DNS answered for each record, and whether it is what we asked for. */
export function checkRecords(
  records: readonly DnsRecord[],
  answers: {
    cname: Map<string, string[]>;
    a: Map<string, string[]>;
    txt?: Map<string, string[]>;
  },
): RecordCheck[] {
  return records.map((record) => {
    if (record.type === "TXT") {
      // TXT values are case-sensitive text: the token must be there exactly (other TXT records
      // at the same name, such as another service's, do not matter).
      const found = answers.txt?.get(record.host) ?? [];
      const ok = found.some((value) => value.trim() === record.value);
      return { type: record.type, host: record.host, expected: record.value, found, ok };
    }
    const expected = record.value.toLowerCase().replace(/\.$/, "");
    const found = (record.type === "CNAME" ? answers.cname : answers.a).get(record.host) ?? [];
    // Every A answer must be ours: one left over from the old host would send part of the
    // traffic there.
    const ok =
      found.length > 0 &&
      (record.type === "CNAME" ? found.includes(expected) : found.every((f) => f === expected));
    return { type: record.type, host: record.host, expected, found, ok };
  });
}

/**
 * Whether the customer's name reaches us. A sub-domain needs its CNAME. An apex cannot hold a
 * CNAME next to its SOA and NS records in standard DNS, so the A record suffices there (a
 * provider that flattens the CNAME answers with our address, or with the CNAME itself).
 */
export function pointsAtUs(domain: string, checks: readonly RecordCheck[]): boolean {
  const ok = (type: "CNAME" | "A") => checks.some((c) => c.type === type && c.ok);
  return isApex(domain) ? ok("A") || ok("CNAME") : ok("CNAME");
}

/** Whether DNS holds the claim's TXT token, i.e. whoever claimed the domain controls its zone. */
export function provesOwnership(checks: readonly RecordCheck[]): boolean {
  return checks.some((c) => c.type === "TXT" && c.ok);
}

/**
 * Verified when the name reaches us and its owner is proven: by the TXT token now, or by an
 * earlier verification of the same claim (`alreadyOwned`), after which the TXT record may go.
 */
export function isVerified(
  domain: string,
  checks: readonly RecordCheck[],
  alreadyOwned = false,
): boolean {
  return pointsAtUs(domain, checks) && (alreadyOwned || provesOwnership(checks));
}
