import { describe, expect, it } from "vitest";
import { UnprocessableError, ValidationError } from "../errors";
import {
  assertPublicUrl,
  isAllowlisted,
  isPublicAddress,
  type LookupAll,
  loopbackOf,
  OUTBOUND_MESSAGES,
  OutboundBlockedError,
  outboundAllowHostsFromConfig,
  parseAllowHosts,
} from "./outbound-guard";

describe("isPublicAddress", () => {
  const notPublic: [string, string][] = [
    ["0.0.0.0", "unspecified"],
    ["0.255.255.255", "this network, top"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback, top"],
    ["10.0.0.1", "private 10/8"],
    ["10.255.255.255", "private 10/8, top"],
    ["172.16.0.0", "private 172.16/12, bottom"],
    ["172.31.255.255", "private 172.16/12, top"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "link-local, cloud metadata"],
    ["169.254.0.0", "link-local, bottom"],
    ["100.64.0.0", "CGNAT, bottom"],
    ["100.127.255.255", "CGNAT, top"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.1", "TEST-NET-1"],
    ["198.51.100.7", "TEST-NET-2"],
    ["203.0.113.9", "TEST-NET-3"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking, top"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.255", "multicast, top"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fc00::1", "unique local fc00::/7"],
    ["fdff:ffff::1", "unique local, top half"],
    ["fe80::1", "link-local"],
    ["febf:ffff::1", "link-local, top"],
    ["fe80::1%eth0", "link-local with zone"],
    ["fec0::1", "deprecated site-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation (RFC 9637)"],
    ["2001::1", "Teredo"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::ffff:0:10.0.0.1", "IPv4-translated private"],
    ["::10.0.0.1", "IPv4-compatible private"],
    ["::8.8.8.8", "IPv4-compatible (deprecated, never public)"],
    ["64:ff9b::a9fe:a9fe", "NAT64 of 169.254.169.254"],
    ["64:ff9b::7f00:1", "NAT64 of 127.0.0.1"],
    ["64:ff9b:1::808:808", "local-use NAT64 prefix"],
    ["2002:7f00:1::1", "6to4 of 127.0.0.1"],
    ["2002:c0a8:101::1", "6to4 of 192.168.1.1"],
    ["100::1", "discard-only"],
    ["not-an-ip", "garbage"],
    ["127.1", "short IPv4 form"],
    ["", "empty"],
  ];
  it.each(notPublic)("refuses %s (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  const publicOnes: [string, string][] = [
    ["8.8.8.8", "public IPv4"],
    ["1.1.1.1", "public IPv4"],
    ["9.255.255.255", "just below 10/8"],
    ["11.0.0.0", "just above 10/8"],
    ["172.15.255.255", "just below 172.16/12"],
    ["172.32.0.0", "just above 172.16/12"],
    ["100.63.255.255", "just below CGNAT"],
    ["100.128.0.0", "just above CGNAT"],
    ["169.253.255.255", "just below link-local"],
    ["192.167.255.255", "just below 192.168/16"],
    ["223.255.255.255", "just below multicast"],
    ["2606:4700:4700::1111", "public IPv6"],
    ["2a00:1450:4001:80b::200e", "public IPv6"],
    ["::ffff:8.8.8.8", "IPv4-mapped public"],
    ["64:ff9b::808:808", "NAT64 of 8.8.8.8"],
    ["2002:808:808::1", "6to4 of 8.8.8.8"],
    ["[2606:4700:4700::1111]", "bracketed IPv6"],
  ];
  it.each(publicOnes)("accepts %s (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

/** A resolver from a fixed table, so the tests need no DNS. */
function fakeLookup(table: Record<string, string[]>): LookupAll {
  return async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const lookup = fakeLookup({
  "example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "internal.example": ["10.0.0.1"],
  "metadata.example": ["169.254.169.254"],
  "mixed.example": ["93.184.215.14", "127.0.0.1"],
  "mapped.example": ["::ffff:192.168.0.10"],
  "v6only.example": ["2606:4700:4700::1111"],
  "nothing.example": [],
  localhost: ["127.0.0.1", "::1"],
});

async function refusal(url: string, allowHosts: string[] = []): Promise<unknown> {
  return assertPublicUrl(url, { lookup, allowHosts }).then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe("assertPublicUrl", () => {
  it.each([
    "https://example.com/",
    "http://example.com:8080/path?q=1#top",
    "https://v6only.example/",
    "http://8.8.8.8/",
    "http://[2606:4700:4700::1111]/",
  ])("accepts %s", async (url) => {
    const parsed = await assertPublicUrl(url, { lookup });
    expect(parsed.href).toBe(new URL(url).href);
  });

  it.each([
    ["ftp://example.com/", OUTBOUND_MESSAGES.scheme],
    ["file:///etc/passwd", OUTBOUND_MESSAGES.scheme],
    ["javascript:alert(1)", OUTBOUND_MESSAGES.scheme],
    ["data:text/html,hi", OUTBOUND_MESSAGES.scheme],
    ["https://user:pass@example.com/", OUTBOUND_MESSAGES.credentials],
    ["https://user@example.com/", OUTBOUND_MESSAGES.credentials],
    ["example.com", OUTBOUND_MESSAGES.invalidUrl],
    ["http://", OUTBOUND_MESSAGES.invalidUrl],
  ])("refuses how %s is written", async (url, message) => {
    const error = await refusal(url);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(message);
  });

  it.each([
    "http://internal.example/",
    "http://metadata.example/latest/meta-data/",
    "http://mixed.example/", // one private answer among public ones is enough to refuse
    "http://mapped.example/",
    "http://localhost:3000/",
    "http://127.0.0.1/",
    "http://0x7f000001/", // the URL parser makes this 127.0.0.1
    "http://2130706433/",
    "http://127.1/",
    "http://[::1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[fd00::1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://0.0.0.0:8080/",
  ])("refuses %s as not public", async (url) => {
    const error = await refusal(url);
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect(error).toBeInstanceOf(UnprocessableError);
    expect((error as Error).message).toBe(OUTBOUND_MESSAGES.notPublic);
  });

  it.each(["http://no-such-host.example/", "http://nothing.example/"])(
    "refuses %s when it does not resolve",
    async (url) => {
      const error = await refusal(url);
      expect(error).toBeInstanceOf(OutboundBlockedError);
      expect((error as Error).message).toBe(OUTBOUND_MESSAGES.unresolved);
    },
  );

  it("lets allowlisted hosts through, on the listed port only", async () => {
    const allow = ["127.0.0.1:4321", "localhost"];
    await expect(
      assertPublicUrl("http://127.0.0.1:4321/x", { lookup, allowHosts: allow }),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      assertPublicUrl("http://localhost:9999/", { lookup, allowHosts: allow }),
    ).resolves.toBeInstanceOf(URL);
    expect(await refusal("http://127.0.0.1:4322/x", allow)).toBeInstanceOf(OutboundBlockedError);
    expect(await refusal("http://10.0.0.1:4321/", allow)).toBeInstanceOf(OutboundBlockedError);
  });

  it("still refuses credentials and schemes on allowlisted hosts", async () => {
    expect(await refusal("http://a:b@127.0.0.1:4321/", ["127.0.0.1:4321"])).toBeInstanceOf(
      ValidationError,
    );
  });
});

describe("allowlist parsing", () => {
  it("splits a comma list and ignores blanks", () => {
    expect(parseAllowHosts(" 127.0.0.1:4321, localhost ,,")).toEqual([
      "127.0.0.1:4321",
      "localhost",
    ]);
    expect(parseAllowHosts("")).toEqual([]);
    expect(parseAllowHosts(undefined)).toEqual([]);
  });

  it("matches default ports and bracketed IPv6 entries", () => {
    expect(isAllowlisted(new URL("http://dev.local/"), ["dev.local:80"])).toBe(true);
    expect(isAllowlisted(new URL("https://dev.local/"), ["dev.local:80"])).toBe(false);
    expect(isAllowlisted(new URL("http://[::1]:8080/"), ["[::1]:8080"])).toBe(true);
    expect(isAllowlisted(new URL("http://[::1]:8081/"), ["[::1]:8080"])).toBe(false);
    expect(isAllowlisted(new URL("http://[::1]:8081/"), ["[::1]"])).toBe(true);
    expect(isAllowlisted(new URL("http://LOCALHOST:1/"), ["localhost"])).toBe(true);
  });

  it("matches a wildcard entry's sub-domains only, on its port", () => {
    const allow = ["*.sites.localhost:4000"];
    expect(isAllowlisted(new URL("http://a--b.sites.localhost:4000/"), allow)).toBe(true);
    expect(isAllowlisted(new URL("http://x.y.sites.localhost:4000/"), allow)).toBe(true);
    expect(isAllowlisted(new URL("http://sites.localhost:4000/"), allow)).toBe(false);
    expect(isAllowlisted(new URL("http://evilsites.localhost:4000/"), allow)).toBe(false);
    expect(isAllowlisted(new URL("http://a.sites.localhost:4001/"), allow)).toBe(false);
    expect(isAllowlisted(new URL("http://a.sites.localhost.evil.test:4000/"), allow)).toBe(false);
  });

  it("knows names under localhost as loopback, and nothing else", () => {
    expect(loopbackOf("localhost")).toBe("127.0.0.1");
    expect(loopbackOf("A--B.Sites.Localhost.")).toBe("127.0.0.1");
    expect(loopbackOf("localhost.evil.test")).toBeNull();
    expect(loopbackOf("notlocalhost")).toBeNull();
  });
});

describe("outboundAllowHostsFromConfig", () => {
  it("reads Config.OUTBOUND_ALLOW_HOSTS the way SST binds it", async () => {
    // sst/node/config reads the environment when first imported, which happens inside the
    // function: set the variables SST (and the local stack) set, then ask.
    process.env.SST_APP = "portal";
    process.env.SST_STAGE = "test";
    process.env.SST_Parameter_value_OUTBOUND_ALLOW_HOSTS = "127.0.0.1:4321, localhost";
    expect(await outboundAllowHostsFromConfig()).toEqual(["127.0.0.1:4321", "localhost"]);
  });
});

describe("the local stack's hosted sites on the allowlist", () => {
  const entry = "*.sites.localhost:3000";

  it("allows the hosts under the local hosting domain on the stack's port only", () => {
    expect(isAllowlisted(new URL("http://shop-abc123.sites.localhost:3000/"), [entry])).toBe(true);
    expect(isAllowlisted(new URL("http://01j--shop.sites.localhost:3000/x"), [entry])).toBe(true);
    expect(isAllowlisted(new URL("http://shop-abc123.sites.localhost:3001/"), [entry])).toBe(false);
    expect(isAllowlisted(new URL("http://sites.localhost:3000/"), [entry])).toBe(false);
    expect(isAllowlisted(new URL("http://evilsites.localhost:3000/"), [entry])).toBe(false);
    expect(isAllowlisted(new URL("http://localhost:3000/"), [entry])).toBe(false);
    expect(isAllowlisted(new URL("http://127.0.0.1:3000/"), [entry])).toBe(false);
  });

  it("resolves localhost names to loopback, which stays refused without the allowlist", async () => {
    expect(loopbackOf("shop-abc123.sites.localhost")).toBe("127.0.0.1");
    expect(loopbackOf("localhost.example.com")).toBeNull();
    // Production's allowlist is empty: a hosted site's local address is no public address.
    await expect(
      assertPublicUrl("http://shop-abc123.sites.localhost:3000/", {
        allowHosts: [],
        lookup: async (host) => [{ address: loopbackOf(host) ?? "", family: 4 }],
      }),
    ).rejects.toThrow(OUTBOUND_MESSAGES.notPublic);
    await expect(
      assertPublicUrl("http://shop-abc123.sites.localhost:3000/", { allowHosts: [entry] }),
    ).resolves.toBeInstanceOf(URL);
  });
});
