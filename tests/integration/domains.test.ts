/**
 * Custom domains end to end: Add Domain claims the name and answers the records to create;
 * Verify Domain asks a real DNS server over the wire. The server is a dns2 instance on
 * 127.0.0.1 holding a small zone this file edits; the stack's resolver (DNS_RESOLVER) points
 * at it, which is why this file starts its own local stack instead of the suite's.
 */

import { siteListSchema } from "@portal/core/contracts/sites";
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import dns2 from "dns2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type SignedIn, signUpCustomer } from "../support/dev-identity";

const CNAME_TARGET = "sites.hostingco.net";
const A_RECORD = "203.0.113.10";

/** host → its records, as the customer's DNS provider would publish them. */
const zone = new Map<string, { cname?: string; a?: string[] }>();

const { Packet } = dns2;
/** RFC 1035 response code "name error": the name does not exist (Packet.RCODE lacks a type). */
const NXDOMAIN = 3;
type Answer = ReturnType<typeof Packet.createResponseFromRequest>["answers"][number];
// dns2's types want encoder methods on answers; the packet encoder only reads these fields.
const answer = (fields: Record<string, unknown>) => fields as unknown as Answer;
const dnsServer = dns2.createServer({
  udp: true,
  handle(request, send) {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = (question?.name ?? "").toLowerCase();
    const entry = zone.get(name);
    if (!question || !entry) {
      response.header.rcode = NXDOMAIN;
      void send(response);
      return;
    }
    const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
    if (entry.cname) {
      // A recursive resolver answers an A question for an alias with the alias itself.
      response.answers.push(answer({ ...base, type: Packet.TYPE.CNAME, domain: entry.cname }));
    } else if (question.type === Packet.TYPE.A) {
      for (const address of entry.a ?? []) {
        response.answers.push(answer({ ...base, type: Packet.TYPE.A, address }));
      }
    }
    void send(response);
  },
});

let stack: LocalStack;
let db: typeof import("@portal/core/db/service").db;

beforeAll(async () => {
  const { udp } = await dnsServer.listen({ udp: { port: 0, address: "127.0.0.1" } });
  if (!udp) throw new Error("the DNS server did not listen on UDP");
  stack = await startLocalStack({
    port: 0,
    logRequests: false,
    dns: { resolver: `127.0.0.1:${udp.port}`, cnameTarget: CNAME_TARGET, aRecord: A_RECORD },
  });
  ({ db } = await import("@portal/core/db/service"));
});

afterAll(async () => {
  await stack?.stop();
  await dnsServer.close();
});

