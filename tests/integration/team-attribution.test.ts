/**
 * "Who did it" and the team's end (docs/team.md, docs/privacy.md) through the local stack: a
 * member's ticket, message, upload, approval and activity are named to the account's owner and
 * to the provider's team; the mail about a member's approval names them to the others; the
 * console lists the account's people and pending invitations; the export carries the team;
 * deleting the account leaves no membership or invitation; a person whose identity is deleted
 * leaves every account, and an account left without an owner is flagged to staff.
 *
 * One member joins by invitation and acts through the API in the owner's account; others act
 * through core where the path under test is not the request's. Every read is the API's, checked
 * against its contract.
 */
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { FORMER_MEMBER } from "@portal/core/contracts/attribution";
import { beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { PNG, put, uploadsAt } from "../support/content";
import {
  bearer,
  customerWithSite,
  type SignedIn,
  signUpCustomer,
  signUpStaff,
} from "../support/dev-identity";
import { mailsTo } from "../support/mail";
import { stackUrl, useStackEnv } from "../support/stack";
import { joinAs } from "../support/team";
import { until } from "../support/until";

const env = useStackEnv();
const { db } = await import("@portal/core/db/service");
const { documentClient } = await import("@portal/core/db/client");
const Tickets = await import("@portal/core/tickets/index");
const Review = await import("@portal/core/review/index");
const Files = await import("@portal/core/content/files");
const ExportJob = await import("@portal/core/privacy/export-job");
const Erase = await import("@portal/core/privacy/erase-account");

const url = stackUrl();
const call = apiAt(url);
const clerkSecretKey = env.SST_Secret_value_CLERK_SECRET_KEY ?? "";

/** `who` joins `accountId` with `role`, as an accepted invitation leaves it. */
async function join(accountId: string, who: SignedIn, role: "owner" | "member" = "member") {
  await db.entities.membership
    .create({
      userId: accountId,
      memberId: who.user.id,
      role,
      email: who.user.email,
      joinedAt: new Date().toISOString(),
    })
    .go();
}

/** A pending invitation of `accountId`, as an owner's invite stores it. */
async function invite(accountId: string, email: string, expiresInDays = 7) {
  const now = Date.now();
  const { data } = await db.entities.invitation
    .create({
      userId: accountId,
      email,
      role: "member",
      secretHash: "a".repeat(64),
      invitedBy: accountId,
      invitedByName: "Olive Owner",
      expiresAt: new Date(now + expiresInDays * 86_400_000).toISOString(),
      sentAt: new Date(now).toISOString(),
    })
    .go();
  return data;
}

/** Every item of the table whose partition is the account's and whose entity is `entity`. */
async function scanned(accountId: string, entity: string) {
  // A test may scan; no request path does.
  const items = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: env.SST_Table_tableName_Main,
        FilterExpression: "#e = :entity AND userId = :account",
        ExpressionAttributeNames: { "#e": "__edb_e__" },
        ExpressionAttributeValues: { ":entity": entity, ":account": accountId },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

let owner: SignedIn;
let siteId: string;
let member: SignedIn;
let staff: SignedIn;

beforeAll(async () => {
  ({ who: owner, siteId } = await customerWithSite({ name: "Corner Bakery" }));
  [member, staff] = await Promise.all([
    signUpCustomer({ firstName: "Mia", lastName: "Baker" }),
    signUpStaff(),
  ]);
  await join(owner.user.id, member);
});

const MIA = () => ({ id: member.user.id, name: "Mia Baker" });

/** Round `round` of the site, posted as the team's console does, waiting on the customer. */
async function postRound(accountId: string, site: string, round: number, by: string) {
  await db.entities.reviewRound
    .create({
      userId: accountId,
      siteId: site,
      round,
      previewUrl: `https://preview.example/draft-${round}`,
      postedById: by,
      postedAt: new Date().toISOString(),
    })
    .go();
  await db.entities.site
    .patch({ userId: accountId, siteId: site })
    .set({ reviewRound: round, reviewOutcome: "pending" })
    .go();
}

describe("a member who joined by invitation", () => {
  it("is named for what they do through the API, to the owner and to the team", async () => {
    const { who: olive, siteId: site } = await customerWithSite({ name: "Olive's Bakery" });
    const { member: max } = await joinAs(olive, "member", { firstName: "Max", lastName: "Member" });
    const MAX = { id: max.user.id, name: "Max Member" };

    const ticket = await call(max, "POST /api/tickets", {
      body: { title: "New photos", description: "Please use the new bread photos." },
    });
    expect(ticket.status, ticket.text).toBe(201);
    expect(ticket.body.openedBy).toEqual(MAX);
    const replied = await call(max, "POST /api/tickets/{id}/messages", {
      params: { id: ticket.body.id },
      body: { message: "They are in the files." },
    });
    expect(replied.status, replied.text).toBe(201);
    const { upload } = uploadsAt(call);
    const photo = await upload(max, PNG, { fileName: "bread.png", purpose: "content" });
    const renamed = await call(max, "PATCH /api/sites/{id}", {
      params: { id: site },
      body: { description: "Bread baked at dawn." },
    });
    expect(renamed.status, renamed.text).toBe(200);
    await postRound(olive.user.id, site, 1, staff.user.id);
    const approved = await call(max, "POST /api/sites/{id}/review/rounds/{round}/approve", {
      params: { id: site, round: 1 },
    });
    expect(approved.status, approved.text).toBe(200);

    // The owner sees who did each.
    const thread = await call(olive, "GET /api/tickets/{id}", { params: { id: ticket.body.id } });
    expect(thread.body.ticket.openedBy).toEqual(MAX);
    expect(thread.body.messages.map((m) => m.writtenBy)).toEqual([MAX]);
    const files = await call(olive, "GET /api/content/files");
    expect(files.body.files.find((f) => f.id === photo.id)?.uploader).toEqual(MAX);
    const review = await call(olive, "GET /api/sites/{id}/review", { params: { id: site } });
    expect(review.body.rounds[0]?.answeredBy).toEqual(MAX);
    const feed = await call(olive, "GET /api/activities", { query: { limit: 10 } });
    expect(feed.body.filter((a) => a.actor?.id === max.user.id).map((a) => a.type)).toEqual(
      expect.arrayContaining([
        "ticket_created",
        "ticket_replied",
        "site_updated",
        "review_approved",
      ]),
    );

    // So does the team, on the customer's page and the ticket's.
    const page = await call(staff, "GET /api/staff/customers/{userId}", {
      params: { userId: olive.user.id },
    });
    expect(page.body.tickets.find((t) => t.id === ticket.body.id)?.openedBy).toEqual(MAX);
    expect(page.body.activities.find((a) => a.type === "review_approved")?.actor).toEqual(MAX);
    expect(page.body.team.members.map((m) => [m.userId, m.role])).toEqual([
      [olive.user.id, "owner"],
      [max.user.id, "member"],
    ]);
    const staffFiles = await call(staff, "GET /api/staff/customers/{userId}/files", {
      params: { userId: olive.user.id },
    });
    expect(staffFiles.body.files.find((f) => f.id === photo.id)?.uploader).toEqual(MAX);
  });
});

describe("a member's mail settings", () => {
  it("are theirs for the account they act in, from /settings and from a mail's link", async () => {
    const { who: olive } = await customerWithSite({ name: "Olive's Deli" });
    const { member: max } = await joinAs(olive, "member", { firstName: "Max", lastName: "Member" });
    const ticketIn = async (title: string) => {
      const ticket = await call(olive, "POST /api/tickets", {
        body: { title, description: "Please have a look at this for us." },
      });
      await call(staff, "POST /api/staff/customers/{userId}/tickets/{ticketId}/messages", {
        params: { userId: olive.user.id, ticketId: ticket.body.id },
        body: { message: "On it.", isInternal: false, attachments: [] },
      });
      return (await mailsTo(max.user.email)).filter((mail) => mail.subject.includes(title));
    };

    // A staff reply on the account's ticket reaches the member, with a link for this account.
    const [mail] = await ticketIn("Opening hours");
    const link = /<([^>]+)>/.exec(mail?.headers["list-unsubscribe"] ?? "")?.[1] ?? "";
    expect(new URL(link).searchParams.get("token")).toMatch(/^u2\./);

    // Settings → Email preferences in Olive's account (after the SPA's user sync): stored on
    // Max's membership there.
    expect((await call(max, "GET /api/auth/user")).status).toBe(200);
    const off = await call(max, "PATCH /api/auth/user/preferences", {
      body: { emailNotifications: false },
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body.emailNotifications).toBe(false);
    expect((await call(max, "GET /api/auth/user")).body.emailNotifications).toBe(false);
    const { data: own } = await db.entities.user.get({ userId: max.user.id }).go();
    expect(own?.emailNotifications).toBe(true);
    expect(await ticketIn("Menu board")).toHaveLength(0);

    // On again; then the mail's one-click link turns them off for this account only.
    await call(max, "PATCH /api/auth/user/preferences", { body: { emailNotifications: true } });
    expect(await ticketIn("Delivery area")).toHaveLength(1);
    const done = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    const { data: item } = await db.entities.membership
      .get({ userId: olive.user.id, memberId: max.user.id })
      .go();
    expect(item?.emailNotifications).toBe(false);
    expect(
      (await db.entities.user.get({ userId: max.user.id }).go()).data?.emailNotifications,
    ).toBe(true);
    expect(await ticketIn("Catering")).toHaveLength(0);
  });
});

describe("who did it", () => {
  it("names a member's ticket, message and activity to the owner and to the team", async () => {
    const ticket = await Tickets.create(
      owner.user.id,
      {
        title: "New opening hours",
        description: "Please update the opening hours on the site.",
        category: "general",
        priority: "medium",
      },
      member.user.id,
    );
    await Tickets.reply(owner.user.id, ticket.id, "From Monday on, 7 to 6.", [], member.user.id);

    const list = await call(owner, "GET /api/tickets");
    expect(list.body.find((t) => t.id === ticket.id)?.openedBy).toEqual(MIA());
    const thread = await call(owner, "GET /api/tickets/{id}", { params: { id: ticket.id } });
    expect(thread.body.ticket.openedBy).toEqual(MIA());
    expect(thread.body.messages.map((m) => m.writtenBy)).toEqual([MIA()]);

    const staffThread = await call(staff, "GET /api/staff/customers/{userId}/tickets/{ticketId}", {
      params: { userId: owner.user.id, ticketId: ticket.id },
    });
    expect(staffThread.body.ticket.openedBy).toEqual(MIA());
    expect(staffThread.body.messages.map((m) => m.writtenBy)).toEqual([MIA()]);
    // The team's own answer names no member.
    await call(staff, "POST /api/staff/customers/{userId}/tickets/{ticketId}/messages", {
      params: { userId: owner.user.id, ticketId: ticket.id },
      body: { message: "Done!", isInternal: false, attachments: [] },
    });
    const after = await call(owner, "GET /api/tickets/{id}", { params: { id: ticket.id } });
    expect(after.body.messages.map((m) => m.writtenBy)).toEqual([MIA(), null]);

    const feed = await call(owner, "GET /api/activities", { query: { limit: 10 } });
    const created = feed.body.find((a) => a.type === "ticket_created");
    expect(created?.actor).toEqual(MIA());
    const page = await call(staff, "GET /api/staff/customers/{userId}", {
      params: { userId: owner.user.id },
    });
    expect(page.body.tickets.find((t) => t.id === ticket.id)?.openedBy).toEqual(MIA());
    expect(page.body.activities.find((a) => a.type === "ticket_replied")?.actor).toEqual(MIA());

    // The owner's own ticket is theirs.
    const own = await call(owner, "POST /api/tickets", {
      body: { title: "Invoice address", description: "Please change the invoice address." },
    });
    expect(own.body.openedBy?.id).toBe(owner.user.id);
  });

  it("names a member's upload to the owner and to the team", async () => {
    const started = await Files.createUpload(
      owner.user.id,
      {
        fileName: "shop.png",
        contentType: "image/png",
        sizeBytes: PNG.byteLength,
        purpose: "content",
      },
      { type: "customer", memberId: member.user.id },
    );
    expect((await put(started.upload, PNG)).status).toBe(200);
    await Files.confirmUpload(owner.user.id, started.file.id, started.file.key);

    const files = await call(owner, "GET /api/content/files");
    expect(files.body.files.find((f) => f.id === started.file.id)?.uploader).toEqual(MIA());
    const staffFiles = await call(staff, "GET /api/staff/customers/{userId}/files", {
      params: { userId: owner.user.id },
    });
    expect(staffFiles.body.files.find((f) => f.id === started.file.id)?.uploader).toEqual(MIA());
  });

  it("names a member's approval to the owner, the team and in the others' mail", async () => {
    await postRound(owner.user.id, siteId, 1, staff.user.id);
    await Review.approve(owner.user.id, siteId, 1, member.user.id);

    const review = await call(owner, "GET /api/sites/{id}/review", { params: { id: siteId } });
    expect(review.body.rounds[0]?.answeredBy).toEqual(MIA());
    const staffReview = await call(
      staff,
      "GET /api/staff/customers/{userId}/sites/{siteId}/review",
      {
        params: { userId: owner.user.id, siteId },
      },
    );
    expect(staffReview.body.rounds[0]?.answeredBy).toEqual(MIA());
    const feed = await call(owner, "GET /api/activities", { query: { limit: 10 } });
    const approved = feed.body.find((a) => a.type === "review_approved");
    expect(approved).toMatchObject({
      actor: MIA(),
      description: "Approved version 1 of Corner Bakery",
    });

    // Each member is mailed by their own settings; the one who acted reads "You".
    expect((await mailsTo(owner.user.email)).map((m) => m.subject)).toContain(
      "Mia Baker approved Corner Bakery",
    );
    expect((await mailsTo(member.user.email)).map((m) => m.subject)).toContain(
      "You approved Corner Bakery",
    );
  });

  it("a member's notification settings are theirs for this account", async () => {
    const other = await signUpCustomer({ firstName: "Noah" });
    await join(owner.user.id, other);
    // Their settings for the owner's account, on their membership item there.
    await db.entities.membership
      .patch({ userId: owner.user.id, memberId: other.user.id })
      .set({ emailNotifications: false })
      .go();
    const ticket = await Tickets.create(
      owner.user.id,
      {
        title: "Menu",
        description: "Please add the new menu to the site.",
        category: "general",
        priority: "medium",
      },
      member.user.id,
    );
    await call(staff, "POST /api/staff/customers/{userId}/tickets/{ticketId}/messages", {
      params: { userId: owner.user.id, ticketId: ticket.id },
      body: { message: "The menu is online.", isInternal: false, attachments: [] },
    });
    const replied = (mail: { subject: string }) => mail.subject.includes("Menu");
    expect((await mailsTo(member.user.email)).filter(replied)).toHaveLength(1);
    expect((await mailsTo(owner.user.email)).filter(replied)).toHaveLength(1);
    expect((await mailsTo(other.user.email)).filter(replied)).toHaveLength(0);
    // Their own account's settings are untouched.
    const self = await call(other, "GET /api/auth/user");
    expect(self.body.emailNotifications).toBe(true);
  });

  it("names a former member who erased themselves 'Former member'", async () => {
    const gone = await signUpCustomer({ firstName: "Gus" });
    await join(owner.user.id, gone);
    const ticket = await Tickets.create(
      owner.user.id,
      {
        title: "Photos",
        description: "Here are the photos for the gallery.",
        category: "general",
        priority: "medium",
      },
      gone.user.id,
    );
    // Erased: their record is gone, and they left every account (docs/privacy.md).
    await db.entities.user.delete({ userId: gone.user.id }).go();
    await db.entities.membership.delete({ userId: owner.user.id, memberId: gone.user.id }).go();
    const thread = await call(owner, "GET /api/tickets/{id}", { params: { id: ticket.id } });
    expect(thread.body.ticket.openedBy).toEqual({ id: gone.user.id, name: FORMER_MEMBER });
  });
});

describe("the console's customer page", () => {
  it("lists the account's members and its pending invitations only", async () => {
    const pending = await invite(owner.user.id, "new.hire@example.com");
    const expired = await invite(owner.user.id, "late@example.com", -1);
    const page = await call(staff, "GET /api/staff/customers/{userId}", {
      params: { userId: owner.user.id },
    });
    expect(page.body.team.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: owner.user.id, role: "owner" }),
        expect.objectContaining({
          userId: member.user.id,
          role: "member",
          email: member.user.email,
        }),
      ]),
    );
    const invited = page.body.team.invitations.map((i) => i.id);
    expect(invited).toContain(pending.invitationId);
    expect(invited).not.toContain(expired.invitationId);
    expect(JSON.stringify(page.body.team)).not.toContain("secretHash");
    expect(page.body.customer.ownerlessSince).toBeNull();
  });
});

