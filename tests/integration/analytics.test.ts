/**
 * First-party analytics through the local stack: page views sent the way the tracking script
 * sends them (text/plain JSON to the public POST /api/collect) are counted into the day's
 * aggregate; refused page views store nothing (docs/analytics.md); GET /api/analytics/data
 * answers the caller's own sites only; the Google Analytics tracking ID is format-checked on
 * the server.
 */
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { analyticsDataSchema, analyticsSettingsSchema } from "@portal/core/contracts/analytics";
import {
  LOCAL_VIEWER_ADDRESS_HEADER,
  LOCAL_VIEWER_COUNTRY_HEADER,
} from "@portal/devstack/api-gateway";
import { beforeAll, describe, expect, it } from "vitest";
import { apiAt, readAnswer } from "../support/api";
import { addSite } from "../support/customer-state";
import { type SignedIn, signUpCustomer } from "../support/dev-identity";
import { pageViewsCounted } from "../support/page-views";
import { stackUrl, useStackEnv } from "../support/stack";

const env = useStackEnv();
const { db, encodeAnalyticsKey, newId } = await import("@portal/core/db/service");
const { documentClient } = await import("@portal/core/db/client");
const { VIEWS_PER_MINUTE } = await import("@portal/core/analytics/rate-limit");
const { MAX_DAY_PAGES } = await import("@portal/core/analytics/aggregate");

const url = stackUrl();

const browser = (n: number, device: "desktop" | "mobile" = "desktop") =>
  device === "mobile"
    ? `Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1 visitor-${n}`
    : `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 visitor-${n}`;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * POST /api/collect as the script does it: a string body (text/plain), no cookie, no token,
 * sent by a page on https://bakery.example unless `origin` says otherwise (null: no Origin).
 */
async function collect(
  body: unknown,
  options: {
    userAgent?: string;
    country?: string;
    /** The viewer's address as the local edge reports it to the API (as CloudFront does). */
    address?: string;
    origin?: string | null;
    headers?: Record<string, string>;
    raw?: boolean;
  } = {},
) {
  const origin = options.origin === undefined ? "https://bakery.example" : options.origin;
  const response = await fetch(`${url}/api/collect`, {
    method: "POST",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      ...(origin === null ? {} : { origin }),
      "user-agent": options.userAgent ?? browser(0),
      // The local stack's stand-in for CloudFront's geolocation (a client's own
      // cloudfront-viewer-country header is dropped, as CloudFront drops it).
      ...(options.country ? { [LOCAL_VIEWER_COUNTRY_HEADER]: options.country } : {}),
      ...(options.address ? { [LOCAL_VIEWER_ADDRESS_HEADER]: options.address } : {}),
      ...options.headers,
    },
    body: options.raw ? (body as string) : JSON.stringify(body),
  });
  return readAnswer(response, "POST /api/collect");
}

const call = apiAt(url);

/** Reads wait until every view sent so far has been through the page-views consumer. */
async function get(who: SignedIn, path: string) {
  await pageViewsCounted(url);
  return call(who, "GET", path);
}

const post = (who: SignedIn, path: string, body?: unknown) => call(who, "POST", path, body);

/**
 * Everything stored for a site's analytics: day totals, counters, visitor marks, rate counters
 * (once the views sent so far have been counted).
 */
async function storedFor(userId: string, siteId: string) {
  await pageViewsCounted(url);
  const { data: days } = await db.entities.analyticsDay.query.byOwner({ userId, siteId }).go();
  const { data: counts } = await db.entities.analyticsCount.query.bySite({ siteId }).go();
  // A test may scan; no request path does.
  const scan = async (prefix: string) =>
    (
      await documentClient().send(
        new ScanCommand({
          TableName: env.SST_Table_tableName_Main,
          FilterExpression: "begins_with(pk, :prefix)",
          ExpressionAttributeValues: { ":prefix": `${prefix}#siteId_${siteId}#` },
        }),
      )
    ).Items ?? [];
  const [marks, rates] = await Promise.all([
    scan("$portal#analyticsVisitor"),
    scan("$portal#analyticsRate"),
  ]);
  return { days, counts, marks, rates };
}

