/**
 * Custom domains end to end: Add Domain claims the name and answers the records to create
 * (pointing records and the claim's TXT token); Verify Domain asks a real DNS server over the
 * wire. The server is tests/support/dns-zone.ts's, holding a small zone this file edits; the
 * stack's resolver (DNS_RESOLVER) points at it, which is why this file starts its own local
 * stack instead of the suite's. That stack's claims lapse after 3 days (DOMAIN_CLAIM_TTL_DAYS).
 */

import { siteListSchema } from "@portal/core/contracts/sites";
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { customerWithSite, type SignedIn } from "../support/dev-identity";
import { useDnsZone } from "../support/dns-zone";

const CNAME_TARGET = "sites.hostingco.net";
const A_RECORD = "203.0.113.10";

const CLAIM_TTL_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

const dns = useDnsZone();

let stack: LocalStack;
let db: typeof import("@portal/core/db/service").db;

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    logRequests: false,
    dns: {
      resolver: dns().resolver,
      cnameTarget: CNAME_TARGET,
      aRecord: A_RECORD,
      claimTtlDays: String(CLAIM_TTL_DAYS),
    },
  });
  ({ db } = await import("@portal/core/db/service"));
});

afterAll(async () => {
  await stack?.stop();
});

const call = apiAt(() => stack.url);

const siteOf = async (who: SignedIn, siteId: string) =>
  siteListSchema.parse((await call(who, "GET /api/sites")).body).find((s) => s.id === siteId);

type Records = { type: string; host: string; value: string }[];

/** The TXT record among the records Add Domain answered. */
function tokenRecord(records: Records) {
  const txt = records.find((r) => r.type === "TXT");
  if (!txt) throw new Error("no TXT record among the DNS records");
  return txt;
}

/**
 * Moves a claim's clock back, as if it had been made `days` ago: claims are stamped by the
 * server, so the test rewrites the stored items (the claim, and the site's copy of its expiry).
 */
async function backdateClaim(domain: string, days: number) {
  const { data: claim } = await db.entities.domainClaim.get({ domain }).go({ consistent: true });
  if (!claim) throw new Error(`no claim for ${domain}`);
  const createdAt = new Date(Date.now() - days * DAY_MS);
  const expiresAt = new Date(createdAt.getTime() + CLAIM_TTL_DAYS * DAY_MS).toISOString();
  await db.entities.domainClaim.delete({ domain }).go();
  await db.entities.domainClaim
    .create({ ...claim, createdAt: createdAt.toISOString(), expiresAt })
    .go();
  await db.entities.site
    .patch({ userId: claim.userId, siteId: claim.siteId })
    .set({ domainClaimExpiresAt: expiresAt })
    .go();
}

