/**
 * Uptime and certificate monitoring (docs/monitoring.md) through the local stack: the
 * scheduled handler (run now with `stack.uptime.run()`, as the production rule would) checks
 * live sites served by this file on 127.0.0.1 (allowlisted for this stack only): one up, one
 * down, one slow, one over TLS with a self-signed certificate that expires in 5 days. The
 * customer reads the result at GET /api/sites/{id}/uptime; incidents and the certificate are
 * mailed once, through the events queue and the notifications consumer, to the local inbox.
 */
import { createServer } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type SignedIn, signUpCustomer, signUpStaff } from "../support/dev-identity";
import { useServers } from "../support/servers";
import { selfSignedCert } from "../support/tls-cert";

const SLOW_MS = 1200;

let stack: LocalStack;
let db: typeof import("@portal/core/db/service").db;
const servers = useServers();
let downPort = 0;
let customer: SignedIn;
let other: SignedIn;
const sites: Record<"up" | "down" | "slow" | "tls" | "notLive" | "suspended", string> = {
  up: "",
  down: "",
  slow: "",
  tls: "",
  notLive: "",
  suspended: "",
};

const ok = () => createServer((_req, res) => res.writeHead(200).end("open"));

beforeAll(async () => {
  const upPort = await servers.listen(ok());
  const slowPort = await servers.listen(
    createServer((_req, res) => setTimeout(() => res.writeHead(200).end("late"), SLOW_MS)),
  );
  const tlsPort = await servers.listen(
    createTlsServer(selfSignedCert(5), (_req, res) => res.writeHead(200).end("secure")),
  );
  downPort = await servers.unusedPort();

  stack = await startLocalStack({
    port: 0,
    logRequests: false,
    allowOutboundHosts: ["127.0.0.1"],
    queue: { visibilityTimeoutMs: 200 },
  });
  ({ db } = await import("@portal/core/db/service"));
  customer = await signUpCustomer({ firstName: "Ada" }, stack.url);
  other = await signUpCustomer({}, stack.url);
  const create = async (name: string, liveUrl: string, status: "live" | "development" = "live") =>
    (await db.entities.site.create({ userId: customer.user.id, name, status, liveUrl }).go()).data
      .siteId;
  // Made live the way the team does it (a status write), not created live: the index of
  // live sites must follow a status change.
  sites.up = await create("Up Bakery", `http://127.0.0.1:${upPort}/`, "development");
  await db.entities.site
    .patch({ userId: customer.user.id, siteId: sites.up })
    .set({ status: "live" })
    .go();
  sites.down = await create("Down Bakery", `http://127.0.0.1:${downPort}/`);
  sites.slow = await create("Slow Bakery", `http://127.0.0.1:${slowPort}/`);
  sites.tls = await create("Secure Bakery", `https://127.0.0.1:${tlsPort}/`);
  sites.notLive = await create("Draft Bakery", `http://127.0.0.1:${upPort}/`, "development");
  // Live, but offline on purpose since the subscription ended (docs/billing.md): its address
  // does not answer, and that must neither be checked nor mailed.
  sites.suspended = await create("Lapsed Bakery", `http://127.0.0.1:${downPort}/`);
  await db.entities.site
    .patch({ userId: customer.user.id, siteId: sites.suspended })
    .set({ suspendedAt: new Date().toISOString() })
    .go();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

interface Uptime {
  monitored: boolean;
  uptime30d: number | null;
  lastCheck: {
    ok: boolean;
    status: number | null;
    responseMs: number | null;
    error: string | null;
  } | null;
  openIncident: { startedAt: string; endedAt: string | null; reason: string } | null;
  lastIncident: { startedAt: string; endedAt: string | null; reason: string } | null;
  certificate: { expiresAt: string; daysLeft: number } | null;
  days: { day: string; checks: number; failures: number }[];
}

async function uptime(siteId: string, who = customer) {
  const response = await fetch(`${stack.url}/api/sites/${siteId}/uptime`, {
    headers: bearer(who.token),
  });
  return { status: response.status, body: (await response.json()) as Uptime };
}

async function mailSubjects(): Promise<string[]> {
  await stack.events.idle();
  return stack.mail
    .messages()
    .filter((m) => m.envelope.to.includes(customer.user.email))
    .map((m) => m.subject);
}

describe("uptime checks", () => {
  it("records status, response time and certificate expiry of every live site", async () => {
    await stack.uptime.run();

    const up = (await uptime(sites.up)).body;
    expect(up.monitored).toBe(true);
    expect(up.lastCheck).toMatchObject({ ok: true, status: 200 });
    expect(up.uptime30d).toBe(100);
    expect(up.days).toHaveLength(30);
    expect(up.days.at(-1)).toMatchObject({ checks: 1, failures: 0 });

    const down = (await uptime(sites.down)).body;
    expect(down.lastCheck).toMatchObject({ ok: false, error: "The server refused the connection" });
    expect(down.uptime30d).toBe(0);
    // One failure is not an incident yet.
    expect(down.openIncident).toBeNull();

    const slow = (await uptime(sites.slow)).body;
    expect(slow.lastCheck?.ok).toBe(true);
    expect(slow.lastCheck?.responseMs).toBeGreaterThanOrEqual(SLOW_MS - 50);

    const tls = (await uptime(sites.tls)).body;
    expect(tls.lastCheck).toMatchObject({ ok: true, status: 200 });
    expect(tls.certificate?.daysLeft).toBeGreaterThanOrEqual(4);
    expect(tls.certificate?.daysLeft).toBeLessThanOrEqual(5);

    const draft = (await uptime(sites.notLive)).body;
    expect(draft.monitored).toBe(false);
    expect(draft.lastCheck).toBeNull();

    expect((await uptime(sites.suspended)).body.lastCheck).toBeNull();

    expect(await mailSubjects()).toEqual([
      "Secure Bakery: the HTTPS certificate expires in 4 days",
    ]);
  });

  it("two failures in a row open an incident, mailed once; recovery closes it", async () => {
    await stack.uptime.run();
    let down = (await uptime(sites.down)).body;
    expect(down.openIncident?.reason).toBe("The server refused the connection");
    expect(down.days.at(-1)).toMatchObject({ checks: 2, failures: 2 });

    await stack.uptime.run();
    let subjects = await mailSubjects();
    expect(subjects.filter((s) => s === "Down Bakery is down")).toHaveLength(1);
    // The certificate is announced once, not on every run.
    expect(subjects.filter((s) => s.includes("certificate"))).toHaveLength(1);

    // The team sees the outage and the certificate on the customer's page.
    const staff = await signUpStaff({}, stack.url, stack.env.DEV_IDENTITY_ADMIN_TOKEN);
    const page = await fetch(`${stack.url}/api/staff/customers/${customer.user.id}`, {
      headers: bearer(staff.token),
    });
    expect(page.status).toBe(200);
    const { monitoring } = (await page.json()) as {
      monitoring: (Pick<Uptime, "openIncident" | "certificate"> & { siteId: string })[];
    };
    const bySite = new Map(monitoring.map((m) => [m.siteId, m]));
    expect(bySite.get(sites.down)?.openIncident?.reason).toBe("The server refused the connection");
    expect(bySite.get(sites.tls)?.certificate?.daysLeft).toBeLessThanOrEqual(5);

    await servers.listen(ok(), downPort);
    await stack.uptime.run();
    down = (await uptime(sites.down)).body;
    expect(down.openIncident).toBeNull();
    expect(down.lastIncident?.endedAt).toBeTruthy();
    expect(down.uptime30d).toBe(25);
    subjects = await mailSubjects();
    expect(subjects.filter((s) => s === "Down Bakery is back up")).toHaveLength(1);
    expect(subjects.filter((s) => s === "Down Bakery is down")).toHaveLength(1);
  });

  it("another customer's site is a 404", async () => {
    expect((await uptime(sites.up, other)).status).toBe(404);
  });
});
