/**
 * The server enforces what each customer paid for (docs/access.md), from the stored user, on
 * every route of the route table: a token from a free sign-up buys nothing, a lapsed customer
 * keeps reading and talking to support, and writes refused for the plan store nothing.
 */
import { type RouteRecord, routes } from "@portal/functions/routes";
import { beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { LAPSED_CUSTOMER } from "../support/customer-state";
import { type SignedIn, signUp, signUpCustomer } from "../support/dev-identity";
import { stackUrl, useStackEnv } from "../support/stack";

useStackEnv();
const { db } = await import("@portal/core/db/service");
const url = stackUrl();

const call = apiAt(url);

/** A request for a route key: its path with an id filled in, a JSON body for writes. */
function requestFor(routeKey: string, siteId: string) {
  const [method = "GET", path = ""] = routeKey.split(" ");
  return {
    method,
    path: path.replace("{id}", siteId),
    body: method === "GET" ? undefined : {},
  };
}

const byEntitlement = (...wanted: RouteRecord["entitlement"][]) =>
  Object.entries(routes)
    .filter(([, record]) => wanted.includes(record.entitlement))
    .map(([routeKey]) => routeKey);

const PAID_ROUTES = byEntitlement("validPlan", "activeSubscription", "onboarded");
const SUBSCRIPTION_ROUTES = byEntitlement("activeSubscription", "onboarded");
const LAPSED_ROUTES = byEntitlement("validPlan");

/** Every item stored under the customer's partition, whatever its type. */
async function storedItems(userId: string) {
  const { data } = await db.collections.customer({ userId }).go({ pages: "all" });
  return Object.values(data).flat().length;
}

describe("a signed-up user who never paid", () => {
  let freeUser: SignedIn;
  let siteId: string;
  beforeAll(async () => {
    freeUser = await signUp({ firstName: "Free" });
    expect((await call(freeUser, "GET /api/auth/user")).status).toBe(200);
    // A site they do not have: ids must look real to reach the entitlement check's answer.
    siteId = "01JABCDEFGHJKMNPQRSTVWXYZ0";
  });

  it("has paid routes to refuse", () => {
    expect(PAID_ROUTES.length).toBeGreaterThan(20);
    expect(PAID_ROUTES).toContain("POST /api/questionnaires");
    expect(PAID_ROUTES).toContain("POST /api/seo/analyze");
  });

  it.each(PAID_ROUTES)("gets 403 plan_required on %s, and nothing is stored", async (routeKey) => {
    const before = await storedItems(freeUser.user.id);
    const { method, path, body } = requestFor(routeKey, siteId);
    const answer = await call(freeUser, method, path, body);
    expect(answer.status).toBe(403);
    expect(answer.body?.error?.code).toBe("plan_required");
    expect(await storedItems(freeUser.user.id)).toBe(before);
  });

  it("cannot request a site with a complete questionnaire", async () => {
    const answer = await call(freeUser, "POST /api/questionnaires", {
      body: {
        businessName: "Free Lunch",
        industry: "restaurant",
        websiteType: "business",
        primaryColor: "#A0522D",
        secondaryColor: "#8B5CF6",
        contentProvided: false,
        logoProvided: false,
        contactPreference: "email",
      },
    });
    expect(answer.status).toBe(403);
    const { data } = await db.entities.site.query.byOwner({ userId: freeUser.user.id }).go();
    expect(data).toEqual([]);
  });

  it("still reaches billing, so they can pay, and their own record", async () => {
    expect((await call(freeUser, "GET /api/auth/user")).status).toBe(200);
    expect((await call(freeUser, "GET /api/billing/subscription")).status).toBe(200);
    expect((await call(freeUser, "GET /api/questionnaires/me")).status).toBe(200);
  });
});

/** What the lapsed customer's plan (Pro) never included: the report's PDF (docs/reports.md). */
const NOT_IN_PRO = new Set(["GET /api/sites/{id}/reports/{month}/pdf"]);

describe("a customer whose subscription lapsed", () => {
  let lapsed: SignedIn;
  let siteId: string;
  beforeAll(async () => {
    lapsed = await signUpCustomer({ firstName: "Lapsed" }, url, LAPSED_CUSTOMER);
    const { data } = await db.entities.site
      .create({ userId: lapsed.user.id, name: "Corner Bakery", status: "live" })
      .go();
    siteId = data.siteId;
  });

  it.each(LAPSED_ROUTES.filter((key) => key.startsWith("GET ")))(
    "keeps reading: %s",
    async (routeKey) => {
      const { method, path } = requestFor(routeKey, siteId);
      const answer = await call(lapsed, method, path);
      if (NOT_IN_PRO.has(routeKey)) {
        // Refused for the plan's level, as it would be while paying, not for the lapse.
        expect([answer.status, answer.body?.error?.code]).toEqual([403, "plan_required"]);
        return;
      }
      expect(answer.status).not.toBe(403);
      expect(answer.status).toBeLessThan(500);
    },
  );

  it("keeps talking to support: a ticket about the failed payment", async () => {
    const answer = await call(lapsed, "POST /api/tickets", {
      body: {
        title: "My card was declined",
        description: "The renewal failed and I want to update my card details.",
        category: "billing",
        priority: "high",
      },
    });
    expect(answer.status).toBe(201);
  });

  it.each(SUBSCRIPTION_ROUTES)("gets 403 subscription_required on %s", async (routeKey) => {
    const before = await storedItems(lapsed.user.id);
    const { method, path, body } = requestFor(routeKey, siteId);
    const answer = await call(lapsed, method, path, body);
    expect(answer.status).toBe(403);
    expect(answer.body?.error?.code).toBe("subscription_required");
    expect(await storedItems(lapsed.user.id)).toBe(before);
  });

  it("keeps the site's settings as they were after a refused change", async () => {
    const answer = await call(lapsed, "PATCH /api/sites/{id}", {
      params: { id: siteId },
      body: { name: "Renamed" },
    });
    expect(answer.status).toBe(403);
    const { data } = await db.entities.site.get({ userId: lapsed.user.id, siteId }).go();
    expect(data?.name).toBe("Corner Bakery");
  });
});

describe("an active customer", () => {
  it("uses the site tools", async () => {
    const customer = await signUpCustomer({ firstName: "Active" });
    const { data } = await db.entities.site
      .create({ userId: customer.user.id, name: "Corner Bakery", status: "live" })
      .go();
    const renamed = await call(customer, "PATCH /api/sites/{id}", {
      params: { id: data.siteId },
      body: {
        name: "Corner Bakery & Cafe",
      },
    });
    expect(renamed.status).toBe(200);
    expect((await call(customer, "GET /api/analytics/settings")).status).toBe(200);
    expect((await call(customer, "GET /api/seo/results")).status).toBe(200);
  });

  it("is told to finish the questionnaire before the site tools, once paid", async () => {
    const paid = await signUpCustomer({ firstName: "Paid" }, url, {
      subscriptionActive: true,
      subscriptionPlan: "starter",
      hasCompletedQuestionnaire: false,
    });
    const answer = await call(paid, "GET", "/api/analytics/settings");
    expect(answer.status).toBe(403);
    expect(answer.body?.error?.code).toBe("questionnaire_required");
  });
});

describe("requests from other sites", () => {
  it("refuses a cookie-only write from another origin with 403, and stores nothing", async () => {
    const customer = await signUpCustomer({ firstName: "Cookie" });
    const before = await storedItems(customer.user.id);
    const response = await fetch(`${url}/api/tickets`, {
      method: "POST",
      headers: {
        cookie: customer.cookie,
        "content-type": "application/json",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      body: JSON.stringify({
        title: "Please delete my site",
        description: "Sent by a page the customer happened to visit.",
        category: "general",
        priority: "low",
      }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "cross_site_request",
    );
    expect(await storedItems(customer.user.id)).toBe(before);
  });

  it("refuses a text/plain body (a form post needs no preflight) with 415, and stores nothing", async () => {
    const customer = await signUpCustomer({ firstName: "Plain" });
    const before = await storedItems(customer.user.id);
    const response = await fetch(`${url}/api/tickets`, {
      method: "POST",
      headers: { cookie: customer.cookie, "content-type": "text/plain", origin: url },
      body: JSON.stringify({
        title: "Hello",
        description: "A form on another page can send this.",
        category: "general",
        priority: "low",
      }),
    });
    expect(response.status).toBe(415);
    expect(await storedItems(customer.user.id)).toBe(before);
  });

  it("accepts the portal's own cookie-only write", async () => {
    const customer = await signUpCustomer({ firstName: "Own" });
    const response = await fetch(`${url}/api/tickets`, {
      method: "POST",
      headers: {
        cookie: customer.cookie,
        "content-type": "application/json",
        origin: url,
        "sec-fetch-site": "same-origin",
      },
      body: JSON.stringify({
        title: "Contact form",
        description: "The contact form on my home page shows an error.",
        category: "bug_report",
        priority: "high",
      }),
    });
    expect(response.status).toBe(201);
  });
});