describe("export and deletion", () => {
  it("the export carries the team, without any invitation's secret", async () => {
    const { who, siteId: _site } = await customerWithSite();
    const colleague = await signUpCustomer({ firstName: "Cleo" });
    await join(who.user.id, colleague);
    await invite(who.user.id, "next@example.com");
    const document = await ExportJob.collect(who.user.id);
    expect(document.team.members.map((m) => [m.userId, m.role])).toEqual([
      [who.user.id, "owner"],
      [colleague.user.id, "member"],
    ]);
    expect(document.team.invitations.map((i) => i.email)).toEqual(["next@example.com"]);
    expect(JSON.stringify(document)).not.toContain("secretHash");
  });

  it("deleting the account leaves no membership or invitation of it", async () => {
    const { who } = await customerWithSite();
    const colleague = await signUpCustomer({ firstName: "Ivo" });
    await join(who.user.id, colleague);
    await invite(who.user.id, "someone@example.com");
    await db.entities.user.patch({ userId: who.user.id }).set({ subscriptionActive: false }).go();
    expect(await scanned(who.user.id, "membership")).toHaveLength(1);
    expect(await Erase.eraseAccount(who.user.id)).toBe("erased");
    expect(await scanned(who.user.id, "membership")).toEqual([]);
    expect(await scanned(who.user.id, "invitation")).toEqual([]);
  });
});