describe("POST /api/sites/{id}/domain", () => {
  it("a www domain: normalised, pending, and one CNAME named www", async () => {
    const { who, siteId } = await customerWithSite({}, stack.url);
    const { status, body } = await call(who, "POST /api/sites/{id}/domain", {
      params: { id: siteId },
      body: {
        domain: "  WWW.Corner-Bakery-One.com ",
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      message: "Domain successfully added to your site. Configure DNS records below.",
      domain: "www.corner-bakery-one.com",
      records: [
        { type: "CNAME", name: "www", value: CNAME_TARGET, host: "www.corner-bakery-one.com" },
        {
          type: "TXT",
          name: "_portal-verify.www",
          value: expect.stringMatching(/^portal-verify=[0-9a-f]{32}$/),
          host: "_portal-verify.www.corner-bakery-one.com",
        },
      ],
    });
    const site = await siteOf(who, siteId);
    expect(site).toMatchObject({
      customDomain: "www.corner-bakery-one.com",
      domainStatus: "pending",
      domainVerified: false,
      // The list carries the records too, so the settings page can show them after a reload.
      dnsRecords: [
        { type: "CNAME", name: "www", value: CNAME_TARGET },
        { type: "TXT", value: tokenRecord(body.records).value },
      ],
    });
    // Reserved for the stage's claim lifetime, here 3 days.
    const expiresIn = Date.parse(site?.domainClaimExpiresAt ?? "") - Date.now();
    expect(expiresIn).toBeGreaterThan(CLAIM_TTL_DAYS * DAY_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(CLAIM_TTL_DAYS * DAY_MS);

    // Adding it again keeps the same claim: the same token, the same expiry.
    const again = await call(who, "POST /api/sites/{id}/domain", {
      params: { id: siteId },
      body: {
        domain: "www.corner-bakery-one.com",
      },
    });
    expect(tokenRecord(again.body.records).value).toBe(tokenRecord(body.records).value);
    expect((await siteOf(who, siteId))?.domainClaimExpiresAt).toBe(site?.domainClaimExpiresAt);
  });

  it("each claim has its own token", async () => {
    const first = await customerWithSite({}, stack.url);
    const second = await customerWithSite({}, stack.url);
    const a = await call(first.who, "POST /api/sites/{id}/domain", {
      params: { id: first.siteId },
      body: {
        domain: "token-one-bakery.com",
      },
    });
    const b = await call(second.who, "POST /api/sites/{id}/domain", {
      params: { id: second.siteId },
      body: {
        domain: "token-two-bakery.com",
      },
    });
    expect(tokenRecord(a.body.records).value).not.toBe(tokenRecord(b.body.records).value);
  });

  it("an apex domain: a CNAME named @ plus the A record", async () => {
    const { who, siteId } = await customerWithSite({}, stack.url);
    const { body } = await call(who, "POST /api/sites/{id}/domain", {
      params: { id: siteId },
      body: {
        domain: "corner-bakery-two.co.uk",
      },
    });
    expect(body.records).toEqual([
      { type: "CNAME", name: "@", value: CNAME_TARGET, host: "corner-bakery-two.co.uk" },
      { type: "A", name: "@", value: A_RECORD, host: "corner-bakery-two.co.uk" },
      {
        type: "TXT",
        name: "_portal-verify",
        value: expect.stringMatching(/^portal-verify=/),
        host: "_portal-verify.corner-bakery-two.co.uk",
      },
    ]);
  });

  it.each([
    [
      "https://corner-bakery.com/menu",
      "Enter a domain name such as www.example.com, without http://, a path or a port",
    ],
    ["203.0.113.5", "Enter a domain name, not an IP address"],
    ["shop.hostingco.net", "This domain belongs to the portal and cannot be connected to a site"],
    ["", "Please enter a domain first"],
  ])("refuses %j", async (domain, message) => {
    const { who, siteId } = await customerWithSite({}, stack.url);
    const { status, body } = await call(who, "POST", `/api/sites/${siteId}/domain`, { domain });
    expect(status).toBe(400);
    expect(body.error.fields.domain).toBe(message);
    expect((await siteOf(who, siteId))?.customDomain ?? null).toBeNull();
  });

  it("a second customer cannot claim a domain the first holds, until the first lets it go", async () => {
    const first = await customerWithSite({}, stack.url);
    const second = await customerWithSite({}, stack.url);
    expect(
      (
        await call(first.who, "POST /api/sites/{id}/domain", {
          params: { id: first.siteId },
          body: {
            domain: "contested-bakery.com",
          },
        })
      ).status,
    ).toBe(200);

    const taken = await call(second.who, "POST", `/api/sites/${second.siteId}/domain`, {
      domain: "Contested-Bakery.com",
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe("This domain is already connected to another site");
    // Nor through the settings form's PATCH, and the rest of that PATCH is not applied.
    const patched = await call(second.who, "PATCH /api/sites/{id}", {
      params: { id: second.siteId },
      body: {
        name: "Renamed",
        customDomain: "contested-bakery.com",
      },
    });
    expect(patched.status).toBe(409);
    expect(await siteOf(second.who, second.siteId)).toMatchObject({
      name: "Corner Bakery",
      customDomain: null,
    });
    const { data: claim } = await db.entities.domainClaim
      .get({ domain: "contested-bakery.com" })
      .go();
    expect(claim).toMatchObject({ userId: first.who.user.id, siteId: first.siteId });

    // The first customer moves to another domain: the old claim is released.
    await call(first.who, "POST /api/sites/{id}/domain", {
      params: { id: first.siteId },
      body: {
        domain: "new-bakery-name.com",
      },
    });
    expect(
      (
        await call(second.who, "POST /api/sites/{id}/domain", {
          params: { id: second.siteId },
          body: {
            domain: "contested-bakery.com",
          },
        })
      ).status,
    ).toBe(200);
  });

  it("deleting the site releases its domain", async () => {
    const first = await customerWithSite({}, stack.url);
    const second = await customerWithSite({}, stack.url);
    await call(first.who, "POST /api/sites/{id}/domain", {
      params: { id: first.siteId },
      body: {
        domain: "short-lived-bakery.com",
      },
    });
    expect(
      (await call(first.who, "DELETE /api/sites/{id}", { params: { id: first.siteId } })).status,
    ).toBe(204);
    const { data: claim } = await db.entities.domainClaim
      .get({ domain: "short-lived-bakery.com" })
      .go();
    expect(claim).toBeNull();
    expect(
      (
        await call(second.who, "POST /api/sites/{id}/domain", {
          params: { id: second.siteId },
          body: {
            domain: "short-lived-bakery.com",
          },
        })
      ).status,
    ).toBe(200);
  });
});

describe("POST /api/sites/{id}/verify-domain against a DNS server", () => {
  async function withDomain(domain: string, who?: { who: SignedIn; siteId: string }) {
    const owner = who ?? (await customerWithSite({}, stack.url));
    const added = await call(owner.who, "POST /api/sites/{id}/domain", {
      params: { id: owner.siteId },
      body: { domain },
    });
    expect(added.status).toBe(200);
    return {
      ...owner,
      records: added.body.records as Records,
      verify: () =>
        call(owner.who, "POST /api/sites/{id}/verify-domain", { params: { id: owner.siteId } }),
    };
  }

  it("missing records: not verified, still pending", async () => {
    const { who, siteId, verify } = await withDomain("www.missing-records-bakery.com");
    const { status, body } = await verify();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      verified: false,
      checks: [
        { type: "CNAME", expected: CNAME_TARGET, found: [], ok: false },
        {
          type: "TXT",
          host: "_portal-verify.www.missing-records-bakery.com",
          found: [],
          ok: false,
        },
      ],
    });
    expect(await siteOf(who, siteId)).toMatchObject({
      domainStatus: "pending",
      domainVerified: false,
    });
  });

  it("a CNAME to the wrong host: not verified", async () => {
    dns().records.set("www.wrong-records-bakery.com", { cname: "ghs.otherhost.com" });
    const { verify, records } = await withDomain("www.wrong-records-bakery.com");
    dns().publish(records.filter((r) => r.type === "TXT"));
    const { body } = await verify();
    expect(body.verified).toBe(false);
    expect(body.checks[0]).toMatchObject({ found: ["ghs.otherhost.com"], ok: false });
  });

  it("the right CNAME without the TXT token is not verified: pointing at us proves no ownership", async () => {
    const { who, siteId, verify, records } = await withDomain("www.no-token-bakery.com");
    dns().publish(records.filter((r) => r.type !== "TXT"));
    const first = await verify();
    expect(first.body).toMatchObject({
      verified: false,
      checks: [
        { type: "CNAME", ok: true },
        { type: "TXT", found: [], ok: false },
      ],
    });
    // A TXT record with some other token (another claim's, an old one) does not do either.
    dns().records.set(tokenRecord(records).host, {
      txt: ["portal-verify=0123456789abcdef0123456789abcdef"],
    });
    expect((await verify()).body.verified).toBe(false);
    expect(await siteOf(who, siteId)).toMatchObject({ domainStatus: "pending" });
  });

  it("the right CNAME and this claim's token: verified, active with SSL, and an activity", async () => {
    dns().records.set("www.right-records-bakery.com", { cname: `${CNAME_TARGET.toUpperCase()}.` });
    const { who, siteId, verify, records } = await withDomain("www.right-records-bakery.com");
    dns().publish(records.filter((r) => r.type === "TXT"));
    await call(who, "PATCH /api/sites/{id}", {
      params: { id: siteId },
      body: { sslEnabled: false },
    });
    const { body } = await verify();
    expect(body).toMatchObject({
      verified: true,
      site: { domainStatus: "active", sslEnabled: true, domainClaimExpiresAt: null },
    });
    expect(await siteOf(who, siteId)).toMatchObject({
      domainStatus: "active",
      domainVerified: true,
      sslEnabled: true,
    });
    const { data: activities } = await db.entities.activity.query
      .byOwner({ userId: who.user.id })
      .go();
    expect(activities.map((a) => a.type)).toContain("domain_verified");
    // A verified claim no longer lapses: the owner may remove the TXT record.
    const { data: claim } = await db.entities.domainClaim
      .get({ domain: "www.right-records-bakery.com" })
      .go();
    expect(claim).toMatchObject({ verifiedAt: expect.any(String) });
    expect(claim?.expiresAt).toBeUndefined();
  });

  it("an apex: verified by its A record and token, refused while another address remains", async () => {
    dns().records.set("apex-bakery.com", { a: [A_RECORD, "198.51.100.7"] });
    const { who, siteId, verify, records } = await withDomain("apex-bakery.com");
    dns().publish(records.filter((r) => r.type === "TXT"));
    expect((await verify()).body.verified).toBe(false);

    dns().records.set("apex-bakery.com", { a: [A_RECORD] });
    const { body } = await verify();
    expect(body.verified).toBe(true);
    expect(await siteOf(who, siteId)).toMatchObject({ domainVerified: true });
  });

  it("a domain a former customer still points at us cannot be verified by someone else", async () => {
    // The first customer verifies, then moves on without touching DNS.
    const domain = "www.left-behind-bakery.com";
    const first = await withDomain(domain);
    dns().publish(first.records);
    expect((await first.verify()).body.verified).toBe(true);
    await call(first.who, "PATCH /api/sites/{id}", {
      params: { id: first.siteId },
      body: { customDomain: "" },
    });

    // The domain is free to claim, but its records (CNAME and the old token) prove nothing
    // for the newcomer, whose claim has a token of its own.
    const second = await withDomain(domain);
    expect(tokenRecord(second.records).value).not.toBe(tokenRecord(first.records).value);
    const attempt = await second.verify();
    expect(attempt.body).toMatchObject({
      verified: false,
      checks: [
        { type: "CNAME", ok: true },
        { type: "TXT", found: [tokenRecord(first.records).value], ok: false },
      ],
    });
    expect(await siteOf(second.who, second.siteId)).toMatchObject({ domainStatus: "pending" });
  });

  it("a site without a domain cannot be verified", async () => {
    const { who, siteId } = await customerWithSite({}, stack.url);
    const { status } = await call(who, "POST /api/sites/{id}/verify-domain", {
      params: { id: siteId },
    });
    expect(status).toBe(422);
  });
});

describe("unverified claims lapse", () => {
  it("a lapsed claim is refused by verify, even with every record in place, until added again", async () => {
    const domain = "www.slow-owner-bakery.com";
    const { who, siteId } = await customerWithSite({}, stack.url);
    const added = await call(who, "POST /api/sites/{id}/domain", {
      params: { id: siteId },
      body: { domain },
    });
    dns().publish(added.body.records);
    await backdateClaim(domain, CLAIM_TTL_DAYS + 1);
    expect(Date.parse((await siteOf(who, siteId))?.domainClaimExpiresAt ?? "")).toBeLessThan(
      Date.now(),
    );

    const refused = await call(who, "POST", `/api/sites/${siteId}/verify-domain`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.domain).toBe(
      "The time to verify this domain has run out. Add the domain again to get a new TXT record.",
    );
    expect(await siteOf(who, siteId)).toMatchObject({ domainStatus: "pending" });

    // Added again (nobody else took it): a new period with a new token, which DNS must hold.
    const renewed = await call(who, "POST", `/api/sites/${siteId}/domain`, { domain });
    expect(renewed.status).toBe(200);
    const newToken = tokenRecord(renewed.body.records);
    expect(newToken.value).not.toBe(tokenRecord(added.body.records).value);
    expect(Date.parse(renewed.body.site.domainClaimExpiresAt)).toBeGreaterThan(Date.now());
    expect(
      (await call(who, "POST /api/sites/{id}/verify-domain", { params: { id: siteId } })).body
        .verified,
    ).toBe(false);
    dns().publish([newToken]);
    expect(
      (await call(who, "POST /api/sites/{id}/verify-domain", { params: { id: siteId } })).body
        .verified,
    ).toBe(true);
  });

  it("a customer cannot renew a lapsed claim for ever, nor start over by letting it go", async () => {
    const domain = "www.renewed-forever.com";
    const { who, siteId } = await customerWithSite({}, stack.url);
    const add = () => call(who, "POST", `/api/sites/${siteId}/domain`, { domain });
    // First period, then two renewals of the lapsed claim: three unverified periods.
    expect((await add()).status).toBe(200);
    for (let renewal = 0; renewal < 2; renewal++) {
      await backdateClaim(domain, CLAIM_TTL_DAYS + 1);
      expect((await add()).status).toBe(200);
    }
    await backdateClaim(domain, CLAIM_TTL_DAYS + 1);
    const refused = await add();
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(
      /^This domain was reserved for your sites 3 times without being verified\. You can add it again on .+; until then anyone who controls it may add it\.$/,
    );
    // Letting it go and adding it again (even to another site of theirs) is no way round.
    expect(
      (
        await call(who, "PATCH /api/sites/{id}", {
          params: { id: siteId },
          body: { customDomain: "" },
        })
      ).status,
    ).toBe(200);
    expect((await add()).status).toBe(422);
    // Anyone else may take it meanwhile.
    const owner = await customerWithSite({}, stack.url);
    const taken = await call(owner.who, "POST /api/sites/{id}/domain", {
      params: { id: owner.siteId },
      body: { domain },
    });
    expect(taken.status).toBe(200);
  });

  it("another customer may take a lapsed claim; the squatter's site lets it go and is told", async () => {
    const domain = "prospect-bakery.com";
    const squatter = await customerWithSite({}, stack.url);
    const owner = await customerWithSite({}, stack.url);
    expect(
      (
        await call(squatter.who, "POST /api/sites/{id}/domain", {
          params: { id: squatter.siteId },
          body: { domain },
        })
      ).status,
    ).toBe(200);
    // Within its time the claim holds, whoever asks.
    const early = await call(owner.who, "POST /api/sites/{id}/domain", {
      params: { id: owner.siteId },
      body: { domain },
    });
    expect(early.status).toBe(409);

    await backdateClaim(domain, CLAIM_TTL_DAYS + 1);
    const taken = await call(owner.who, "POST /api/sites/{id}/domain", {
      params: { id: owner.siteId },
      body: { domain },
    });
    expect(taken.status).toBe(200);
    const { data: claim } = await db.entities.domainClaim.get({ domain }).go({ consistent: true });
    expect(claim).toMatchObject({ userId: owner.who.user.id, siteId: owner.siteId });

    expect(await siteOf(squatter.who, squatter.siteId)).toMatchObject({
      customDomain: null,
      domainStatus: null,
      dnsRecords: [],
    });
    const { data: activities } = await db.entities.activity.query
      .byOwner({ userId: squatter.who.user.id })
      .go();
    expect(activities.map((a) => a.description)).toContain(
      `Custom domain ${domain} was released from Corner Bakery: it was not verified within ${CLAIM_TTL_DAYS} days`,
    );
    // The former holder cannot verify (it holds nothing) nor take it back.
    expect(
      (
        await call(squatter.who, "POST /api/sites/{id}/verify-domain", {
          params: { id: squatter.siteId },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(squatter.who, "POST /api/sites/{id}/domain", {
          params: { id: squatter.siteId },
          body: { domain },
        })
      ).status,
    ).toBe(409);

    // The new holder verifies with its own token.
    dns().publish(taken.body.records);
    expect(
      (
        await call(owner.who, "POST /api/sites/{id}/verify-domain", {
          params: { id: owner.siteId },
        })
      ).body.verified,
    ).toBe(true);
  });

  it("a verified claim does not lapse, however old", async () => {
    const domain = "www.settled-bakery.com";
    const holder = await customerWithSite({}, stack.url);
    const added = await call(holder.who, "POST /api/sites/{id}/domain", {
      params: { id: holder.siteId },
      body: { domain },
    });
    dns().publish(added.body.records);
    expect(
      (
        await call(holder.who, "POST /api/sites/{id}/verify-domain", {
          params: { id: holder.siteId },
        })
      ).body.verified,
    ).toBe(true);
    await backdateClaim(domain, 365);
    const other = await customerWithSite({}, stack.url);
    expect(
      (
        await call(other.who, "POST /api/sites/{id}/domain", {
          params: { id: other.siteId },
          body: { domain },
        })
      ).status,
    ).toBe(409);
  });

  it("a site whose claim was taken meanwhile cannot verify it", async () => {
    const domain = "www.raced-bakery.com";
    const first = await customerWithSite({}, stack.url);
    const added = await call(first.who, "POST /api/sites/{id}/domain", {
      params: { id: first.siteId },
      body: { domain },
    });
    dns().publish(added.body.records);
    // Another site holds the claim now, while the first site's item still shows the domain
    // (the clean-up after a take-over is best effort).
    const second = await customerWithSite({}, stack.url);
    await db.entities.domainClaim.delete({ domain }).go();
    await db.entities.domainClaim
      .create({ domain, userId: second.who.user.id, siteId: second.siteId, token: "f".repeat(32) })
      .go();
    const refused = await call(first.who, "POST /api/sites/{id}/verify-domain", {
      params: { id: first.siteId },
    });
    expect(refused.status).toBe(409);
    expect(await siteOf(first.who, first.siteId)).toMatchObject({ domainVerified: false });
  });
});
