/**
 * The provider console's API (docs/console.md) through the local stack: only staff tokens get
 * in, staff see across customers, and what they write is logged and reaches the customer
 * where it should (replies, the live site) and nowhere it should not (internal notes).
 */
import type { StaffRequest } from "@portal/core/contracts/staff";
import { routes } from "@portal/functions/routes";
import { beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { ONBOARDING_CUSTOMER } from "../support/customer-state";
import { type SignedIn, signUpCustomer, signUpStaff } from "../support/dev-identity";
import { stackUrl, useStackEnv } from "../support/stack";

useStackEnv();
const { db } = await import("@portal/core/db/service");
const url = stackUrl();

const call = apiAt(url);

const STAFF_ROUTES = Object.entries(routes)
  .filter(([, record]) => record.entitlement === "staff")
  .map(([routeKey]) => routeKey);

const answers = {
  businessName: "Ada's Bakery",
  industry: "restaurant",
  websiteType: "business",
  targetAudience: "Families nearby",
  primaryColor: "#A0522D",
  secondaryColor: "#8B5CF6",
  contentProvided: false,
  logoProvided: false,
  contactPreference: "email",
};

let staff: SignedIn;
let customer: SignedIn;
let siteId: string;
let ticketId: string;

beforeAll(async () => {
  staff = await signUpStaff({ firstName: "Sam", lastName: "Support" });
  customer = await signUpCustomer({ firstName: "Ada" }, url, ONBOARDING_CUSTOMER);
  const submitted = await call(customer, "POST", "/api/questionnaires", answers);
  expect(submitted.status).toBe(201);
  siteId = String(submitted.body.siteId);
  const ticket = await call(customer, "POST /api/tickets", {
    body: {
      title: "When will my site be ready?",
      description: "I submitted the questionnaire today and would like to know the timeline.",
      category: "website_request",
      priority: "medium",
    },
  });
  expect(ticket.status).toBe(201);
  ticketId = String(ticket.body.id);
});

describe("who may use the console", () => {
  it("has staff routes, all under /api/staff", () => {
    expect(STAFF_ROUTES.length).toBeGreaterThanOrEqual(10);
    for (const key of STAFF_ROUTES) expect(key.split(" ")[1]).toMatch(/^\/api\/staff\//);
    for (const [key, record] of Object.entries(routes)) {
      if (key.includes("/api/staff/")) expect(record.entitlement).toBe("staff");
    }
  });

  it.each(STAFF_ROUTES)("refuses a customer token on %s with 403 staff_required", async (key) => {
    const [method = "GET", path = ""] = key.split(" ");
    const filled = path
      .replace("{userId}", customer.user.id)
      .replace("{siteId}", siteId)
      .replace("{ticketId}", ticketId)
      .replace("{upsellId}", `seo-${siteId}`);
    const answer = await call(customer, method, filled, method === "GET" ? undefined : {});
    expect(answer.status).toBe(403);
    expect(answer.body.error?.code).toBe("staff_required");
  });

  it("tells the SPA who is staff", async () => {
    expect((await call(staff, "GET /api/auth/user")).body.isStaff).toBe(true);
    expect((await call(customer, "GET /api/auth/user")).body.isStaff).toBe(false);
  });
});

describe("requests and customers", () => {
  it("lists the new request with every answer, the customer and the site it created", async () => {
    const { status, body } = await call(staff, "GET /api/staff/requests");
    expect(status).toBe(200);
    const items = body.items as StaffRequest[];
    const mine = items.find((item) => item.customer?.id === customer.user.id);
    expect(mine?.questionnaire.businessName).toBe("Ada's Bakery");
    expect(mine?.questionnaire.targetAudience).toBe("Families nearby");
    expect(mine?.site).toMatchObject({ id: siteId, status: "requested" });
    // Newest first.
    const times = items.map((item) => item.questionnaire.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("finds the customer by the start of their email, and shows their page", async () => {
    const email = customer.user.email;
    const found = await call(staff, "GET /api/staff/customers", {
      query: { q: email.slice(0, 8) },
    });
    expect((found.body.items as Array<{ id: string }>).map((c) => c.id)).toContain(
      customer.user.id,
    );
    const page = await call(staff, "GET /api/staff/customers/{userId}", {
      params: { userId: customer.user.id },
    });
    expect(page.status).toBe(200);
    expect(page.body.customer).toMatchObject({ email, subscriptionPlan: "starter" });
    expect((page.body.sites as Array<{ id: string }>).map((s) => s.id)).toEqual([siteId]);
    expect((page.body.tickets as Array<{ id: string }>).map((t) => t.id)).toContain(ticketId);
  });
});

describe("site lifecycle", () => {
  it("refuses to go live without a live URL, or at an address that cannot be measured", async () => {
    const path = `/api/staff/customers/${customer.user.id}/sites/${siteId}`;
    const answer = await call(staff, "PATCH", path, { status: "live" });
    expect(answer.status).toBe(422);
    const inside = await call(staff, "PATCH", path, {
      status: "live",
      liveUrl: "https://bakery.example/",
    });
    expect(inside.status).toBe(422);
    expect(inside.body.error).toHaveProperty("fields.liveUrl");
    const { data } = await db.entities.site.get({ userId: customer.user.id, siteId }).go();
    expect(data?.status).toBe("requested");
  });

  it("moves a site along, takes it live, tells the customer and logs each step", async () => {
    const path = `/api/staff/customers/${customer.user.id}/sites/${siteId}`;
    expect((await call(staff, "PATCH", path, { status: "development" })).status).toBe(200);
    // No review round was approved: the team's reason goes with it (docs/sites.md).
    const live = await call(staff, "PATCH", path, {
      status: "live",
      url: "https://staging.bakery.example",
      liveUrl: "https://www.adas-bakery.com",
      approvalOverride: "Approved by the customer on the phone",
    });
    expect(live.status).toBe(200);
    // The fields it set, as saved; the console refetches the customer's page for the rest.
    expect(live.body).toEqual({
      id: siteId,
      name: expect.any(String),
      status: "live",
      url: "https://staging.bakery.example",
      liveUrl: "https://www.adas-bakery.com",
      updatedAt: expect.any(String),
    });

    const mine = await call(customer, "GET /api/sites");
    expect((mine.body as unknown as Array<{ status: string }>)[0]?.status).toBe("live");
    const activity = await call(customer, "GET /api/activities");
    expect((activity.body as unknown as Array<{ type: string }>).map((a) => a.type)).toContain(
      "site_deployed",
    );
    // A Lighthouse run of the live site was queued for the customer: its score becomes the site's.
    const { data: runs } = await db.entities.lighthouseResult.query
      .byOwner({ userId: customer.user.id })
      .go();
    expect(runs.map((r) => [r.url, r.siteId, r.strategy])).toContainEqual([
      "https://www.adas-bakery.com/",
      siteId,
      "mobile",
    ]);

    const log = await call(staff, "GET /api/staff/audit-log", {
      query: { customerId: customer.user.id, targetType: "site" },
    });
    const entries = log.body.items as Array<Record<string, unknown>>;
    expect(entries[0]).toMatchObject({
      actorId: staff.user.id,
      action: "site.update",
      targetId: siteId,
      before: { status: "development" },
      after: {
        status: "live",
        liveUrl: "https://www.adas-bakery.com",
        approvalOverride: "Approved by the customer on the phone",
      },
    });
    expect(entries).toHaveLength(2);
  });
});

describe("ticket inbox", () => {
  it("lists open tickets waiting on staff, oldest first, across customers", async () => {
    const { status, body } = await call(staff, "GET /api/staff/tickets", {
      query: { status: "open", waiting: "staff" },
    });
    expect(status).toBe(200);
    const items = body.items as Array<Record<string, unknown>>;
    const mine = items.find((t) => t.id === ticketId);
    expect(mine).toMatchObject({
      userId: customer.user.id,
      waitingOnStaff: true,
      customerEmail: customer.user.email,
    });
    const times = items.map((t) => t.createdAt as string);
    expect([...times].sort()).toEqual(times);
  });

  it("fills a filtered page even when many tickets that do not match come first", async () => {
    // DynamoDB filters after its Limit: 30 older low-priority tickets must not push the one
    // urgent ticket off an empty first page.
    const other = await signUpCustomer({ firstName: "Olga" }, url);
    await db.entities.ticket
      .put(
        Array.from({ length: 30 }, (_, i) => ({
          userId: other.user.id,
          title: `Old question ${i}`,
          description: "A question that is not urgent at all.",
          category: "general" as const,
          priority: "low" as const,
          createdAt: new Date(Date.UTC(2000, 0, 1, 0, i)).toISOString(),
        })),
      )
      .go();
    const urgent = await call(other, "POST /api/tickets", {
      body: {
        title: "Site is down",
        description: "Our shop shows an error page since this morning.",
        category: "technical",
        priority: "urgent",
      },
    });
    expect(urgent.status).toBe(201);
    const { body } = await call(staff, "GET /api/staff/tickets", {
      query: { status: "open", priority: "urgent" },
    });
    const ids = (body.items as Array<{ id: string }>).map((t) => t.id);
    expect(ids).toContain(urgent.body.id);
  });

  it("refuses a reply, a note or internal notes that are not text, and stores nothing", async () => {
    const base = `/api/staff/customers/${customer.user.id}/tickets/${ticketId}`;
    const before = await call(staff, "GET", base);
    const nul = await call(staff, "POST", `${base}/messages`, { message: "Ready soon\u0000" });
    expect(nul.status).toBe(400);
    expect(nul.body.error).toMatchObject({
      fields: {
        message: "Message cannot contain invisible control characters; please remove them",
      },
    });
    const lone = await call(staff, "POST", `${base}/messages`, {
      message: "Call \uD800 back",
      isInternal: true,
    });
    expect(lone.status).toBe(400);
    const notes = await call(staff, "PATCH", base, { internalNotes: "VIP\u001b[0m" });
    expect(notes.status).toBe(400);
    expect(notes.body.error).toMatchObject({
      fields: {
        internalNotes:
          "Internal notes cannot contain invisible control characters; please remove them",
      },
    });
    const site = await call(staff, "PATCH /api/staff/customers/{userId}/sites/{siteId}", {
      params: { userId: customer.user.id, siteId },
      body: {
        url: "https://dev.example/\u0000",
      },
    });
    expect(site.status).toBe(400);
    expect(Object.keys((site.error as { fields?: object }).fields ?? {})).toEqual(["url"]);
    expect((await call(staff, "GET", base)).body).toEqual(before.body);
  });

  it("replies, notes internally, assigns and resolves; the customer sees only the reply", async () => {
    const base = `/api/staff/customers/${customer.user.id}/tickets/${ticketId}`;
    const reply = await call(staff, "POST", `${base}/messages`, {
      message: "Your site will be ready within two weeks.",
    });
    expect(reply.status).toBe(201);
    const note = await call(staff, "POST", `${base}/messages`, {
      message: "Customer seems anxious; check in on Friday.",
      isInternal: true,
    });
    expect(note.status).toBe(201);
    const updated = await call(staff, "PATCH", base, {
      assignedTo: staff.user.id,
      internalNotes: "VIP bakery",
      status: "resolved",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      assignedTo: staff.user.id,
      status: "resolved",
      waitingOnStaff: false,
    });
    expect(typeof updated.body.responseTime).toBe("number");
    expect(typeof updated.body.resolutionTime).toBe("number");

    const thread = await call(staff, "GET", base);
    expect(
      (thread.body.messages as Array<{ isInternal: boolean }>).map((m) => m.isInternal),
    ).toEqual([false, true]);

    // Every customer route that returns tickets: no internal note, no internal notes field.
    for (const path of [
      `/api/tickets/${ticketId}`,
      "/api/tickets",
      "/api/dashboard/stats",
      "/api/activities",
    ]) {
      const text = JSON.stringify((await call(customer, "GET", path)).body);
      expect(text).not.toContain("Customer seems anxious");
      expect(text).not.toContain("VIP bakery");
      expect(text).not.toContain("internalNotes");
      expect(text).not.toContain(staff.user.id);
    }
    const customerThread = await call(customer, "GET /api/tickets/{id}", {
      params: { id: ticketId },
    });
    const messages = customerThread.body.messages as Array<{
      message: string;
      isStaffReply: boolean;
    }>;
    expect(messages).toEqual([
      expect.objectContaining({
        message: "Your site will be ready within two weeks.",
        isStaffReply: true,
      }),
    ]);

    const inbox = await call(staff, "GET /api/staff/tickets", { query: { status: "resolved" } });
    expect((inbox.body.items as Array<{ id: string }>).map((t) => t.id)).toContain(ticketId);
    expect((inbox.body.medians as { responseTime: number | null }).responseTime).not.toBeNull();
    const open = await call(staff, "GET /api/staff/tickets", { query: { status: "open" } });
    expect((open.body.items as Array<{ id: string }>).map((t) => t.id)).not.toContain(ticketId);
  });
});

describe("upsell work", () => {
  it("marks a bought upgrade started and done; an unbought one is not found", async () => {
    const upsellId = `seo-${siteId}`;
    await db.entities.upsell
      .create({
        userId: customer.user.id,
        upsellId,
        siteId,
        type: "seo",
        title: "SEO Performance Package",
        price: "49.00",
        isPurchased: true,
        purchasedAt: new Date().toISOString(),
      })
      .go();
    const list = await call(staff, "GET /api/staff/upsells");
    expect((list.body.items as Array<{ id: string }>).map((u) => u.id)).toContain(upsellId);
    const path = `/api/staff/customers/${customer.user.id}/upsells/${upsellId}`;
    expect((await call(staff, "PATCH", path, { workStatus: "started" })).body.workStatus).toBe(
      "started",
    );
    expect((await call(staff, "PATCH", path, { workStatus: "done" })).body.workStatus).toBe("done");
    const missing = `/api/staff/customers/${customer.user.id}/upsells/seo-nothing`;
    expect((await call(staff, "PATCH", missing, { workStatus: "done" })).status).toBe(404);
  });
});
