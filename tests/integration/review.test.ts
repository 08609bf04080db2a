/**
 * Review and approval of a site's draft (docs/sites.md, "Review and approval") through a local
 * stack of its own: the team posts a preview served by this file on 127.0.0.1 (allowlisted for
 * this stack only, as the uptime tests do), the jobs worker screenshots it, the customer asks
 * for a change, the team posts the next version, the customer approves, the team takes the
 * site live. Every step mails the customer and is delivered to their webhook endpoint (an https
 * receiver here with a self-signed certificate). Each rule's refusal is tried on its own.
 */
import { createServer } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { ReviewRequest, ReviewRound, SiteReview } from "@portal/core/contracts/review";
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { PNG, put, uploadsAt } from "../support/content";
import { ONBOARDING_CUSTOMER } from "../support/customer-state";
import { type SignedIn, signUpCustomer, signUpStaff } from "../support/dev-identity";
import { questionnaireSite } from "../support/questionnaire";
import { useServers } from "../support/servers";
import { selfSignedCert } from "../support/tls-cert";

let stack: LocalStack;
let db: typeof import("@portal/core/db/service").db;
const servers = useServers();
let previewOrigin = "";
let staff: SignedIn;
let customer: SignedIn;
let other: SignedIn;
let siteId = "";
let siteName = "";
let otherSiteId = "";
/** What the customer's webhook endpoint received: event type and data, in order. */
const hooks: { type: string; data: Record<string, unknown> }[] = [];

const call = apiAt(() => stack.url);
const uploads = uploadsAt(call);

const staffSite = (id = siteId, userId = customer.user.id) =>
  `/api/staff/customers/${userId}/sites/${id}`;
const postRound = (body: unknown, id = siteId) =>
  call(staff, "POST", `${staffSite(id)}/review/rounds`, body);
const review = (who = customer, id = siteId) => call(who, "GET", `/api/sites/${id}/review`);
const approve = (round: number, who = customer, id = siteId) =>
  call(who, "POST", `/api/sites/${id}/review/rounds/${round}/approve`);
const requestChanges = (round: number, body: unknown, who = customer, id = siteId) =>
  call(who, "POST", `/api/sites/${id}/review/rounds/${round}/changes`, body);

async function stored(id = siteId) {
  const { data } = await db.entities.site.get({ userId: customer.user.id, siteId: id }).go();
  return data;
}

/** The subjects of the customer's mails, once every event emitted so far is handled. */
async function subjects(): Promise<string[]> {
  await stack.events.idle();
  return stack.mail
    .messages()
    .filter((m) => m.envelope.to.includes(customer.user.email))
    .map((m) => m.subject);
}

/** The webhook deliveries of one type, once the events and deliveries queues are idle. */
async function delivered(type: string) {
  await stack.events.idle();
  await stack.webhooks.idle();
  return hooks.filter((hook) => hook.type === type);
}

