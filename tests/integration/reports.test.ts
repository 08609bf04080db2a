/**
 * The monthly care report (docs/reports.md) through the local stack: a month of uptime days,
 * an incident, page views, Lighthouse and SEO runs, a resolved ticket and a site change are
 * stored for October 2026; the monthly run (the handler the production rule invokes, run now
 * with `stack.monthlyReports.run`) freezes the report, mails it once per site and month, and
 * has the jobs worker print the Enterprise customer's PDF on the browser function. The figures
 * are checked on the page's API, in the mail and in the PDF's text; a second run sends nothing.
 */
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { ulid } from "ulid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAPSED_CUSTOMER, READY_CUSTOMER } from "../support/customer-state";
import { bearer, type SignedIn, signUpCustomer, signUpStaff } from "../support/dev-identity";
import { compact, pdfText } from "../support/pdf-text";

const MONTH = "2026-10";
const DAYS = Array.from({ length: 31 }, (_, i) => `${MONTH}-${String(i + 1).padStart(2, "0")}`);
const SEPTEMBER = Array.from({ length: 30 }, (_, i) => `2026-09-${String(i + 1).padStart(2, "0")}`);

let stack: LocalStack;
let db: typeof import("@portal/core/db/service").db;
let enterprise: SignedIn;
let pro: SignedIn;
let optedOut: SignedIn;
let lapsed: SignedIn;
let staff: SignedIn;
const sites = { enterprise: "", pro: "", optedOut: "", lapsed: "" };

const at = (iso: string) => ulid(Date.parse(iso));

async function liveSite(userId: string, name: string) {
  const { data } = await db.entities.site
    .create({
      userId,
      name,
      status: "live",
      liveUrl: "https://bakery.example/",
      createdAt: "2026-08-01T00:00:00.000Z",
    })
    .go();
  return data.siteId;
}

