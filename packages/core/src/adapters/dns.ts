/**
 * The DNS port: real look-ups with node's Resolver, sent to the server named by
 * Config.DNS_RESOLVER ("host" or "host:port"; empty = the system's resolvers). Custom-domain
 * verification asks it what a customer's records say (docs/domains.md). The local stack uses the
 * system's resolvers unless DNS_RESOLVER is set; the domain tests point it at a DNS server of
 * their own on 127.0.0.1.
 */
import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { Config } from "sst/node/config";

declare module "sst/node/config" {
  export interface ParameterResources {
    DNS_RESOLVER: { value: string };
  }
}

/** Answers that mean "no such record", as opposed to "could not ask". */
const NO_RECORD_CODES = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN", "ENONAME"]);

export class DnsLookupError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "DnsLookupError";
  }
}

export interface DnsLookups {
  /** CNAME targets of `host`, lower-cased without the trailing dot; [] when there is none. */
  cname(host: string): Promise<string[]>;
  /** IPv4 addresses of `host` (A records, following CNAMEs as resolvers do); [] when none. */
  a(host: string): Promise<string[]>;
  /** TXT records of `host`, each one's strings joined as DNS intends; [] when there is none. */
  txt(host: string): Promise<string[]>;
}

/**
 * Turns "host", "host:port", "[v6]:port" or a bare IPv6 address into the form
 * Resolver#setServers takes. Throws for anything else.
 */
export function resolverServer(value: string): string {
  const raw = value.trim();
  if (isIP(raw)) return raw;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(raw);
  if (bracketed?.[1] && isIP(bracketed[1]) === 6) return raw;
  const hostPort = /^([^:]+):(\d{1,5})$/.exec(raw);
  if (hostPort?.[1] && isIP(hostPort[1]) === 4) return raw;
  // setServers takes addresses only: a name would need a resolver to find the resolver.
  throw new Error(`DNS_RESOLVER must be an IP address with an optional port, not "${value}"`);
}

export function createDnsLookups(server?: string): DnsLookups {
  // A few seconds per try: verification is a click the customer waits on.
  const resolver = new Resolver({ timeout: 2500, tries: 2 });
  if (server) resolver.setServers([resolverServer(server)]);

  const ask = async <T>(run: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await run();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "";
      if (NO_RECORD_CODES.has(code)) return [];
      throw new DnsLookupError(code, `DNS look-up failed (${code || "unknown error"})`);
    }
  };
  const clean = (name: string) => name.toLowerCase().replace(/\.$/, "");

  return {
    cname: async (host) => (await ask(() => resolver.resolveCname(host))).map(clean),
    a: (host) => ask(() => resolver.resolve4(host)),
    // A TXT record longer than 255 bytes arrives as several strings: one value, in order.
    txt: async (host) =>
      (await ask(() => resolver.resolveTxt(host))).map((parts) => parts.join("")),
  };
}

/** Look-ups against the configured resolver (Config.DNS_RESOLVER). */
export function dnsLookupsFromConfig(): DnsLookups {
  let server: string | undefined;
  try {
    server = (Config as unknown as Record<string, string | undefined>).DNS_RESOLVER;
  } catch {
    // Not bound: the system's resolvers, as in any other node process.
    server = undefined;
  }
  return createDnsLookups(server?.trim() || undefined);
}
