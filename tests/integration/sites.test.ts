/**
 * The site API through the local stack: listing with presigned screenshot URLs, settings
 * updates that refuse what the settings page cannot edit, deletion, and tenancy (another
 * customer's site id is a 404 on every route).
 */
import { siteListSchema } from "@portal/core/contracts/sites";
import { DEFAULT_SECONDARY_COLOR } from "@portal/core/questionnaires/enums";
import { beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { type SignedIn, signUpCustomer } from "../support/dev-identity";
import { stackUrl, useStackEnv } from "../support/stack";

useStackEnv();
const { db } = await import("@portal/core/db/service");
const blobs = await import("@portal/core/adapters/blobs");
const Aggregate = await import("@portal/core/analytics/aggregate");

const url = stackUrl();

const call = apiAt(url);

async function createSite(userId: string, fields: Record<string, unknown> = {}) {
  const { data } = await db.entities.site
    .create({ userId, name: "Corner Bakery", status: "live", ...fields })
    .go();
  return data;
}

let alice: SignedIn;

beforeAll(async () => {
  alice = await signUpCustomer({ firstName: "Alice" });
});

describe("GET /api/sites", () => {
  it("lists only the caller's sites, with the settings fields and their defaults", async () => {
    const bob = await signUpCustomer({ firstName: "Bob" });
    await createSite(bob.user.id, { name: "Bob's site" });
    const site = await createSite(alice.user.id, {
      description: "Fresh bread daily",
      liveUrl: "https://bakery.example.com/",
      industry: "restaurant",
      websiteType: "business",
      performanceScore: 91,
    });

    const { status, body } = await call(alice, "GET /api/sites");
    expect(status).toBe(200);
    const sites = siteListSchema.parse(body);
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({
      id: site.siteId,
      name: "Corner Bakery",
      description: "Fresh bread daily",
      status: "live",
      liveUrl: "https://bakery.example.com/",
      performanceScore: 91,
      category: "restaurant",
      primaryColor: "#3b82f6",
      // No questionnaire answer: the product's one default (docs/decisions.md), lower-cased.
      secondaryColor: DEFAULT_SECONDARY_COLOR.toLowerCase(),
      sslEnabled: true,
      analyticsEnabled: true,
      seoEnabled: true,
      maintenanceMode: false,
      customDomain: null,
      domainStatus: null,
      domainVerified: false,
      screenshotUrl: null,
      domain: "bakery.example.com",
    });
  });

  it("answers a presigned URL for a stored screenshot, which fetches the image", async () => {
    const who = await signUpCustomer();
    const site = await createSite(who.user.id);
    const key = `users/${who.user.id}/sites/${site.siteId}/screenshots/test.jpg`;
    await blobs.putObject(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), "image/jpeg");
    await db.entities.site
      .patch({ userId: who.user.id, siteId: site.siteId })
      .set({ screenshotKey: key, lastScreenshotUpdate: new Date().toISOString() })
      .go();

    const { body } = await call(who, "GET /api/sites");
    const [listed] = siteListSchema.parse(body);
    expect(listed?.screenshotUrl).toMatch(/X-Amz-Expires=900/);
    const image = await fetch(listed?.screenshotUrl ?? "");
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
    );
  });
});