/** A month of stored data for one site: what the uptime checks, page views and audits leave. */
async function storeOctober(userId: string, siteId: string) {
  for (const day of DAYS) {
    const failures = day === "2026-10-10" ? 6 : 0;
    await db.entities.uptimeDay
      .put({ userId, siteId, day, checks: 288, failures, responseMsTotal: (288 - failures) * 300 })
      .go();
    await db.entities.analyticsDay
      .put({ userId, siteId, day, visitors: 40, pageViews: 100, singlePageVisitors: 10 })
      .go();
    for (const [dimension, key, views] of [
      ["page", "/", 60],
      ["page", "/menu", 40],
      ["referrer", "google.com", 10],
    ] as const) {
      await db.entities.analyticsCount.put({ siteId, day, dimension, key, views }).go();
    }
  }
  for (const day of SEPTEMBER) {
    await db.entities.analyticsDay.put({ userId, siteId, day, visitors: 30, pageViews: 80 }).go();
  }
  await db.entities.uptimeIncident
    .put({
      userId,
      siteId,
      startedAt: "2026-10-10T10:00:00.000Z",
      endedAt: "2026-10-10T10:25:00.000Z",
      reason: "HTTP 502",
    })
    .go();
  await db.entities.siteMonitor
    .put({ userId, siteId, consecutiveFailures: 0, certExpiresAt: "2027-03-01T00:00:00.000Z" })
    .go();
  for (const [iso, performance] of [
    ["2026-10-02T09:00:00.000Z", 92],
    ["2026-10-15T09:00:00.000Z", 88],
    ["2026-10-29T09:00:00.000Z", 84],
  ] as const) {
    await db.entities.lighthouseResult
      .create({
        jobId: at(iso),
        userId,
        siteId,
        url: "https://bakery.example/",
        strategy: "mobile",
        status: "done",
        finishedAt: iso,
        result: {
          url: "https://bakery.example/",
          finalUrl: "https://bakery.example/",
          strategy: "mobile",
          timestamp: iso,
          lighthouseVersion: "12",
          scores: { performance, accessibility: 95, bestPractices: 100, seo: 90, pwa: null },
          pwa: { score: null, measured: false, checks: [] },
          metrics: [],
          opportunities: [],
          diagnostics: [],
        },
      })
      .go();
  }
  await db.entities.seoResult
    .create({
      jobId: at("2026-10-20T09:00:00.000Z"),
      userId,
      siteId,
      url: "https://bakery.example/",
      status: "done",
      finishedAt: "2026-10-20T09:00:00.000Z",
      result: {
        url: "https://bakery.example/",
        score: 76,
        loadTime: 1.1,
        pageSize: 200_000,
        links: { internal: 5, external: 1 },
        issues: [
          {
            rule: "meta-description",
            type: "error",
            title: "Missing meta description",
            description: "",
            impact: "high",
          },
        ],
        metaTitle: "Bakery",
        metaDescription: null,
        headings: [],
        images: [],
      },
    })
    .go();
  await db.entities.ticket
    .create({
      ticketId: at("2026-10-03T08:00:00.000Z"),
      userId,
      siteId,
      title: "Change opening hours",
      status: "resolved",
      resolutionTime: 120,
      createdAt: "2026-10-03T08:00:00.000Z",
    })
    .go();
  await db.entities.activity
    .create({
      activityId: at("2026-10-08T08:00:00.000Z"),
      userId,
      siteId,
      type: "site_updated",
      description: "New menu page published",
      createdAt: "2026-10-08T08:00:00.000Z",
    })
    .go();
}

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    logRequests: false,
    queue: { visibilityTimeoutMs: 500 },
  });
  ({ db } = await import("@portal/core/db/service"));
  const ENTERPRISE = { ...READY_CUSTOMER, subscriptionPlan: "enterprise" as const };
  enterprise = await signUpCustomer({ firstName: "Ada" }, stack.url, ENTERPRISE);
  pro = await signUpCustomer({}, stack.url);
  optedOut = await signUpCustomer({}, stack.url);
  lapsed = await signUpCustomer({}, stack.url, LAPSED_CUSTOMER);
  staff = await signUpStaff({}, stack.url);
  sites.enterprise = await liveSite(enterprise.user.id, "Ada's Bakery");
  sites.pro = await liveSite(pro.user.id, "Pro Bakery");
  sites.optedOut = await liveSite(optedOut.user.id, "Quiet Bakery");
  sites.lapsed = await liveSite(lapsed.user.id, "Lapsed Bakery");
  await storeOctober(enterprise.user.id, sites.enterprise);
  await storeOctober(pro.user.id, sites.pro);
  const off = await fetch(`${stack.url}/api/auth/user/preferences`, {
    method: "PATCH",
    headers: { ...bearer(optedOut.token), "content-type": "application/json" },
    body: JSON.stringify({ monthlyReport: false }),
  });
  expect(off.status).toBe(200);
  expect(await off.json()).toMatchObject({ monthlyReport: false, emailNotifications: true });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: the tests read answers of several routes' shapes
type Answer = Record<string, any>;

