/**
 * The dashboard's own reads through the local stack: GET /api/dashboard/stats (the four figures by
 * the rules of docs/pages.md) and GET /api/activities (newest first), each for the caller only.
 */
import { activityListSchema, dashboardStatsSchema } from "@portal/core/contracts/dashboard";
import { describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { signUpCustomer } from "../support/dev-identity";
import { stackUrl, useStackEnv } from "../support/stack";

useStackEnv();
const { db } = await import("@portal/core/db/service");
const Activities = await import("@portal/core/activities/index");

const url = stackUrl();

const call = apiAt(url);

describe("GET /api/dashboard/stats", () => {
  it("answers zeros and no average for a new customer", async () => {
    const who = await signUpCustomer();
    const { status, body } = await call(who, "GET /api/dashboard/stats");
    expect(status).toBe(200);
    expect(body).toEqual({ activeSites: 0, avgPerformance: null, openTickets: 0, daysActive: 0 });
  });

  it("counts live sites, averages set scores, counts open and in-progress tickets, whole days", async () => {
    const who = await signUpCustomer();
    const other = await signUpCustomer();
    const userId = who.user.id;
    const sites = [
      { name: "Live A", status: "live", performanceScore: 92 },
      { name: "Live B", status: "live", performanceScore: 71 },
      { name: "Live, not measured", status: "live" },
      { name: "Building", status: "in_progress", performanceScore: 60 },
      { name: "Requested", status: "requested" },
    ] as const;
    for (const site of sites) await db.entities.site.create({ userId, ...site }).go();
    for (const status of ["open", "in_progress", "resolved", "closed", "open"] as const) {
      await db.entities.ticket.create({ userId, title: `A ${status} ticket`, status }).go();
    }
    // Another customer's records count for them only.
    await db.entities.site
      .create({ userId: other.user.id, name: "Theirs", status: "live", performanceScore: 10 })
      .go();
    await db.entities.ticket.create({ userId: other.user.id, title: "Theirs" }).go();
    // The record is 3 days and a bit old.
    const createdAt = new Date(Date.now() - (3 * 24 + 5) * 60 * 60 * 1000).toISOString();
    const { data: user } = await db.entities.user.get({ userId }).go();
    if (!user) throw new Error("no user record");
    await db.entities.user.delete({ userId }).go();
    await db.entities.user.create({ ...user, createdAt }).go();

    const { status, body } = await call(who, "GET /api/dashboard/stats");
    expect(status).toBe(200);
    // (92 + 71 + 60) / 3 = 74.33 → 74
    expect(dashboardStatsSchema.parse(body)).toEqual({
      activeSites: 3,
      avgPerformance: 74,
      openTickets: 3,
      daysActive: 3,
    });
    expect((await call(other, "GET /api/dashboard/stats")).body).toEqual({
      activeSites: 1,
      avgPerformance: 10,
      openTickets: 1,
      daysActive: 0,
    });
  });

  it("refuses a caller without a token", async () => {
    const response = await fetch(`${url}/api/dashboard/stats`);
    expect(response.status).toBe(401);
  });
});

describe("GET /api/activities", () => {
  it("lists the caller's activities newest first, and only theirs", async () => {
    const who = await signUpCustomer();
    const other = await signUpCustomer();
    await Activities.record(who.user.id, { type: "site_requested", description: "first" });
    await Activities.record(other.user.id, { type: "ticket_created", description: "not yours" });
    await Activities.record(who.user.id, { type: "ticket_created", description: "second" });
    await Activities.record(who.user.id, { type: "site_deployed", description: "third" });

    const { status, body } = await call(who, "GET /api/activities");
    expect(status).toBe(200);
    const list = activityListSchema.parse(body);
    expect(list.map((a) => [a.type, a.description])).toEqual([
      ["site_deployed", "third"],
      ["ticket_created", "second"],
      ["site_requested", "first"],
    ]);

    const limited = activityListSchema.parse(
      (await call(who, "GET /api/activities", { query: { limit: "2" } })).body,
    );
    expect(limited.map((a) => a.description)).toEqual(["third", "second"]);
  });

  it("answers an empty list for a new customer, and 400 for a bad limit", async () => {
    const who = await signUpCustomer();
    expect((await call(who, "GET /api/activities")).body).toEqual([]);
    const bad = await call(who, "GET /api/activities", { query: { limit: "0" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: { fields: { "query.limit": "limit must be a whole number from 1 to 100" } },
    });
  });
});
