/**
 * The site API through the local stack: listing with presigned screenshot URLs, settings
 * updates that refuse what the settings page cannot edit, deletion, and tenancy (another
 * customer's site id is a 404 on every route).
 */
import { siteListSchema } from "@portal/core/contracts/sites";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, type SignedIn, signUp } from "../support/dev-identity";
import { stackUrl, useStackEnv } from "../support/stack";

useStackEnv();
const { db } = await import("@portal/core/db/service");
const blobs = await import("@portal/core/adapters/blobs");

const url = stackUrl();

async function call(who: SignedIn, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
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

async function createSite(userId: string, fields: Record<string, unknown> = {}) {
  const { data } = await db.entities.site
    .create({ userId, name: "Corner Bakery", status: "live", ...fields })
    .go();
  return data;
}

let alice: SignedIn;

beforeAll(async () => {
  alice = await signUp({ firstName: "Alice" });
});

describe("GET /api/sites", () => {
  it("lists only the caller's sites, with the settings fields and their defaults", async () => {
    const bob = await signUp({ firstName: "Bob" });
    await createSite(bob.user.id, { name: "Bob's site" });
    const site = await createSite(alice.user.id, {
      description: "Fresh bread daily",
      liveUrl: "https://bakery.example.com/",
      industry: "restaurant",
      websiteType: "business",
      performanceScore: 91,
    });

    const { status, body } = await call(alice, "GET", "/api/sites");
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
      secondaryColor: "#6366f1",
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
    const who = await signUp();
    const site = await createSite(who.user.id);
    const key = `users/${who.user.id}/sites/${site.siteId}/screenshots/test.jpg`;
    await blobs.putObject(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), "image/jpeg");
    await db.entities.site
      .patch({ userId: who.user.id, siteId: site.siteId })
      .set({ screenshotKey: key, lastScreenshotUpdate: new Date().toISOString() })
      .go();

    const { body } = await call(who, "GET", "/api/sites");
    const [listed] = siteListSchema.parse(body);
    expect(listed?.screenshotUrl).toMatch(/X-Amz-Expires=900/);
    const image = await fetch(listed?.screenshotUrl ?? "");
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
    );
  });
});
