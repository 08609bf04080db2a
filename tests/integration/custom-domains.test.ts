/**
 * Custom domains on the hosting (docs/hosting.md "Custom domains over HTTPS"), through the same
 * code path as AWS: Verify Domain records the domain, the scheduled check attaches it through
 * the CloudFront API (the local stack's stand-in), the certificate's state shows in words on the site, the partner name
 * redirects through the edge code, and removing the domain takes the tenant down. DNS is the
 * zone of tests/support/dns-zone.ts, which this file edits.
 */
import { request } from "node:http";
import { siteListSchema } from "@portal/core/contracts/sites";
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { customerWithSite, type SignedIn } from "../support/dev-identity";
import { type DnsRecord, useDnsZone } from "../support/dns-zone";

const CNAME_TARGET = "edge.sites-hostingco.net";
const A_RECORD = "203.0.113.20";

const dns = useDnsZone();

let stack: LocalStack;
let db: typeof import("@portal/core/db/service").db;

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    logRequests: false,
    dns: { resolver: dns().resolver, cnameTarget: CNAME_TARGET, aRecord: A_RECORD },
  });
  ({ db } = await import("@portal/core/db/service"));
});

afterAll(async () => {
  await stack?.stop();
});

const call = apiAt(() => stack.url);

const siteOf = async (who: SignedIn, siteId: string) =>
  siteListSchema.parse((await call(who, "GET", "/api/sites")).body).find((s) => s.id === siteId);

/** A GET to the stack with this Host, as a browser on the domain would send it. */
function served(host: string): Promise<{ status: number; location?: string; body: string }> {
  const { port } = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/menu?day=1", headers: { host } },
      (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Adds the domain and publishes its records (the apex's A and TXT), then verifies it. */
async function addAndVerify(who: SignedIn, siteId: string, domain: string) {
  const added = await call(who, "POST", `/api/sites/${siteId}/domain`, { domain });
  expect(added.status).toBe(200);
  dns().publish(added.body.records as DnsRecord[]);
  return call(who, "POST", `/api/sites/${siteId}/verify-domain`);
}

const tenantsOf = (domain: string) =>
  db.entities.hostingTenant.query
    .byDomain({})
    .go({ pages: "all" })
    .then(({ data }) => data.filter((t) => t.domain === domain));

describe("a verified custom domain", () => {
  const domain = "corner-bakery-hosted.com";
  let who: SignedIn;
  let siteId: string;

  it("gets a tenant for the apex and www, and the panel says which name to point", async () => {
    ({ who, siteId } = await customerWithSite({}, stack.url));
    const verified = await addAndVerify(who, siteId, domain);
    expect(verified.status).toBe(200);
    expect(verified.body.verified).toBe(true);
    // www does not point at us yet: the certificate cannot be issued.
    expect(verified.body.site.certificate).toEqual({
      state: "waiting_dns",
      message: `Waiting for DNS: point www.${domain} at ${CNAME_TARGET} (the records below). The certificate is issued a few minutes after that.`,
    });
    // The check makes the tenant (CloudFront's stand-in) and the routing entries.
    await stack.certificateChecks.run();
    const [tenant, ...more] = await tenantsOf(domain);
    expect(more).toEqual([]);
    expect(tenant).toMatchObject({ names: [domain, `www.${domain}`], siteId });
    expect(tenant?.tenantId).toMatch(/^dt_/);
    expect((await siteOf(who, siteId))?.certificate?.state).toBe("waiting_dns");
  });

  it("the www name redirects to the domain, path and query kept", async () => {
    expect(await served(`www.${domain}`)).toMatchObject({
      status: 301,
      location: `https://${domain}/menu?day=1`,
    });
  });

  it("once www points at us, the check finds the certificate issued", async () => {
    dns().records.set(`www.${domain}`, { cname: CNAME_TARGET });
    const check = await stack.certificateChecks.run();
    expect(check.stuck).toEqual([]);
    expect((await siteOf(who, siteId))?.certificate).toEqual({
      state: "active",
      message: `Secure: ${domain} is served over HTTPS.`,
    });
  });

  it("a day later a certificate still waiting counts as stuck (the alarm's metric)", async () => {
    const other = await customerWithSite({}, stack.url);
    const stuckDomain = "slow-dns-bakery.com";
    await addAndVerify(other.who, other.siteId, stuckDomain);
    const check = await stack.certificateChecks.run(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(check.stuck).toEqual([stuckDomain]);
  });

  it("removing the domain stops serving it at once and the check takes the tenant down", async () => {
    const removed = await call(who, "PATCH", `/api/sites/${siteId}`, { customDomain: "" });
    expect(removed.status).toBe(200);
    expect(removed.body.certificate).toBeNull();
    // Disabled, then deleted once CloudFront (here its stand-in) has deployed the disable.
    for (let run = 0; run < 4 && (await tenantsOf(domain)).length > 0; run++) {
      await stack.certificateChecks.run();
    }
    expect(await tenantsOf(domain)).toEqual([]);
    // No routing entry any more: the name is no hosted site (locally the portal answers it).
    const after = await served(`www.${domain}`);
    expect(after.status).not.toBe(301);
    expect(after.location).toBeUndefined();
  });
});