async function call(who: SignedIn, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: {
      ...bearer(who.token),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function customerWithSite(): Promise<{ who: SignedIn; siteId: string }> {
  const who = await signUpCustomer({}, stack.url);
  const { data } = await db.entities.site
    .create({ userId: who.user.id, name: "Corner Bakery", status: "live" })
    .go();
  return { who, siteId: data.siteId };
}

const siteOf = async (who: SignedIn, siteId: string) =>
  siteListSchema.parse((await call(who, "GET", "/api/sites")).body).find((s) => s.id === siteId);

describe("POST /api/sites/{id}/domain", () => {
  it("a www domain: normalised, pending, and one CNAME named www", async () => {
    const { who, siteId } = await customerWithSite();
    const { status, body } = await call(who, "POST", `/api/sites/${siteId}/domain`, {
      domain: "  WWW.Corner-Bakery-One.com ",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      message: "Domain successfully added to your site. Configure DNS records below.",
      domain: "www.corner-bakery-one.com",
      records: [
        { type: "CNAME", name: "www", value: CNAME_TARGET, host: "www.corner-bakery-one.com" },
      ],
    });
    expect(await siteOf(who, siteId)).toMatchObject({
      customDomain: "www.corner-bakery-one.com",
      domainStatus: "pending",
      domainVerified: false,
      // The list carries the records too, so the settings page can show them after a reload.
      dnsRecords: [{ type: "CNAME", name: "www", value: CNAME_TARGET }],
    });
  });

  it("an apex domain: a CNAME named @ plus the A record", async () => {
    const { who, siteId } = await customerWithSite();
    const { body } = await call(who, "POST", `/api/sites/${siteId}/domain`, {
      domain: "corner-bakery-two.co.uk",
    });
    expect(body.records).toEqual([
      { type: "CNAME", name: "@", value: CNAME_TARGET, host: "corner-bakery-two.co.uk" },
      { type: "A", name: "@", value: A_RECORD, host: "corner-bakery-two.co.uk" },
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
    const { who, siteId } = await customerWithSite();
    const { status, body } = await call(who, "POST", `/api/sites/${siteId}/domain`, { domain });
    expect(status).toBe(400);
    expect(body.error.fields.domain).toBe(message);
    expect((await siteOf(who, siteId))?.customDomain ?? null).toBeNull();
  });

  it("a second customer cannot claim a domain the first holds, until the first lets it go", async () => {
    const first = await customerWithSite();
    const second = await customerWithSite();
    expect(
      (
        await call(first.who, "POST", `/api/sites/${first.siteId}/domain`, {
          domain: "contested-bakery.com",
        })
      ).status,
    ).toBe(200);

    const taken = await call(second.who, "POST", `/api/sites/${second.siteId}/domain`, {
      domain: "Contested-Bakery.com",
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe("This domain is already connected to another site");
    // Nor through the settings form's PATCH, and the rest of that PATCH is not applied.
    const patched = await call(second.who, "PATCH", `/api/sites/${second.siteId}`, {
      name: "Renamed",
      customDomain: "contested-bakery.com",
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
    await call(first.who, "POST", `/api/sites/${first.siteId}/domain`, {
      domain: "new-bakery-name.com",
    });
    expect(
      (
        await call(second.who, "POST", `/api/sites/${second.siteId}/domain`, {
          domain: "contested-bakery.com",
        })
      ).status,
    ).toBe(200);
  });

  it("deleting the site releases its domain", async () => {
    const first = await customerWithSite();
    const second = await customerWithSite();
    await call(first.who, "POST", `/api/sites/${first.siteId}/domain`, {
      domain: "short-lived-bakery.com",
    });
    expect((await call(first.who, "DELETE", `/api/sites/${first.siteId}`)).status).toBe(204);
    const { data: claim } = await db.entities.domainClaim
      .get({ domain: "short-lived-bakery.com" })
      .go();
    expect(claim).toBeNull();
    expect(
      (
        await call(second.who, "POST", `/api/sites/${second.siteId}/domain`, {
          domain: "short-lived-bakery.com",
        })
      ).status,
    ).toBe(200);
  });
});

describe("POST /api/sites/{id}/verify-domain against a DNS server", () => {
  async function withDomain(domain: string) {
    const { who, siteId } = await customerWithSite();
    await call(who, "POST", `/api/sites/${siteId}/domain`, { domain });
    return { who, siteId, verify: () => call(who, "POST", `/api/sites/${siteId}/verify-domain`) };
  }

  it("missing records: not verified, still pending", async () => {
    const { who, siteId, verify } = await withDomain("www.missing-records-bakery.com");
    const { status, body } = await verify();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      verified: false,
      checks: [{ type: "CNAME", expected: CNAME_TARGET, found: [], ok: false }],
    });
    expect(await siteOf(who, siteId)).toMatchObject({
      domainStatus: "pending",
      domainVerified: false,
    });
  });

  it("a CNAME to the wrong host: not verified", async () => {
    zone.set("www.wrong-records-bakery.com", { cname: "ghs.otherhost.com" });
    const { verify } = await withDomain("www.wrong-records-bakery.com");
    const { body } = await verify();
    expect(body.verified).toBe(false);
    expect(body.checks[0]).toMatchObject({ found: ["ghs.otherhost.com"], ok: false });
  });

  it("the right CNAME: verified, active with SSL, and an activity", async () => {
    zone.set("www.right-records-bakery.com", { cname: `${CNAME_TARGET.toUpperCase()}.` });
    const { who, siteId, verify } = await withDomain("www.right-records-bakery.com");
    await call(who, "PATCH", `/api/sites/${siteId}`, { sslEnabled: false });
    const { body } = await verify();
    expect(body).toMatchObject({
      verified: true,
      site: { domainStatus: "active", sslEnabled: true },
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
  });

  it("an apex: verified by its A record, refused while another address remains", async () => {
    zone.set("apex-bakery.com", { a: [A_RECORD, "198.51.100.7"] });
    const { who, siteId, verify } = await withDomain("apex-bakery.com");
    expect((await verify()).body.verified).toBe(false);

    zone.set("apex-bakery.com", { a: [A_RECORD] });
    const { body } = await verify();
    expect(body.verified).toBe(true);
    expect(await siteOf(who, siteId)).toMatchObject({ domainVerified: true });
  });

  it("a site without a domain cannot be verified", async () => {
    const { who, siteId } = await customerWithSite();
    const { status } = await call(who, "POST", `/api/sites/${siteId}/verify-domain`);
    expect(status).toBe(422);
  });
});