const NOTHING = { days: [], counts: [], marks: [], rates: [] };

let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  alice = await signUpCustomer({ firstName: "Alice" });
  bob = await signUpCustomer({ firstName: "Bob" });
});

describe("POST /api/collect", () => {
  it("counts a concurrent burst of page views for one site and one day exactly", async () => {
    const siteId = await addSite(alice.user.id, { liveUrl: "https://bakery.example/" });
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

    // One visitor mark per person (not per view, not for the bot), holding no address or
    // agent; one rate counter for the address (all three share it), holding no address either.
    const { marks, rates } = await storedFor(alice.user.id, siteId);
    expect(marks).toHaveLength(3);
    for (const mark of marks) {
      expect(Object.keys(mark).sort()).toEqual(["expiresAt", "pk", "sk", "views"]);
      expect(JSON.stringify(mark)).not.toMatch(/127\.0\.0\.1|Firefox|iPhone/);
    }
    expect(rates.length).toBeGreaterThanOrEqual(1); // one per minute the burst spanned
    expect(rates.reduce((sum, rate) => sum + Number(rate.views), 0)).toBe(7);
    for (const rate of rates) {
      expect(Object.keys(rate).sort()).toEqual(["expiresAt", "pk", "sk", "views"]);
      expect(JSON.stringify(rate)).not.toMatch(/127\.0\.0\.1|Firefox|iPhone/);
    }
  });

  it("refuses an unknown site, a malformed body and a 10 kB body, storing nothing", async () => {
    const siteId = await addSite(alice.user.id);
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

    expect(await storedFor(alice.user.id, siteId)).toEqual(NOTHING);
    const { marks } = await storedFor(alice.user.id, unknownSite);
    expect(marks).toEqual([]);
  });

  it("answers bots without counting them, and refuses sites with analytics turned off", async () => {
    const siteId = await addSite(alice.user.id);
    const bot = await collect({ site: siteId, path: "/" }, { userAgent: GOOGLEBOT });
    expect([bot.status, bot.body]).toEqual([202, { counted: false, reason: "bot" }]);
    const noAgent = await collect({ site: siteId, path: "/" }, { userAgent: "" });
    expect(noAgent.body.counted).toBe(false);

    const off = await addSite(alice.user.id, { analyticsEnabled: false });
    expect((await collect({ site: off, path: "/" })).status).toBe(403);

    expect(await storedFor(alice.user.id, siteId)).toEqual(NOTHING);
    expect(await storedFor(alice.user.id, off)).toEqual(NOTHING);
  });

  it("starts the day's totals again when they were deleted after its first views", async () => {
    const siteId = await addSite(alice.user.id);
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

  it(`counts at most ${VIEWS_PER_MINUTE} page views a minute per site from one address, whatever its user agent`, async () => {
    const siteId = await addSite(alice.user.id);
    const other = await addSite(alice.user.id);
    const address = "203.0.113.50";
    const statuses: number[] = [];
    // Sequential, so all land in one minute unless the clock turns; then the count restarts.
    // Each view claims another browser: a new user agent buys no new allowance.
    const started = new Date().toISOString().slice(0, 16);
    for (let i = 0; i < VIEWS_PER_MINUTE + 5; i++) {
      const view = { site: siteId, path: `/p${i}` };
      statuses.push((await collect(view, { address, userAgent: browser(100 + i) })).status);
    }
    // Another site is not affected, nor is another address.
    expect((await collect({ site: other, path: "/" }, { address })).status).toBe(202);
    const elsewhere = { address: "203.0.113.51", userAgent: browser(9) };
    expect((await collect({ site: siteId, path: "/" }, elsewhere)).status).toBe(202);
    if (new Date().toISOString().slice(0, 16) !== started) return; // a minute boundary passed
    // Accepted (the tracking script never reads the answer), but the views past the allowance
    // are dropped where views are counted: no figure and no visitor mark of theirs.
    expect(statuses.every((s) => s === 202)).toBe(true);
    const { days, marks } = await storedFor(alice.user.id, siteId);
    expect(days[0]?.pageViews).toBe(VIEWS_PER_MINUTE + 1);
    expect(days[0]?.visitors).toBe(VIEWS_PER_MINUTE + 1);
    expect(marks).toHaveLength(VIEWS_PER_MINUTE + 1);
    expect((await storedFor(alice.user.id, other)).days[0]?.pageViews).toBe(1);
  });

  it("counts an IPv6 client by its /64: other addresses of the network share its allowance", async () => {
    const siteId = await addSite(alice.user.id);
    const started = new Date().toISOString().slice(0, 16);
    for (let i = 0; i < VIEWS_PER_MINUTE + 3; i++) {
      // A new address of the same /64 for every view, as a host can pick any of them.
      const address = `2001:db8:4:5:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}`;
      const view = { site: siteId, path: "/" };
      expect((await collect(view, { address, userAgent: browser(200 + i) })).status).toBe(202);
    }
    // The next /64 is another subscriber.
    const next = { address: "2001:db8:4:6::1" };
    expect((await collect({ site: siteId, path: "/" }, next)).status).toBe(202);
    if (new Date().toISOString().slice(0, 16) !== started) return;
    const { days } = await storedFor(alice.user.id, siteId);
    expect(days[0]?.pageViews).toBe(VIEWS_PER_MINUTE + 1);
  });

  it("takes the country from the edge only, never from a header the client sends", async () => {
    const siteId = await addSite(alice.user.id);
    // Headers CloudFront, Cloudflare and proxies use: the client set each of them itself.
    const spoofed = {
      "cloudfront-viewer-country": "FR",
      "CloudFront-Viewer-Country": "FR",
      "cf-ipcountry": "FR",
      "x-country-code": "FR",
      "x-appengine-country": "FR",
    };
    const spoof = await collect(
      { site: siteId, path: "/" },
      { headers: spoofed, userAgent: browser(31) },
    );
    expect(spoof.status).toBe(202);
    const edge = await collect(
      { site: siteId, path: "/" },
      { headers: spoofed, country: "DE", userAgent: browser(32) },
    );
    expect(edge.status).toBe(202);
    const { body } = await get(alice, `/api/analytics/data?site=${siteId}&range=7d`);
    expect(body.countries).toEqual([
      { key: "DE", count: 1 },
      { key: "unknown", count: 1 },
    ]);
  });

  it("refuses views from pages that are not on one of the site's hosts, storing nothing", async () => {
    const siteId = await addSite(alice.user.id, {
      url: "https://bakery-dev.sites.example/",
      liveUrl: "https://bakery.example/",
      customDomain: "corner-bakery.example",
    });
    const view = { site: siteId, path: "/" };
    for (const origin of [
      "https://evil.example",
      "https://bakery.example.evil.example",
      "http://localhost:5173",
      "null",
      null,
    ]) {
      const refused = await collect(view, { origin });
      expect(refused.status, String(origin)).toBe(403);
      expect(refused.body.error.code).toBe("origin_not_allowed");
    }
    expect(await storedFor(alice.user.id, siteId)).toEqual(NOTHING);

    // Each of the site's hosts, with or without www.
    for (const [i, origin] of [
      "https://bakery.example",
      "https://www.bakery.example",
      "https://corner-bakery.example",
      "https://www.corner-bakery.example",
      "https://bakery-dev.sites.example",
    ].entries()) {
      const counted = await collect(view, { origin, userAgent: browser(40 + i) });
      expect(counted.status, origin).toBe(202);
    }
    // A site with no host yet takes views from anywhere (its pages are not published).
    const unpublished = await addSite(alice.user.id);
    const anywhere = await collect(
      { site: unpublished, path: "/" },
      { origin: "https://x.example" },
    );
    expect(anywhere.status).toBe(202);
  });

  it("counts new paths past the day's cap under (other), and the report lists it", async () => {
    const siteId = await addSite(alice.user.id);
    const day = new Date().toISOString().slice(0, 10);
    // A day that already counts as many distinct paths apart as it may.
    await db.entities.analyticsCount
      .put(
        Array.from({ length: MAX_DAY_PAGES }, (_, i) => ({
          siteId,
          day,
          dimension: "page" as const,
          key: `/page-${i}`,
          views: 1,
        })),
      )
      .go();
    await db.entities.analyticsDay
      .update({ userId: alice.user.id, siteId, day })
      .add({ pageViews: MAX_DAY_PAGES, pageKeys: MAX_DAY_PAGES })
      .go();
    for (const [i, path] of ["/brand-new", "/another-new", "/page-3"].entries()) {
      const answer = await collect({ site: siteId, path }, { userAgent: browser(60 + i) });
      expect(answer.status).toBe(202);
    }
    const { body } = await get(alice, `/api/analytics/data?site=${siteId}&range=7d`);
    expect(body.totals.pageViews).toBe(MAX_DAY_PAGES + 3);
    expect(body.pages[0]).toEqual({ key: "/page-3", count: 2 });
    expect(body.pages).toHaveLength(11);
    expect(body.pages.at(-1)).toEqual({ key: "(other)", count: 2 });
    expect(JSON.stringify(body.pages)).not.toContain("new");
    const { counts } = await storedFor(alice.user.id, siteId);
    expect(counts.filter((c) => c.dimension === "page")).toHaveLength(MAX_DAY_PAGES + 1);
  });

  it("keeps reading the figures of days counted before the counters existed", async () => {
    const siteId = await addSite(alice.user.id);
    const day = new Date().toISOString().slice(0, 10);
    // A day item as the write path before the queue left it: totals and maps of counts.
    await db.entities.analyticsDay
      .create({
        userId: alice.user.id,
        siteId,
        day,
        pageViews: 3,
        visitors: 2,
        singlePageVisitors: 1,
        pages: { [encodeAnalyticsKey("/menu")]: 2, [encodeAnalyticsKey("/")]: 1 },
        referrers: { [encodeAnalyticsKey("news.example.com")]: 1 },
        countries: { DE: 3 },
        devices: { desktop: 3 },
        pageKeys: 2,
        referrerKeys: 1,
      })
      .go();
    // The same day goes on counting through the queue.
    expect((await collect({ site: siteId, path: "/menu" }, { country: "DE" })).status).toBe(202);
    const { body } = await get(alice, `/api/analytics/data?site=${siteId}&range=7d`);
    expect(body.totals).toEqual({ visitors: 3, pageViews: 4, singlePageVisitors: 2 });
    expect(body.pages).toEqual([
      { key: "/menu", count: 3 },
      { key: "/", count: 1 },
    ]);
    expect(body.referrers).toEqual([{ key: "news.example.com", count: 1 }]);
    expect(body.countries).toEqual([{ key: "DE", count: 4 }]);
    expect(body.devices).toEqual([{ key: "desktop", count: 4 }]);
  });

  it("serves the tracking script to any page, pointing at this origin's /api/collect", async () => {
    const response = await fetch(`${url}/api/collect.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toMatch(/public/);
    const script = await response.text();
    expect(script).toContain('new URL("/api/collect", script.src)');
    expect(script).toContain('credentials: "omit"');
    // The page's own referrer policy must not turn the Origin the endpoint checks into "null".
    expect(script).toContain('referrerPolicy: "strict-origin-when-cross-origin"');
    expect(script).not.toMatch(/cookie|localStorage/i);
  });
});

describe("GET /api/analytics/data", () => {
  it("answers the caller's own sites only", async () => {
    const siteId = await addSite(alice.user.id);
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
    const siteId = await addSite(alice.user.id);
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
    const carol = await signUpCustomer({ firstName: "Carol" });
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
