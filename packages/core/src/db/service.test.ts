/**
 * The data layer against a real DynamoDB API (dynalite, in memory): keys, collections,
 * conditional writes and the users domain on top of them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConflictError, NotFoundError, UnprocessableError } from "../errors";
import { startTestDynamo, type TestDynamo } from "./testing";

let dynamo: TestDynamo;
let db: typeof import("./service").db;
let service: typeof import("./service");
let Users: typeof import("../users/index");

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  service = await import("./service");
  db = service.db;
  Users = await import("../users/index");
});

afterAll(async () => {
  await dynamo?.stop();
});

let counter = 0;
/** A fresh identity-provider-style id per test, so tests share the table without colliding. */
const newUserId = () => `user_${Date.now().toString(36)}Ab${++counter}`;
const emailFor = (userId: string) => `${userId.toLowerCase()}@example.com`;

async function seedCustomer(userId: string) {
  const [, bakery, blog, { data: ticket }] = await Promise.all([
    db.entities.user.create({ userId, email: emailFor(userId), firstName: "Ada" }).go(),
    db.entities.site.create({ userId, name: "Bakery" }).go(),
    db.entities.site.create({ userId, name: "Blog", status: "live" }).go(),
    db.entities.ticket.create({ userId, title: "Help with DNS" }).go(),
    db.entities.questionnaire
      .create({
        userId,
        businessName: "Ada's Bakery",
        industry: "restaurant",
        websiteType: "business",
      })
      .go(),
    db.entities.upsell.create({ userId, title: "SEO package", price: service.toPrice(49) }).go(),
  ]);
  // In order: the dashboard test checks activities come back oldest first.
  await db.entities.activity.create({ userId, type: "site_requested", description: "a" }).go();
  await db.entities.activity.create({ userId, type: "ticket_created", description: "b" }).go();
  await db.entities.ticketMessage
    .create({ userId, ticketId: ticket.ticketId, message: "Any news?" })
    .go();
  return { sites: [bakery.data, blog.data], ticket };
}

describe("entities", () => {
  it("applies the documented defaults (docs/data.md) and sets timestamps", async () => {
    const userId = newUserId();
    const { data: user } = await db.entities.user.create({ userId, email: emailFor(userId) }).go();
    expect(user).toMatchObject({
      id: userId,
      userId,
      subscriptionActive: false,
      hasCompletedQuestionnaire: false,
      isActive: true,
      emailNotifications: true,
      marketingEmails: false,
      monthlyReport: true,
      timezone: "UTC",
      language: "en",
      theme: "light",
    });
    expect(user.subscriptionPlan).toBeUndefined();
    expect(Date.parse(user.createdAt)).not.toBeNaN();
    expect(user.updatedAt >= user.createdAt).toBe(true);

    const { data: site } = await db.entities.site.create({ userId, name: "Shop" }).go();
    expect(site).toMatchObject({
      status: "development",
      sslEnabled: true,
      analyticsEnabled: true,
      seoEnabled: true,
      maintenanceMode: false,
    });
    expect(service.isId(site.siteId)).toBe(true);
    expect(site.id).toBe(site.siteId);

    const { data: ticket } = await db.entities.ticket.create({ userId, title: "Hello" }).go();
    expect(ticket).toMatchObject({ status: "open", priority: "medium", category: "general" });

    const { data: message } = await db.entities.ticketMessage
      .create({ userId, ticketId: ticket.ticketId, message: "Hi" })
      .go();
    expect(message).toMatchObject({ isStaffReply: false, isInternal: false });

    const { data: questionnaire } = await db.entities.questionnaire
      .create({ userId, businessName: "Shop", industry: "retail", websiteType: "ecommerce" })
      .go();
    expect(questionnaire).toMatchObject({
      primaryColor: "#3B82F6",
      secondaryColor: "#8B5CF6",
      contactPreference: "email",
      contentProvided: false,
      logoProvided: false,
      additionalServices: [],
      isCompleted: false,
    });

    const { data: upsell } = await db.entities.upsell
      .create({ userId, title: "SEO", price: service.toPrice(49) })
      .go();
    expect(upsell).toMatchObject({ price: "49.00", isPurchased: false });

    const { data: apiKey } = await db.entities.apiKey
      .create({ userId, name: "CI", keyHash: "h", keyPrefix: `pk_${userId}` })
      .go();
    expect(apiKey).toMatchObject({ permissions: ["read"], isActive: true });

    const { data: webhook } = await db.entities.webhook
      .create({ userId, url: "https://example.com/hook", events: ["site.live"], secret: "s" })
      .go();
    expect(webhook).toMatchObject({ isActive: true, failureCount: 0 });

    const { data: job } = await db.entities.lighthouseResult
      .create({ userId, url: "https://example.com/" })
      .go();
    expect(job).toMatchObject({ status: "queued", strategy: "mobile" });
  });

  it("refuses values outside the enumerations and a price that is not 2-decimal", async () => {
    const userId = newUserId();
    await expect(
      db.entities.ticket
        // @ts-expect-error: not a ticket status
        .create({ userId, title: "x", status: "pending" })
        .go(),
    ).rejects.toThrow(/status/);
    await expect(
      db.entities.upsell.create({ userId, title: "SEO", price: "49.5" }).go(),
    ).rejects.toThrow(/price/);
  });

  it("refreshes updatedAt on every write and keeps createdAt", async () => {
    const userId = newUserId();
    const { data: site } = await db.entities.site
      .create({ userId, name: "Old", createdAt: "2020-01-01T00:00:00.000Z" })
      .go();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { data: patched } = await db.entities.site
      .patch({ userId, siteId: site.siteId })
      .set({ name: "New" })
      .go({ response: "all_new" });
    expect(patched.name).toBe("New");
    expect(patched.createdAt).toBe("2020-01-01T00:00:00.000Z");
    expect(patched.updatedAt > site.updatedAt).toBe(true);
  });
});