describe("a person whose identity is deleted", () => {
  it("leaves every account, and an account left without an owner is flagged to staff", async () => {
    // Pia owns her own account, with a colleague; and is a member of Olive's.
    const pia = await signUpCustomer({ firstName: "Pia", lastName: "Lane" });
    const colleague = await signUpCustomer({ firstName: "Cai" });
    await join(pia.user.id, colleague);
    await join(owner.user.id, pia);

    const deleted = await fetch(`${url}/dev-identity/v1/users/${pia.user.id}`, {
      method: "DELETE",
      headers: bearer(clerkSecretKey),
    });
    expect(deleted.status).toBe(200);

    // The webhook is handled after the deletion answers: wait for its last step, Olive's account.
    const pageOf = async (userId: string) =>
      (await call(staff, "GET /api/staff/customers/{userId}", { params: { userId } })).body;
    await until(async () => {
      const olive = await pageOf(owner.user.id);
      return olive.team.members.some((m) => m.userId === pia.user.id) ? undefined : true;
    }, "Pia to leave Olive's account");
    const flagged = await pageOf(pia.user.id);
    expect(flagged.customer.ownerlessSince).not.toBeNull();
    // Her own account: she is no longer among its people; the colleague is.
    expect(flagged.team.members.map((m) => m.userId)).toEqual([colleague.user.id]);
    expect(flagged.activities.find((a) => a.type === "account_ownerless")).toBeDefined();
    // The account she was a member of keeps its owner, unflagged.
    expect((await pageOf(owner.user.id)).customer.ownerlessSince).toBeNull();

    // The staff list shows the flag, and the audit log names her and the system.
    const listed = await call(staff, "GET /api/staff/customers", {
      query: { q: pia.user.email },
    });
    expect(listed.body.items.find((c) => c.id === pia.user.id)?.ownerlessSince).toBe(
      flagged.customer.ownerlessSince,
    );
    const log = await call(staff, "GET /api/staff/audit-log", {
      query: { customerId: pia.user.id },
    });
    expect(log.body.items.map((e) => [e.action, e.actorType, e.actorName])).toEqual(
      expect.arrayContaining([
        ["member.left", "member", "Pia Lane"],
        ["account.ownerless", "system", "System"],
      ]),
    );
    const oliveLog = await call(staff, "GET /api/staff/audit-log", {
      query: { customerId: owner.user.id },
    });
    expect(oliveLog.body.items.map((e) => [e.action, e.actorName])).toContainEqual([
      "member.left",
      "Pia Lane",
    ]);
  });
});