describe("PATCH /api/sites/{id}", () => {
  it("saves the settings fields and records an activity", async () => {
    const who = await signUpCustomer();
    const site = await createSite(who.user.id, {
      description: "Old",
      logoUrl: "https://cdn.bakery.com/old.png",
    });
    const { status, body } = await call(who, "PATCH /api/sites/{id}", {
      params: { id: site.siteId },
      body: {
        name: "  Corner Bakery & Café ",
        description: "",
        category: "restaurant",
        primaryColor: "#FF0000",
        secondaryColor: "#00ff00",
        logoUrl: "",
        faviconUrl: "https://cdn.bakery.com/favicon.ico",
        customDomain: "",
        sslEnabled: false,
        analyticsEnabled: false,
        seoEnabled: true,
        maintenanceMode: true,
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: site.siteId,
      name: "Corner Bakery & Café",
      description: null,
      category: "restaurant",
      primaryColor: "#ff0000",
      secondaryColor: "#00ff00",
      logoUrl: null,
      faviconUrl: "https://cdn.bakery.com/favicon.ico",
      sslEnabled: false,
      analyticsEnabled: false,
      maintenanceMode: true,
      status: "live",
    });
    const [listed] = siteListSchema.parse((await call(who, "GET /api/sites")).body);
    expect(listed).toMatchObject({ name: "Corner Bakery & Café", primaryColor: "#ff0000" });
    const { data: activities } = await db.entities.activity.query
      .byOwner({ userId: who.user.id })
      .go();
    expect(activities.map((a) => a.type)).toContain("site_updated");
  });

  it.each([
    ["an unknown field", { name: "New name", status: "live" }, "body"],
    ["a liveUrl", { liveUrl: "https://evil.example.net" }, "body"],
    ["an owner change", { userId: "user_someone_else" }, "body"],
    ["a bad colour", { name: "New name", primaryColor: "red" }, "primaryColor"],
    ["a 3-digit colour", { secondaryColor: "#fff" }, "secondaryColor"],
    ["a javascript: logo URL", { name: "New name", logoUrl: "javascript:alert(1)" }, "logoUrl"],
    ["an http: favicon URL", { faviconUrl: "http://cdn.bakery.com/f.ico" }, "faviconUrl"],
    ["an unknown category", { category: "casino" }, "category"],
    ["an empty name", { name: "   " }, "name"],
    ["a 101-character name", { name: "x".repeat(101) }, "name"],
    // Text that is not text (docs/security.md).
    ["a NUL byte in the name", { name: "Corner\u0000Bakery" }, "name"],
    ["a line break in the name", { name: "Corner\nBakery" }, "name"],
    ["a lone surrogate in the description", { description: "Fresh \uD800 bread" }, "description"],
    ["an escape sequence in the description", { description: "\u001b[2Jbread" }, "description"],
    ["a line break inside a logo URL", { logoUrl: "https://cdn.bakery.com/\nlogo.png" }, "logoUrl"],
    ["a control character in the domain", { customDomain: "bakery\u0007.com" }, "customDomain"],
  ])("refuses %s and changes nothing", async (_label, patch, field) => {
    const who = await signUpCustomer();
    const site = await createSite(who.user.id, { status: "development" });
    const before = (await call(who, "GET", "/api/sites")).body;

    const { status, body } = await call(who, "PATCH", `/api/sites/${site.siteId}`, patch);
    expect(status).toBe(400);
    expect(body.error.code).toBe("validation_failed");
    expect(Object.keys(body.error.fields ?? {})).toContain(field);

    expect((await call(who, "GET", "/api/sites")).body).toEqual(before);
    const { data: stored } = await db.entities.site
      .get({ userId: who.user.id, siteId: site.siteId })
      .go();
    expect(stored).toMatchObject({
      name: "Corner Bakery",
      status: "development",
      userId: who.user.id,
    });
    expect(stored?.liveUrl).toBeUndefined();
  });
});

describe("DELETE /api/sites/{id}", () => {
  it("removes the site, every screenshot under its prefix and its analytics, and only those", async () => {
    const who = await signUpCustomer();
    const doomed = await createSite(who.user.id, { name: "Doomed" });
    const kept = await createSite(who.user.id, { name: "Kept" });
    const prefix = (id: string) => `users/${who.user.id}/sites/${id}/`;
    await blobs.putObject(
      `${prefix(doomed.siteId)}screenshots/1.webp`,
      new Uint8Array([1]),
      "image/webp",
    );
    await blobs.putObject(
      `${prefix(doomed.siteId)}screenshots/2.webp`,
      new Uint8Array([2]),
      "image/webp",
    );
    await blobs.putObject(
      `${prefix(kept.siteId)}screenshots/1.webp`,
      new Uint8Array([3]),
      "image/webp",
    );
    // Counted page views of both (docs/analytics.md): the day totals and the counters.
    const day = new Date().toISOString().slice(0, 10);
    for (const site of [doomed, kept]) {
      await Aggregate.aggregateViews([
        {
          userId: who.user.id,
          siteId: site.siteId,
          day,
          visitor: "v",
          path: "/",
          country: "DE",
          device: "desktop",
          minute: "12:00",
          address: "a",
        },
      ]);
    }
    const analyticsOf = async (siteId: string) => [
      ...(await db.entities.analyticsDay.query.byOwner({ userId: who.user.id, siteId }).go()).data,
      ...(await db.entities.analyticsCount.query.bySite({ siteId }).go()).data,
    ];
    expect(await analyticsOf(doomed.siteId)).toHaveLength(1 + 3);

    const { status } = await call(who, "DELETE /api/sites/{id}", { params: { id: doomed.siteId } });
    expect(status).toBe(204);

    const sites = siteListSchema.parse((await call(who, "GET /api/sites")).body);
    expect(sites.map((s) => s.name)).toEqual(["Kept"]);
    expect(await blobs.listKeys(prefix(doomed.siteId))).toEqual([]);
    expect(await blobs.listKeys(prefix(kept.siteId))).toHaveLength(1);
    expect(await analyticsOf(doomed.siteId)).toEqual([]);
    expect(await analyticsOf(kept.siteId)).toHaveLength(1 + 3);
    expect(
      (await call(who, "DELETE /api/sites/{id}", { params: { id: doomed.siteId } })).status,
    ).toBe(404);
  });
});

describe("another customer's site is not found on every site route", () => {
  it.each([
    ["PATCH", "", { name: "Mine now" }],
    ["DELETE", "", undefined],
    ["POST", "/domain", { domain: "stolen-bakery.com" }],
    ["POST", "/verify-domain", undefined],
    ["POST", "/screenshot", undefined],
  ])("%s /api/sites/{id}%s", async (method, suffix, body) => {
    const owner = await signUpCustomer();
    const intruder = await signUpCustomer();
    const site = await createSite(owner.user.id, { liveUrl: "https://bakery-owner.com" });

    const answer = await call(intruder, method, `/api/sites/${site.siteId}${suffix}`, body);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe("not_found");
    // Garbage ids are a 404 too, not a 400 or a 500.
    expect((await call(intruder, method, `/api/sites/not-an-id${suffix}`, body)).status).toBe(404);

    const { data: stored } = await db.entities.site
      .get({ userId: owner.user.id, siteId: site.siteId })
      .go();
    expect(stored).toMatchObject({ name: "Corner Bakery" });
    expect(stored?.customDomain).toBeUndefined();
    const { data: claim } = await db.entities.domainClaim.get({ domain: "stolen-bakery.com" }).go();
    expect(claim).toBeNull();
  });

  // .invalid names never resolve (RFC 6761): the queued jobs fail at the guard and never
  // start Chromium against a real site from the shared test stack.
  it("POST /api/sites/refresh-screenshots counts only the caller's sites with a URL", async () => {
    const who = await signUpCustomer();
    const other = await signUpCustomer();
    await createSite(other.user.id, { liveUrl: "https://other-bakery.invalid" });
    await createSite(who.user.id, { liveUrl: "https://bakery-one.invalid" });
    await createSite(who.user.id, { url: "https://staging.bakery-two.invalid" });
    await createSite(who.user.id, {});
    const { status, body } = await call(who, "POST /api/sites/refresh-screenshots");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, refreshedCount: 2 });
  });

  it("POST /api/sites/{id}/screenshot refuses a site without any URL", async () => {
    const who = await signUpCustomer();
    const site = await createSite(who.user.id, {});
    const { status, body } = await call(who, "POST", `/api/sites/${site.siteId}/screenshot`);
    expect(status).toBe(422);
    expect(body.error.message).toBe("This site has no URL to capture yet");
  });
});