describe("collections", () => {
  const alice = newUserId();
  const bob = newUserId();
  let aliceSites: { siteId: string }[];

  beforeAll(async () => {
    [{ sites: aliceSites }] = await Promise.all([seedCustomer(alice), seedCustomer(bob)]);
  });

  it("reads one customer's dashboard in one query, grouped by entity, and nothing of another's", async () => {
    const { data, cursor } = await db.collections.dashboard({ userId: alice }).go();
    expect(cursor).toBeNull();
    expect(data.user.map((u) => u.userId)).toEqual([alice]);
    expect(data.site.map((s) => s.name).sort()).toEqual(["Bakery", "Blog"]);
    expect(data.site.map((s) => s.siteId).sort()).toEqual(aliceSites.map((s) => s.siteId).sort());
    expect(data.ticket.map((t) => t.title)).toEqual(["Help with DNS"]);
    expect(data.activity.map((a) => a.type)).toEqual(["site_requested", "ticket_created"]);
    expect(data.questionnaire.map((q) => q.businessName)).toEqual(["Ada's Bakery"]);
    const everyItem = Object.values(data).flat();
    expect(everyItem.length).toBe(7);
    expect(everyItem.every((item) => item.userId === alice)).toBe(true);
    // The dashboard leaves out what it does not show.
    expect(Object.keys(data).sort()).toEqual(
      ["activity", "questionnaire", "site", "ticket", "user"].sort(),
    );
  });

  it("reads everything a customer owns through the customer collection", async () => {
    const { data } = await db.collections.customer({ userId: bob }).go();
    const counts = Object.fromEntries(
      Object.entries(data)
        .filter(([, items]) => items.length > 0)
        .map(([name, items]) => [name, items.length]),
    );
    expect(counts).toEqual({
      user: 1,
      site: 2,
      ticket: 1,
      ticketMessage: 1,
      activity: 2,
      questionnaire: 1,
      upsell: 1,
    });
    expect(
      Object.values(data)
        .flat()
        .every((item) => item.userId === bob),
    ).toBe(true);
  });

  it("reads a ticket and its messages in one query, oldest first, and only the owner's", async () => {
    const carol = newUserId();
    const [{ data: ticket }, { data: other }] = await Promise.all([
      db.entities.ticket.create({ userId: carol, title: "Help" }).go(),
      db.entities.ticket.create({ userId: carol, title: "Other" }).go(),
    ]);
    await db.entities.ticketMessage
      .create({ userId: carol, ticketId: other.ticketId, message: "elsewhere" })
      .go();
    for (const message of ["first", "second", "third"]) {
      await db.entities.ticketMessage
        .create({ userId: carol, ticketId: ticket.ticketId, message })
        .go();
    }

    // A later change to the ticket keeps it in its thread.
    await db.entities.ticket
      .patch({ userId: carol, ticketId: ticket.ticketId })
      .set({ status: "in_progress" })
      .go();

    const { data } = await db.collections.thread({ userId: carol, ticketId: ticket.ticketId }).go();
    expect(data.ticket.map((t) => [t.title, t.status])).toEqual([["Help", "in_progress"]]);
    expect(data.ticketMessage.map((m) => m.message)).toEqual(["first", "second", "third"]);

    // Another customer naming the same ticket id reads an empty partition.
    const { data: foreign } = await db.collections
      .thread({ userId: alice, ticketId: ticket.ticketId })
      .go();
    expect(foreign.ticket).toEqual([]);
    expect(foreign.ticketMessage).toEqual([]);
  });

  it("lists activities newest first", async () => {
    const userId = newUserId();
    for (const description of ["first", "second", "third"]) {
      await db.entities.activity.create({ userId, type: "note", description }).go();
    }
    const { data } = await db.entities.activity.query.byOwner({ userId }).go({ order: "desc" });
    expect(data.map((a) => a.description)).toEqual(["third", "second", "first"]);
  });
});