beforeAll(async () => {
  const previewPort = await servers.listen(
    createServer((_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html" })
        .end("<!doctype html><title>Draft</title><h1 style='color:#A0522D'>Corner Bakery</h1>"),
    ),
  );
  previewOrigin = `http://127.0.0.1:${previewPort}`;
  const receiverPort = await servers.listen(
    createTlsServer(selfSignedCert(30), (req, res) => {
      let raw = "";
      req.on("data", (chunk) => {
        raw += chunk;
      });
      req.on("end", () => {
        hooks.push(JSON.parse(raw));
        res.writeHead(200).end("{}");
      });
    }),
  );

  stack = await startLocalStack({
    port: 0,
    logRequests: false,
    allowOutboundHosts: ["127.0.0.1"],
    queue: { msPerDelaySecond: 1 },
  });
  db = (await import("@portal/core/db/service")).db;
  staff = await signUpStaff({}, stack.url, stack.env.DEV_IDENTITY_ADMIN_TOKEN);
  customer = await signUpCustomer({ firstName: "Ada" }, stack.url, ONBOARDING_CUSTOMER);
  other = await signUpCustomer({ firstName: "Eve" }, stack.url, ONBOARDING_CUSTOMER);
  siteId = await questionnaireSite(call, customer, "Corner Bakery");
  siteName = (await stored())?.name ?? "";
  otherSiteId = await questionnaireSite(call, other, "Eve's Cafe");
  const endpoint = await call(customer, "POST /api/developer/webhooks", {
    body: {
      url: `https://127.0.0.1:${receiverPort}/hooks`,
      events: ["site.review_requested", "site.changes_requested", "site.approved", "site.live"],
    },
  });
  expect(endpoint.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe("before any version", () => {
  it("refuses a preview that is not https, or points inside, naming the field", async () => {
    for (const previewUrl of [
      "http://example.com/draft",
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.7/",
      "https://user:secret@example.com/",
    ]) {
      const answer = await postRound({ previewUrl });
      expect([previewUrl, answer.status]).toEqual([previewUrl, 422]);
      expect(answer.body.error.fields).toHaveProperty("previewUrl");
    }
    const garbage = await postRound({ previewUrl: "draft please" });
    expect(garbage.status).toBe(400);
    expect((await stored())?.reviewRound).toBeUndefined();
  });

  it("keeps the team's routes from customers", async () => {
    const preview = { previewUrl: `${previewOrigin}/` };
    for (const route of [
      `POST ${staffSite()}/review/rounds`,
      `GET ${staffSite()}/review`,
      "GET /api/staff/review-requests",
    ]) {
      const [method, path] = route.split(" ") as [string, string];
      const answer = await call(customer, method, path, method === "POST" ? preview : undefined);
      expect([route, answer.status, answer.body.error.code]).toEqual([
        route,
        403,
        "staff_required",
      ]);
    }
    expect((await stored())?.reviewRound).toBeUndefined();
  });

  it("refuses to go live without the customer's approval and without a reason", async () => {
    const goLive = { status: "live", liveUrl: `${previewOrigin}/` };
    const refused = await call(staff, "PATCH", staffSite(), goLive);
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields.approvalOverride).toMatch(/has not reviewed a draft/);
    const short = await call(staff, "PATCH", staffSite(), { ...goLive, approvalOverride: "ok" });
    expect(short.status).toBe(400);
    expect((await stored())?.status).toBe("requested");
  });
});

describe("a review from the first version to going live", () => {
  let first: ReviewRound;

  it("marks the draft ready: round 1, its screenshot, a mail, a webhook and the dashboard row", async () => {
    const posted = await postRound({
      previewUrl: `${previewOrigin}/draft-1`,
      note: "The first version, with your colours.",
    });
    expect(posted.status).toBe(201);
    first = posted.body;
    expect(first).toMatchObject({
      round: 1,
      previewUrl: `${previewOrigin}/draft-1`,
      outcome: "pending",
      waitingOn: "customer",
      postedBy: staff.user.email,
      note: "The first version, with your colours.",
      changes: [],
    });

    // The jobs worker's browser takes the preview's screenshot.
    await stack.queue.idle();
    const seen = await review();
    expect(seen.status).toBe(200);
    const shown = seen.body as SiteReview;
    expect(shown).toMatchObject({ siteId, current: 1, roundLimit: null });
    expect(shown.rounds[0]?.screenshotError).toBeNull();
    const image = await fetch(String(shown.rounds[0]?.screenshotUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");

    const sites = await call(customer, "GET", "/api/sites");
    expect(sites.body[0].review).toEqual({ round: 1, outcome: "pending" });
    expect(await subjects()).toContain(`Your draft is ready: ${siteName}`);
    const [hook] = await delivered("site.review_requested");
    expect(hook?.data).toMatchObject({ siteId, round: 1, previewUrl: `${previewOrigin}/draft-1` });
  });

  it("posts no second version while the first is with the customer", async () => {
    const again = await postRound({ previewUrl: `${previewOrigin}/draft-2` });
    expect(again.status).toBe(409);
    expect((await stored())?.reviewRound).toBe(1);
  });

  it("shows another customer's site and rounds to no one else", async () => {
    expect((await review(other)).status).toBe(404);
    expect((await approve(1, other)).status).toBe(404);
    expect((await requestChanges(1, { changes: [{ text: "Mine now" }] }, other)).status).toBe(404);
    // Their own site, a round that does not exist.
    expect((await approve(1, other, otherSiteId)).status).toBe(404);
    expect((await approve(7)).status).toBe(404);
  });

  it("does not let a staff member answer for the customer", async () => {
    const answer = await approve(1, staff);
    expect(answer.status).toBe(403);
    expect((await requestChanges(1, { changes: [{ text: "x" }] }, staff)).status).toBe(403);
    expect((await stored())?.reviewOutcome).toBe("pending");
  });

  it("refuses an empty list, unknown fields, and files not the customer's confirmed own, naming the change", async () => {
    expect((await requestChanges(1, { changes: [] })).status).toBe(400);
    expect((await requestChanges(1, { changes: [{ text: "   " }] })).status).toBe(400);
    expect((await requestChanges(1, { changes: [{ text: "x" }], approve: true })).status).toBe(400);

    const notFound = "An attached file was not found among your files";
    const theirs = await uploads.upload(other, PNG, { purpose: "attachment" });
    const withTheirs = await requestChanges(1, {
      changes: [{ text: "Use this photo", attachments: [theirs.id] }],
    });
    expect(withTheirs.status).toBe(400);
    expect(withTheirs.error?.fields).toEqual({ "changes.0.attachments": notFound });

    // Uploaded but never confirmed: not checked, so not a file the customer has.
    const started = await uploads.start(customer, {
      fileName: "unchecked.png",
      contentType: "image/png",
      sizeBytes: PNG.byteLength,
      purpose: "attachment",
      siteId,
    });
    expect(started.status).toBe(201);
    expect((await put(started.body.upload, PNG)).status).toBe(200);
    const unconfirmed = await requestChanges(1, {
      changes: [{ text: "Bigger logo" }, { text: "This one", attachments: [started.body.file.id] }],
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.error?.fields).toEqual({ "changes.1.attachments": notFound });

    expect((await stored())?.reviewOutcome).toBe("pending");
    const { data: round } = await db.entities.reviewRound
      .get({ userId: customer.user.id, siteId, round: 1 })
      .go();
    expect(round?.changes).toBeUndefined();
  });

  it("sends the list of changes to the team: their list and files, a mail, a webhook", async () => {
    const photo = await uploads.upload(customer, PNG, {
      fileName: "new-logo.png",
      purpose: "attachment",
      siteId,
    });
    const attachment = {
      id: photo.id,
      name: "new-logo.png",
      contentType: "image/png",
      sizeBytes: PNG.byteLength,
    };
    const asked = await requestChanges(1, {
      changes: [
        { text: "Make the logo bigger", attachments: [photo.id] },
        { text: "Warmer colours", attachments: [] },
      ],
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      round: 1,
      outcome: "changes_requested",
      waitingOn: "team",
      changes: [
        { text: "Make the logo bigger", attachments: [attachment] },
        { text: "Warmer colours", attachments: [] },
      ],
    });
    const list = await call(staff, "GET /api/staff/review-requests");
    const mine = (list.body.items as ReviewRequest[]).find((r) => r.siteId === siteId);
    expect(mine).toMatchObject({
      userId: customer.user.id,
      siteName,
      customerEmail: customer.user.email,
      round: 1,
      changes: [
        { text: "Make the logo bigger", attachments: [attachment] },
        { text: "Warmer colours", attachments: [] },
      ],
    });
    const panel = await call(staff, "GET", `${staffSite()}/review`);
    expect((panel.body as SiteReview).rounds[0]?.changes[0]?.attachments).toEqual([attachment]);

    // The team downloads it through the staff route, which audits the download.
    const link = await call(staff, "POST /api/staff/customers/{userId}/files/{fileId}/download", {
      params: { userId: customer.user.id, fileId: photo.id },
    });
    expect(link.status).toBe(200);
    const saved = await fetch(link.body.url);
    expect(new Uint8Array(await saved.arrayBuffer())).toEqual(PNG);

    expect(await subjects()).toContain(`We received your changes to ${siteName}`);
    const [hook] = await delivered("site.changes_requested");
    expect(hook?.data).toMatchObject({
      round: 1,
      changes: ["Make the logo bigger", "Warmer colours"],
    });
  });

  it("refuses to approve a version the customer sent back", async () => {
    const answer = await approve(1);
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toBe("You already asked for changes to version 1");
  });

  it("posts the next version: round 2, round 1 leaves the team's list, both in the history", async () => {
    const posted = await postRound({ previewUrl: `${previewOrigin}/draft-2` });
    expect(posted.status).toBe(201);
    expect(posted.body.round).toBe(2);
    const list = await call(staff, "GET /api/staff/review-requests");
    expect((list.body.items as ReviewRequest[]).some((r) => r.siteId === siteId)).toBe(false);
    for (const who of [customer, staff]) {
      const seen =
        who === staff ? await call(staff, "GET", `${staffSite()}/review`) : await review(customer);
      expect((seen.body as SiteReview).rounds.map((r) => [r.round, r.outcome])).toEqual([
        [2, "pending"],
        [1, "changes_requested"],
      ]);
    }
    expect(await delivered("site.review_requested")).toHaveLength(2);
  });

  it("refuses to approve a version that is not the current one", async () => {
    const answer = await approve(1);
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toMatch(/Version 1 is not the current one/);
  });

  it("approves the current version once: a second approval changes nothing", async () => {
    const approved = await approve(2);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ round: 2, outcome: "approved", waitingOn: "none" });
    const again = await approve(2);
    expect(again.status).toBe(200);
    expect(again.body.respondedAt).toBe(approved.body.respondedAt);
    expect((await requestChanges(2, { changes: [{ text: "Too late" }] })).status).toBe(409);
    expect(await delivered("site.approved")).toHaveLength(1);
    expect((await subjects()).filter((s) => s === `You approved ${siteName}`)).toHaveLength(1);
    expect((await stored())?.reviewOutcome).toBe("approved");
  });

  it("takes the approved site live without a reason", async () => {
    const live = await call(staff, "PATCH", staffSite(), {
      status: "live",
      liveUrl: `${previewOrigin}/`,
    });
    expect(live.status).toBe(200);
    const [hook] = await delivered("site.live");
    expect(hook?.data).not.toHaveProperty("approvalOverride");
  });
});

describe("going live without the customer's approval", () => {
  let secondId = "";

  beforeAll(async () => {
    const { data } = await db.entities.site
      .create({ userId: customer.user.id, name: "Pop-up Stand", status: "in_progress" })
      .go();
    secondId = data.siteId;
  });

  it("takes it live with the team's reason: audited, and the customer told despite their settings", async () => {
    expect((await postRound({ previewUrl: `${previewOrigin}/stand` }, secondId)).status).toBe(201);
    await db.entities.user
      .patch({ userId: customer.user.id })
      .set({ emailNotifications: false })
      .go();
    const reason = "The market opens tomorrow; the customer asked us by phone.";
    const goLive = { status: "live", liveUrl: `${previewOrigin}/stand` };
    const refused = await call(staff, "PATCH", staffSite(secondId), goLive);
    expect(refused.body.error.fields.approvalOverride).toMatch(/has not approved version 1/);

    const live = await call(staff, "PATCH", staffSite(secondId), {
      ...goLive,
      approvalOverride: reason,
    });
    expect(live.status).toBe(200);
    const log = await call(staff, "GET /api/staff/audit-log", {
      query: { customerId: customer.user.id, targetType: "site" },
    });
    const entry = (log.body.items as Array<Record<string, unknown>>).find(
      (e) => e.targetId === secondId && e.action === "site.update",
    );
    expect(entry).toMatchObject({ after: { status: "live", approvalOverride: reason } });
    await stack.events.idle();
    const mail = stack.mail
      .messages()
      .find((m) => m.subject === "Your website Pop-up Stand is live");
    expect(mail?.text).toContain(`> ${reason}`);
    const activity = await call(customer, "GET /api/activities");
    expect(activity.body.map((a: { type: string }) => a.type)).toContain("review_overridden");
  });

  it("erases the rounds and their screenshots with the site", async () => {
    const { listKeys } = await import("@portal/core/adapters/blobs");
    const prefix = `users/${customer.user.id}/sites/${secondId}/review/`;
    // The round's screenshot job, not the whole queue: the live site's Lighthouse run is long.
    await expect.poll(() => listKeys(prefix), { timeout: 60_000, interval: 250 }).toHaveLength(1);
    expect(
      (await call(customer, "DELETE /api/sites/{id}", { params: { id: secondId } })).status,
    ).toBe(204);
    const { data } = await db.entities.reviewRound.query
      .byOwner({ userId: customer.user.id, siteId: secondId })
      .go();
    expect(data).toEqual([]);
    expect(await listKeys(prefix)).toEqual([]);
  });
});