async function get(path: string, who: SignedIn) {
  const response = await fetch(`${stack.url}${path}`, { headers: bearer(who.token) });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function settled() {
  await stack.events.idle();
  await stack.queue.idle();
  await stack.events.idle();
}

const mailsTo = (email: string) =>
  stack.mail.messages().filter((m) => m.envelope.to.includes(email));

describe("the monthly report", () => {
  it("is built from what is stored, before the run too", async () => {
    const { status, body } = await get(
      `/api/sites/${sites.enterprise}/reports/${MONTH}`,
      enterprise,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ level: "full", sentAt: null, pdfReady: false });
    expect(body.report).toMatchObject({
      hasData: true,
      uptime: { percent: 99.9, checks: 31 * 288, failures: 6 },
      traffic: { visitors: 1240, pageViews: 3100, previousVisitors: 900, visitorsChange: 37.8 },
      lighthouse: { latest: { performance: 84 }, performanceChange: -8 },
      seo: { score: 76, openIssues: [{ title: "Missing meta description" }] },
    });
    expect(body.report.uptime.incidents).toEqual([
      expect.objectContaining({ reason: "HTTP 502", minutes: 25 }),
    ]);
    expect(body.report.traffic.topPages[0]).toEqual({ key: "/", count: 31 * 60 });
    expect(body.report.work.ticketsResolved.map((t: { title: string }) => t.title)).toEqual([
      "Change opening hours",
    ]);
    expect(body.report.work.siteChanges[0].description).toBe("New menu page published");
    expect(body.report.recommendation).toMatch(/^Fix the 1 SEO error/);
  });

  it("says a month without data has none, and a Pro plan gets the headline only", async () => {
    const empty = await get(`/api/sites/${sites.optedOut}/reports/${MONTH}`, optedOut);
    expect(empty.body.report).toBeNull();
    expect(empty.body.headline).toMatchObject({
      uptimePercent: null,
      visitors: null,
      performance: null,
    });
    const headline = await get(`/api/sites/${sites.pro}/reports/${MONTH}`, pro);
    expect(headline.body).toMatchObject({ level: "headline", report: null, pdfReady: false });
    expect(headline.body.headline).toMatchObject({ uptimePercent: 99.9, visitors: 1240 });
    expect((await get(`/api/sites/${sites.pro}/reports/${MONTH}/pdf`, pro)).status).toBe(403);
    // Another customer's site, a month not begun, a month that is no month.
    expect((await get(`/api/sites/${sites.pro}/reports/${MONTH}`, enterprise)).status).toBe(404);
    expect((await get(`/api/sites/${sites.pro}/reports/2099-01`, pro)).status).toBe(400);
    expect((await get(`/api/sites/${sites.pro}/reports/October`, pro)).status).toBe(400);
  });

  it("lists the site's months, the month in progress first, a year at most", async () => {
    const { body } = await get(`/api/sites/${sites.enterprise}/reports`, enterprise);
    expect(body.level).toBe("full");
    const months = body.months.map((m: { month: string }) => m.month);
    expect(months[0]).toBe(new Date().toISOString().slice(0, 7));
    expect(months.length).toBeLessThanOrEqual(12);
    expect([...months].sort().reverse()).toEqual(months);
  });

  it("takes the staff's note before it goes out", async () => {
    const saved = await fetch(
      `${stack.url}/api/staff/customers/${enterprise.user.id}/sites/${sites.enterprise}/reports/${MONTH}/note`,
      {
        method: "PUT",
        headers: { ...bearer(staff.token), "content-type": "application/json" },
        body: JSON.stringify({ note: "We moved your site to faster hosting this month." }),
      },
    );
    expect(saved.status).toBe(200);
    const asCustomer = await fetch(
      `${stack.url}/api/staff/customers/${enterprise.user.id}/sites/${sites.enterprise}/reports/${MONTH}/note`,
      {
        method: "PUT",
        headers: { ...bearer(enterprise.token), "content-type": "application/json" },
        body: JSON.stringify({ note: "mine" }),
      },
    );
    expect(asCustomer.status).toBe(403);
  });

  it("the run mails each live paying site once, honours the preference, prints the PDF", async () => {
    const run = await stack.monthlyReports.run({ month: MONTH });
    expect(run).toMatchObject({ month: MONTH, processed: 4, sent: 3, done: true });
    expect(run.outcomes).toContainEqual({ siteId: sites.lapsed, outcome: "not-paying" });
    await settled();

    const [mail, ...more] = mailsTo(enterprise.user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Ada's Bakery: your report for October 2026");
    const text = mail?.text ?? "";
    expect(text).toContain("Uptime: 99.9%, 1 incident.");
    expect(text).toContain("Visitors: 1,240 (+37.8% on last month). Page views: 3,100.");
    expect(text).toContain("Performance score: 84. SEO score: 76.");
    expect(text).toContain("Support tickets resolved: 1.");
    expect(text).toContain("> We moved your site to faster hosting this month.");
    expect(text).toContain(`/sites/${sites.enterprise}/reports/${MONTH}`);
    expect(mailsTo(pro.user.email).map((m) => m.subject)).toEqual([
      "Pro Bakery: your report for October 2026",
    ]);
    expect(mailsTo(optedOut.user.email)).toEqual([]);
    expect(mailsTo(lapsed.user.email)).toEqual([]);

    // A sent month is listed whenever it was, with the day it went out.
    const list = await get(`/api/sites/${sites.enterprise}/reports`, enterprise);
    expect(list.body.months).toContainEqual({
      month: MONTH,
      sentAt: expect.any(String),
      note: true,
    });

    const view = await get(`/api/sites/${sites.enterprise}/reports/${MONTH}`, enterprise);
    expect(view.body).toMatchObject({
      pdfReady: true,
      note: expect.stringMatching(/faster hosting/),
    });
    expect(view.body.sentAt).toEqual(expect.any(String));

    const link = await get(`/api/sites/${sites.enterprise}/reports/${MONTH}/pdf`, enterprise);
    expect(link.status).toBe(200);
    const pdf = await fetch(link.body.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const pdfWords = compact(pdfText(bytes));
    for (const expected of [
      "Ada's Bakery: October 2026",
      "99.9%",
      "1,240",
      "3,100",
      "+37.8% on last month",
      "Change opening hours",
      "Missing meta description",
      "HTTP 502",
      "25 min",
      "We moved your site to faster hosting this month.",
    ]) {
      expect(pdfWords).toContain(compact(expected));
    }
    // The Pro customer's site gets no PDF.
    const proItem = await db.entities.monthlyReport
      .get({ userId: pro.user.id, siteId: sites.pro, month: MONTH })
      .go();
    expect(proItem.data?.pdfKey).toBeUndefined();
  }, 180_000);

  it("a second run sends nothing, even when told to start over", async () => {
    const before = stack.mail.messages().length;
    expect(await stack.monthlyReports.run({ month: MONTH })).toMatchObject({
      processed: 0,
      sent: 0,
      done: true,
    });
    const again = await stack.monthlyReports.run({ month: MONTH, fromStart: true });
    expect(again.sent).toBe(0);
    expect(again.outcomes).toContainEqual({ siteId: sites.enterprise, outcome: "already-sent" });
    await settled();
    expect(stack.mail.messages().length).toBe(before);
  });

  it("refuses a note once the month went out; staff see the sent report", async () => {
    const late = await fetch(
      `${stack.url}/api/staff/customers/${enterprise.user.id}/sites/${sites.enterprise}/reports/${MONTH}/note`,
      {
        method: "PUT",
        headers: { ...bearer(staff.token), "content-type": "application/json" },
        body: JSON.stringify({ note: "Too late" }),
      },
    );
    expect(late.status).toBe(400);
    const { status, body } = await get(`/api/staff/customers/${enterprise.user.id}/reports`, staff);
    expect(status).toBe(200);
    const october = body.sites[0].months.find((m: { month: string }) => m.month === MONTH);
    expect(october).toMatchObject({
      note: "We moved your site to faster hosting this month.",
      sentAt: expect.any(String),
      headline: { uptimePercent: 99.9, visitors: 1240 },
    });
  });

  it("resumes from its cursor when a run is cut short", async () => {
    const month = "2026-09";
    const first = await stack.monthlyReports.run({ month, maxSites: 2 });
    expect(first).toMatchObject({ processed: 2, done: false });
    expect((await db.entities.reportRun.get({ month }).go()).data?.cursor).toEqual(
      expect.any(String),
    );
    const rest = await stack.monthlyReports.run({ month, maxSites: 10 });
    expect(rest).toMatchObject({ processed: 2, done: true });
    // Every live site seen exactly once across the two runs.
    const seen = [...first.outcomes, ...rest.outcomes].map((o) => o.siteId).sort();
    expect(seen).toEqual(Object.values(sites).sort());
  });

  it("keeps each incident the uptime run opens and closes, for the report's durations", async () => {
    const { recordCheck } = await import("@portal/core/monitoring/index");
    const { data: site } = await db.entities.site
      .get({ userId: pro.user.id, siteId: sites.pro })
      .go();
    if (!site) throw new Error("no site");
    const t0 = Date.parse("2026-11-02T10:00:00.000Z");
    const down = { ok: false, status: 503, responseMs: 40, error: "HTTP 503" };
    await recordCheck(site, down, new Date(t0));
    await recordCheck(site, down, new Date(t0 + 5 * 60_000));
    await recordCheck(site, { ok: true, status: 200, responseMs: 90 }, new Date(t0 + 20 * 60_000));
    const { data } = await db.entities.uptimeIncident.query
      .byOwner({ userId: pro.user.id, siteId: sites.pro })
      .gte({ startedAt: "2026-11-01" })
      .go();
    expect(data).toEqual([
      expect.objectContaining({
        startedAt: "2026-11-02T10:00:00.000Z",
        endedAt: "2026-11-02T10:20:00.000Z",
        reason: "HTTP 503",
      }),
    ]);
    const report = await get(`/api/sites/${sites.pro}/reports/2026-11`, pro);
    expect(report.body.headline.incidents).toBe(1);
  });
});