describe("conditional writes", () => {
  it("lets only one customer claim a domain", async () => {
    const domain = `shop-${newUserId().toLowerCase()}.example.com`;
    await db.entities.domainClaim.create({ domain, userId: "user_A", siteId: "S1" }).go();
    const second = await db.entities.domainClaim
      .create({ domain, userId: "user_B", siteId: "S2" })
      .go()
      .catch((error: unknown) => error);
    expect(service.isConditionFailure(second)).toBe(true);
    const { data } = await db.entities.domainClaim.get({ domain }).go({ consistent: true });
    expect(data).toMatchObject({ userId: "user_A", siteId: "S1" });
  });

  it("records a Stripe event id once", async () => {
    const eventId = `evt_${newUserId()}`;
    await db.entities.stripeEvent.create({ eventId, type: "invoice.paid" }).go();
    const again = await db.entities.stripeEvent
      .create({ eventId, type: "invoice.paid" })
      .go()
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(Error);
    expect(service.isConditionFailure(again)).toBe(true);
  });

  it("tells a failed condition apart from other errors", () => {
    expect(service.isConditionFailure(new Error("network down"))).toBe(false);
    expect(service.isConditionFailure(undefined)).toBe(false);
  });
});

describe("global lookups", () => {
  it("finds a user by Stripe customer id, and only users that have one", async () => {
    const userId = newUserId();
    const customerId = `cus_${userId}`;
    await db.entities.user.create({ userId, email: emailFor(userId) }).go();
    const before = await db.entities.user.query
      .byStripeCustomer({ stripeCustomerId: customerId })
      .go();
    expect(before.data).toEqual([]);
    await db.entities.user.patch({ userId }).set({ stripeCustomerId: customerId }).go();
    const { data } = await db.entities.user.query
      .byStripeCustomer({ stripeCustomerId: customerId })
      .go();
    expect(data.map((u) => u.userId)).toEqual([userId]);
  });

  it("finds a site by id, an API key by prefix and a webhook's deliveries", async () => {
    const userId = newUserId();
    const { data: site } = await db.entities.site.create({ userId, name: "Found" }).go();
    expect((await db.entities.site.query.byId({ siteId: site.siteId }).go()).data).toMatchObject([
      { userId, name: "Found" },
    ]);

    const keyPrefix = `pk_${userId}`;
    await db.entities.apiKey.create({ userId, name: "k", keyHash: "h1", keyPrefix }).go();
    const keys = await db.entities.apiKey.query.byPrefix({ keyPrefix }).go();
    expect(keys.data.map((k) => k.keyHash)).toEqual(["h1"]);

    const { data: hook } = await db.entities.webhook
      .create({ userId, url: "https://example.com/h", events: ["a"], secret: "s" })
      .go();
    for (const eventType of ["site.live", "ticket.updated"]) {
      await db.entities.webhookDelivery
        .create({
          userId,
          webhookId: hook.webhookId,
          eventType,
          payload: { n: 1, nested: { a: [1] } },
        })
        .go();
    }
    const deliveries = await db.entities.webhookDelivery.query
      .byWebhook({ webhookId: hook.webhookId })
      .go();
    expect(deliveries.data.map((d) => d.eventType)).toEqual(["site.live", "ticket.updated"]);
    expect(deliveries.data[0]?.payload).toEqual({ n: 1, nested: { a: [1] } });
  });

  it("keeps audit jobs in time order so recent runs are a sort-key range", async () => {
    const userId = newUserId();
    const old = await db.entities.seoResult
      .create({
        userId,
        url: "https://a.example/",
        jobId: service.idFloor(new Date(Date.now() - 2 * 3600_000)),
      })
      .go();
    await db.entities.seoResult.create({ userId, url: "https://b.example/" }).go();
    await db.entities.seoResult
      .create({ userId, url: "https://c.example/", status: "running" })
      .go();
    const hourAgo = service.idFloor(new Date(Date.now() - 3600_000));
    const { data: recent } = await db.entities.seoResult.query
      .byOwner({ userId })
      .gte({ jobId: hourAgo })
      .go({ order: "desc" });
    expect(recent.map((job) => job.url)).toEqual(["https://c.example/", "https://b.example/"]);
    expect(recent.some((job) => job.jobId === old.data.jobId)).toBe(false);
  });
});

