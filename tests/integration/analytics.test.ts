/**
 * First-party analytics through the local stack: page views sent the way the tracking script
 * sends them (text/plain JSON to the public POST /api/collect) are counted into the day's
 * aggregate; refused page views store nothing; GET /api/analytics/data answers the caller's own
 * sites only; the Google Analytics tracking ID is format-checked on the server.
 */
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { analyticsDataSchema, analyticsSettingsSchema } from "@portal/core/contracts/analytics";
import { LOCAL_VIEWER_COUNTRY_HEADER } from "@portal/devstack/api-gateway";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, type SignedIn, signUpCustomer } from "../support/dev-identity";
import { stackUrl, useStackEnv } from "../support/stack";

const env = useStackEnv();
const { db, newId } = await import("@portal/core/db/service");
const { documentClient } = await import("@portal/core/db/client");
const { VIEWS_PER_MINUTE } = await import("@portal/core/analytics/visitor-mark");

const url = stackUrl();

const browser = (n: number, device: "desktop" | "mobile" = "desktop") =>
  device === "mobile"
    ? `Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1 visitor-${n}`
    : `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 visitor-${n}`;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** POST /api/collect as the script does it: a string body (text/plain), no cookie, no token. */
async function collect(
  body: unknown,
  options: { userAgent?: string; country?: string; raw?: boolean } = {},
) {
  const response = await fetch(`${url}/api/collect`, {
    method: "POST",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      origin: "https://bakery.example",
      "user-agent": options.userAgent ?? browser(0),
      // The local stack's stand-in for CloudFront's geolocation (a client's own
      // cloudfront-viewer-country header is dropped, as CloudFront drops it).
      ...(options.country ? { [LOCAL_VIEWER_COUNTRY_HEADER]: options.country } : {}),
    },
    body: options.raw ? (body as string) : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function get(who: SignedIn, path: string) {
  const response = await fetch(`${url}${path}`, { headers: bearer(who.token) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function post(who: SignedIn, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      ...bearer(who.token),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function customer(firstName: string) {
  const who = await signUpCustomer({ firstName });
  expect((await get(who, "/api/auth/user")).status).toBe(200);
  return who;
}

async function createSite(userId: string, fields: Record<string, unknown> = {}) {
  const { data } = await db.entities.site
    .create({ userId, name: "Corner Bakery", status: "live", ...fields })
    .go();
  return data.siteId;
}

/** Everything stored for a site's analytics: day aggregates and visitor marks. */
async function storedFor(userId: string, siteId: string) {
  const { data: days } = await db.entities.analyticsDay.query.byOwner({ userId, siteId }).go();
  // A test may scan; no request path does.
  const marks = await documentClient.send(
    new ScanCommand({
      TableName: env.SST_Table_tableName_Main,
      FilterExpression: "begins_with(pk, :prefix)",
      ExpressionAttributeValues: { ":prefix": `$portal#analyticsVisitor#siteId_${siteId}#` },
    }),
  );
  return { days, marks: marks.Items ?? [] };
}

let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  alice = await customer("Alice");
  bob = await customer("Bob");
});

describe("POST /api/collect", () => {
  it("counts a concurrent burst of page views for one site and one day exactly", async () => {
    const siteId = await createSite(alice.user.id, { liveUrl: "https://bakery.example/" });
    // Who views what: 3 people on desktops and phones, one bot; sent all at once.
    const views = [
      { ua: browser(1), country: "DE", path: "/", referrer: "news.example.com" },
      { ua: browser(1), country: "DE", path: "/menu?utm_source=mail", referrer: "" },
      { ua: browser(1), country: "DE", path: "/menu", referrer: "" },
      { ua: browser(1), country: "DE", path: "/contact#map", referrer: "" },
      { ua: browser(2, "mobile"), country: "US", path: "/", referrer: "www.google.com" },
      { ua: browser(3), country: undefined, path: "/", referrer: "https://google.com/search" },
      { ua: browser(3), country: undefined, path: "/menu", referrer: "bakery.example" },
      { ua: GOOGLEBOT, country: "US", path: "/", referrer: "" },
      { ua: GOOGLEBOT, country: "US", path: "/menu", referrer: "" },
    ];
    const answers = await Promise.all(
      views.map((v) =>
        collect(
          { site: siteId, path: v.path, referrer: v.referrer, screen: "desktop" },
          { userAgent: v.ua, country: v.country },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(views.map(() => 202));
    expect(answers.map((a) => a.body.counted)).toEqual(views.map((v) => v.ua !== GOOGLEBOT));

    const { status, body } = await get(alice, `/api/analytics/data?site=${siteId}&range=7d`);
    expect(status).toBe(200);
    const data = analyticsDataSchema.parse(body);
    expect(data.totals).toEqual({ visitors: 3, pageViews: 7, singlePageVisitors: 1 });
    expect(data.daily).toHaveLength(7);
    expect(data.daily.at(-1)).toMatchObject({ visitors: 3, pageViews: 7 });
    expect(data.daily.slice(0, -1).every((d) => d.pageViews === 0)).toBe(true);
    expect(data.pages).toEqual([
      { key: "/", count: 3 },
      { key: "/menu", count: 3 },
      { key: "/contact", count: 1 },
    ]);
    // Internal navigation (the site's own host) is not a referral; hosts only, no www.
    expect(data.referrers).toEqual([
      { key: "google.com", count: 2 },
      { key: "news.example.com", count: 1 },
    ]);
    expect(data.countries).toEqual([
      { key: "DE", count: 4 },
      { key: "unknown", count: 2 },
      { key: "US", count: 1 },
    ]);
    expect(data.devices).toEqual([
      { key: "desktop", count: 6 },
      { key: "mobile", count: 1 },
    ]);

    // One visitor mark per person (not per view, not for the bot), holding no address or agent.
    const { marks } = await storedFor(alice.user.id, siteId);
    expect(marks).toHaveLength(3);
    for (const mark of marks) {
      expect(Object.keys(mark).sort()).toEqual(
        ["expiresAt", "minute", "minuteViews", "pk", "sk", "views"].sort(),
      );
      expect(JSON.stringify(mark)).not.toMatch(/127\.0\.0\.1|Firefox|iPhone/);
    }
  });

  it("refuses an unknown site, a malformed body and a 10 kB body, storing nothing", async () => {
    const siteId = await createSite(alice.user.id);
    const unknownSite = newId();

    expect((await collect({ site: unknownSite, path: "/" })).status).toBe(404);
    expect((await collect({ site: "../../etc", path: "/" })).status).toBe(404);
    expect((await collect("{not json", { raw: true })).status).toBe(400);
    expect((await collect("", { raw: true })).status).toBe(400);
    expect((await collect({ site: siteId })).status).toBe(400);
    expect((await collect({ site: siteId, path: "menu" })).status).toBe(400);
    expect((await collect({ site: siteId, path: `/${"a".repeat(2048)}` })).status).not.toBe(202);
    const tenKb = await collect({ site: siteId, path: "/", referrer: "x".repeat(10 * 1024) });
    expect(tenKb.status).toBe(413);
    expect(tenKb.body.error.code).toBe("payload_too_large");
    // The size is checked before the body is parsed: a large body is refused as large, not
    // read as JSON first.
    const tenKbJunk = await collect(`{${"x".repeat(10 * 1024)}`, { raw: true });
    expect(tenKbJunk.status).toBe(413);
    expect(tenKbJunk.body.error.code).toBe("payload_too_large");

    expect(await storedFor(alice.user.id, siteId)).toEqual({ days: [], marks: [] });
    const { marks } = await storedFor(alice.user.id, unknownSite);
    expect(marks).toEqual([]);
  });

  it("answers bots without counting them, and refuses sites with analytics turned off", async () => {
    const siteId = await createSite(alice.user.id);
    const bot = await collect({ site: siteId, path: "/" }, { userAgent: GOOGLEBOT });
    expect(bot).toEqual({ status: 202, body: { counted: false, reason: "bot" } });
    const noAgent = await collect({ site: siteId, path: "/" }, { userAgent: "" });
    expect(noAgent.body.counted).toBe(false);

    const off = await createSite(alice.user.id, { analyticsEnabled: false });
    expect((await collect({ site: off, path: "/" })).status).toBe(403);

    expect(await storedFor(alice.user.id, siteId)).toEqual({ days: [], marks: [] });
    expect(await storedFor(alice.user.id, off)).toEqual({ days: [], marks: [] });
  });

  it("starts a new day item when the day's item was deleted under a warm container", async () => {
    const siteId = await createSite(alice.user.id);
    expect((await collect({ site: siteId, path: "/" }, { userAgent: browser(21) })).status).toBe(
      202,
    );
    // What deleting the site does to its analytics, while the collector remembers the day.
    const { days } = await storedFor(alice.user.id, siteId);
    expect(days).toHaveLength(1);
    await db.entities.analyticsDay
      .delete({ userId: alice.user.id, siteId, day: days[0]?.day ?? "" })
      .go();

    expect(
      (await collect({ site: siteId, path: "/menu" }, { userAgent: browser(22) })).status,
    ).toBe(202);
    const after = await storedFor(alice.user.id, siteId);
    expect(after.days).toHaveLength(1);
    expect(after.days[0]).toMatchObject({ pageViews: 1, visitors: 1 });
  });

  it(`limits one visitor to ${VIEWS_PER_MINUTE} page views a minute per site`, async () => {
    const siteId = await createSite(alice.user.id);
    const other = await createSite(alice.user.id);
    const statuses: number[] = [];
    // Sequential, so all land in one minute unless the clock turns; then the count restarts.
    const started = new Date().toISOString().slice(0, 16);
    for (let i = 0; i <= VIEWS_PER_MINUTE; i++) {
      statuses.push((await collect({ site: siteId, path: `/p${i}` })).status);
    }
    if (new Date().toISOString().slice(0, 16) !== started) return; // a minute boundary passed
    expect(statuses.slice(0, VIEWS_PER_MINUTE).every((s) => s === 202)).toBe(true);
    expect(statuses[VIEWS_PER_MINUTE]).toBe(429);
    // The refused view was not counted; another site, and another visitor, are not affected.
    const { days } = await storedFor(alice.user.id, siteId);
    expect(days[0]?.pageViews).toBe(VIEWS_PER_MINUTE);
    expect(days[0]?.visitors).toBe(1);
    expect((await collect({ site: other, path: "/" })).status).toBe(202);
    expect((await collect({ site: siteId, path: "/" }, { userAgent: browser(9) })).status).toBe(
      202,
    );
  });

  it("serves the tracking script to any page, pointing at this origin's /api/collect", async () => {
    const response = await fetch(`${url}/api/collect.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toMatch(/public/);
    const script = await response.text();
    expect(script).toContain('new URL("/api/collect", script.src)');
    expect(script).toContain('credentials: "omit"');
    expect(script).not.toMatch(/cookie|localStorage/i);
  });
});

describe("GET /api/analytics/data", () => {
  it("answers the caller's own sites only", async () => {
    const siteId = await createSite(alice.user.id);
    expect((await collect({ site: siteId, path: "/" }, { userAgent: browser(11) })).status).toBe(
      202,
    );

    const mine = await get(alice, `/api/analytics/data?site=${siteId}&range=30d`);
    expect(mine.status).toBe(200);
    expect(mine.body.totals.pageViews).toBe(1);
    expect(mine.body.daily).toHaveLength(30);

    const theirs = await get(bob, `/api/analytics/data?site=${siteId}&range=30d`);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain("pageViews");
    expect((await get(bob, `/api/analytics/data?site=${newId()}`)).status).toBe(404);
    expect((await get(bob, "/api/analytics/data?site=garbage")).status).toBe(404);
  });

  it("defaults to 30 days, takes 7 and 90, and refuses other ranges and a missing site", async () => {
    const siteId = await createSite(alice.user.id);
    const defaulted = await get(alice, `/api/analytics/data?site=${siteId}`);
    expect(defaulted.body.range).toBe("30d");
    expect(
      (await get(alice, `/api/analytics/data?site=${siteId}&range=90d`)).body.daily,
    ).toHaveLength(90);
    const empty = await get(alice, `/api/analytics/data?site=${siteId}&range=7d`);
    expect(empty.body.totals).toEqual({ visitors: 0, pageViews: 0, singlePageVisitors: 0 });
    expect(empty.body.pages).toEqual([]);
    expect((await get(alice, `/api/analytics/data?site=${siteId}&range=1y`)).status).toBe(400);
    expect((await get(alice, "/api/analytics/data")).status).toBe(400);
  });

  it("needs a signed-in caller", async () => {
    const response = await fetch(`${url}/api/analytics/data?site=${newId()}`);
    expect(response.status).toBe(401);
  });
});

describe("Google Analytics tracking ID", () => {
  it("connects a well-formed ID (trimmed, upper-cased), refuses others, and disconnects", async () => {
    const carol = await customer("Carol");
    const initial = analyticsSettingsSchema.parse(
      (await get(carol, "/api/analytics/settings")).body,
    );
    expect(initial).toEqual({
      isConnected: false,
      trackingId: null,
      scriptUrl: `${url}/api/collect.js`,
    });

    const bad = await post(carol, "/api/analytics/connect-ga", { trackingId: "G-123" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.trackingId).toMatch(/G-XXXXXXXXXX/);
    expect((await post(carol, "/api/analytics/connect-ga", { trackingId: "  " })).status).toBe(400);
    expect((await get(carol, "/api/analytics/settings")).body.isConnected).toBe(false);

    const ok = await post(carol, "/api/analytics/connect-ga", { trackingId: " g-abcde12345 " });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ isConnected: true, trackingId: "G-ABCDE12345" });
    expect((await get(carol, "/api/analytics/settings")).body).toMatchObject({
      isConnected: true,
      trackingId: "G-ABCDE12345",
    });
    const { data: user } = await db.entities.user.get({ userId: carol.user.id }).go();
    expect(user?.gaTrackingId).toBe("G-ABCDE12345");
    // The user record the SPA reads carries it too.
    expect((await get(carol, "/api/auth/user")).body.gaTrackingId).toBe("G-ABCDE12345");

    const ua = await post(carol, "/api/analytics/connect-ga", { trackingId: "UA-12345678-1" });
    expect(ua.body.trackingId).toBe("UA-12345678-1");

    const off = await post(carol, "/api/analytics/disconnect-ga");
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ isConnected: false, trackingId: null });
    expect((await get(carol, "/api/analytics/settings")).body.isConnected).toBe(false);
  });

  it("needs a signed-in caller", async () => {
    const response = await fetch(`${url}/api/analytics/connect-ga`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ trackingId: "G-ABCDE12345" }),
    });
    expect(response.status).toBe(401);
  });
});