describe("analytics counters", () => {
  it("adds page views to one small item per site, day and path, read back by range", async () => {
    const siteId = `SITE${newUserId()}`;
    const countViews = (day: string, key: string, views: number) =>
      db.entities.analyticsCount
        .update({ siteId, day, dimension: "page", key })
        .add({ views })
        .go();
    await countViews("2025-03-01", "/menu", 2);
    await countViews("2025-03-01", "/menu", 3);
    // Characters that expression names would strip stay as they are in a key value.
    await countViews("2025-03-01", "/a.b#c", 1);
    await countViews("2025-03-02", "/ab/c", 1);
    await countViews("2025-02-28", "/menu", 7);

    const { data } = await db.entities.analyticsCount.query
      .bySite({ siteId })
      .gte({ day: "2025-03-01" })
      .go();
    expect(data.map((c) => [c.day, c.key, c.views])).toEqual([
      ["2025-03-01", "/a.b#c", 1],
      ["2025-03-01", "/menu", 5],
      ["2025-03-02", "/ab/c", 1],
    ]);
  });
});

describe("Users", () => {
  it("creates the user on the first call and only updates what changed", async () => {
    const userId = newUserId();
    const email = emailFor(userId);
    const first = await Users.syncFromClaims(userId, {
      email,
      firstName: "Ada",
      lastName: "Lovelace",
      imageUrl: "https://img.example/ada.png",
    });
    expect(first).toEqual({
      id: userId,
      email,
      firstName: "Ada",
      lastName: "Lovelace",
      imageUrl: "https://img.example/ada.png",
      profileImageUrl: "https://img.example/ada.png",
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      subscriptionPlan: null,
      subscriptionActive: false,
      hasCompletedQuestionnaire: false,
      gaTrackingId: null,
      createdAt: expect.any(String),
      // The defaults: notifications on, marketing off (docs/notifications.md), the monthly
      // report on (docs/reports.md).
      emailNotifications: true,
      marketingEmails: false,
      monthlyReport: true,
      sitesDeleteAfter: null,
      subscriptionEndedFor: null,
    });

    const unchanged = await Users.syncFromClaims(userId, { email, firstName: "Ada" });
    expect(unchanged).toEqual(first);

    const renamed = await Users.syncFromClaims(userId, { email, firstName: "Augusta" });
    expect(renamed.firstName).toBe("Augusta");
    expect(renamed.lastName).toBe("Lovelace");
    expect(renamed.createdAt).toBe(first.createdAt);
    expect(await Users.get(userId)).toEqual(renamed);

    const { data } = await db.collections.dashboard({ userId }).go();
    expect(data.user).toHaveLength(1);
  });

  it("survives concurrent first calls with one record", async () => {
    const userId = newUserId();
    const claims = { email: emailFor(userId), firstName: "Grace" };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => Users.syncFromClaims(userId, claims)),
    );
    expect(new Set(results.map((user) => user.createdAt)).size).toBe(1);
    expect(results.every((user) => user.id === userId && user.firstName === "Grace")).toBe(true);
    const { data } = await db.collections.customer({ userId }).go();
    expect(data.user).toHaveLength(1);
  });

  it("refuses a second user with an email already in use, whatever its case", async () => {
    const first = newUserId();
    const email = emailFor(first);
    await Users.syncFromClaims(first, { email });
    const second = newUserId();
    await expect(
      Users.syncFromClaims(second, { email: email.toUpperCase() }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(Users.get(second)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("moves the email claim when the address changes, freeing the old one", async () => {
    const mover = newUserId();
    const oldEmail = emailFor(mover);
    const newEmail = `new-${oldEmail}`;
    await Users.syncFromClaims(mover, { email: oldEmail });
    const moved = await Users.syncFromClaims(mover, { email: newEmail });
    expect(moved.email).toBe(newEmail);

    const claimOf = async (email: string) =>
      (await db.entities.emailClaim.get({ email }).go({ consistent: true })).data?.userId;
    expect(await claimOf(newEmail)).toBe(mover);
    expect(await claimOf(oldEmail)).toBeUndefined();

    const taker = newUserId();
    await expect(Users.syncFromClaims(taker, { email: oldEmail })).resolves.toMatchObject({
      id: taker,
      email: oldEmail,
    });
    // The mover cannot take back an address someone else now holds.
    await expect(Users.syncFromClaims(mover, { email: oldEmail })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect((await Users.get(mover)).email).toBe(newEmail);
  });

  it("needs an email to create a user, and keeps stored values the token does not carry", async () => {
    const userId = newUserId();
    await expect(Users.syncFromClaims(userId, {})).rejects.toBeInstanceOf(UnprocessableError);
    await Users.syncFromClaims(userId, { email: emailFor(userId), lastName: "Hopper" });
    const later = await Users.syncFromClaims(userId, { lastName: "  " });
    expect(later.lastName).toBe("Hopper");
    expect(later.email).toBe(emailFor(userId));
  });

  it("answers NotFoundError for a user never seen", async () => {
    await expect(Users.get(newUserId())).rejects.toBeInstanceOf(NotFoundError);
  });

  it("keeps ids that differ only in case apart", async () => {
    const base = `user_${Date.now().toString(36)}CaseTest`;
    await Users.syncFromClaims(base, {
      email: `${base.toLowerCase()}-1@example.com`,
      firstName: "Upper",
    });
    await Users.syncFromClaims(base.toLowerCase(), {
      email: `${base.toLowerCase()}-2@example.com`,
      firstName: "Lower",
    });
    expect((await Users.get(base)).firstName).toBe("Upper");
    expect((await Users.get(base.toLowerCase())).firstName).toBe("Lower");
  });
});

describe('entities made when first used (docs/performance.md "`cold`")', () => {
  /** A fresh copy of the module, as a new Lambda container loads it. */
  async function freshService() {
    vi.resetModules();
    return import("./service");
  }

  it("makes no entity at import and only the ones a request touches", async () => {
    const fresh = await freshService();
    expect(fresh.madeEntities()).toEqual([]);
    const userId = newUserId();
    await fresh.db.entities.site.create({ userId, name: "Florist" }).go();
    expect(fresh.madeEntities()).toEqual(["site"]);
  });

  it("writes a transaction over the entities it names, and reports a failed condition", async () => {
    const fresh = await freshService();
    const userId = newUserId();
    const { data: site } = await fresh.db.entities.site.create({ userId, name: "Bakery" }).go();
    const write = () =>
      fresh.db.transaction
        .write(({ site: sites, activity }) => [
          sites
            .patch({ userId, siteId: site.siteId })
            .set({ status: "in_progress" })
            .where(({ status }, { eq }) => eq(status, "development"))
            .commit(),
          activity
            .create({ userId, type: "site_updated", description: "Ready for review" })
            .commit(),
        ])
        .go();
    expect(site.status).toBe("development");
    expect((await write()).canceled).toBe(false);
    expect(fresh.madeEntities().sort()).toEqual(["activity", "site"]);
    expect(
      (await fresh.db.entities.site.get({ userId, siteId: site.siteId }).go()).data?.status,
    ).toBe("in_progress");
    // The same condition again no longer holds: nothing is written.
    expect((await write()).canceled).toBe(true);
    const { data: feed } = await fresh.db.entities.activity.query.byOwner({ userId }).go();
    expect(feed).toHaveLength(1);
  });

  it("reads a collection across entities made before it and after it", async () => {
    const fresh = await freshService();
    const userId = newUserId();
    await fresh.db.entities.site.create({ userId, name: "Blog" }).go();
    await fresh.db.entities.ticket.create({ userId, title: "Domain" }).go();
    const { data } = await fresh.db.collections.customer({ userId }).go();
    expect(fresh.madeEntities().length).toBeGreaterThan(20);
    expect(data.site.map((s) => s.name)).toEqual(["Blog"]);
    expect(data.ticket.map((t) => t.title)).toEqual(["Domain"]);
  });
});
