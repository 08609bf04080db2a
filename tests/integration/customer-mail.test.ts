/**
 * "Mail sent" on the console (docs/console.md): `GET /api/staff/customers/{userId}/mail` lists
 * the notifications consumer's records of one account, newest first, a bounded page at a time,
 * to staff only. The mail here is real: a staff write emits the event, the local stack's
 * consumer sends it through the SES stand-in and records what happened.
 */
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { StaffMailRecord } from "@portal/core/contracts/staff";
import { beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import {
  bearer,
  refreshed,
  type SignedIn,
  signUpCustomer,
  signUpStaff,
} from "../support/dev-identity";
import { eventsSettled, mailsTo } from "../support/mail";
import { stackUrl, useStackEnv } from "../support/stack";
import { joinAs } from "../support/team";

useStackEnv();
const { db } = await import("@portal/core/db/service");
const { documentClient, tableName } = await import("@portal/core/db/client");
const { PAGE_SIZE } = await import("@portal/core/staff/paging");
const { indexEarlierMail, indexMailRecord } = await import(
  "@portal/core/staff/customer-mail-backfill"
);

const call = apiAt(stackUrl());

let staff: SignedIn;
beforeAll(async () => {
  staff = await signUpStaff({ firstName: "Sam", lastName: "Support" });
});

const mailOf = async (userId: string, cursor?: string) =>
  call(await refreshed(staff), "GET /api/staff/customers/{userId}/mail", {
    params: { userId },
    query: cursor ? { cursor } : {},
  });

/** Every record of the account, page after page. */
async function allMailOf(userId: string): Promise<StaffMailRecord[]> {
  const items: StaffMailRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await mailOf(userId, cursor);
    expect(page.status, page.text).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.cursor ?? undefined;
  } while (cursor);
  return items;
}

/** An account's claim as the consumer makes it, `minutesAgo` back. */
const claimOf = (userId: string, eventId: string, minutesAgo: number) =>
  db.entities.mailedEvent.create({
    eventId,
    userId,
    type: "ticket.staff_replied",
    state: "sent",
    messageId: `ses-${eventId}`,
    claimedAt: new Date().toISOString(),
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  });

/** An account's claim as the consumer writes it, `minutesAgo` back. */
async function recordMail(userId: string, eventId: string, minutesAgo: number) {
  await claimOf(userId, eventId, minutesAgo).go();
}

/** The same claim as the consumer wrote it before the account index: no gsi1 keys. */
async function recordMailUnindexed(userId: string, eventId: string, minutesAgo: number) {
  const { Item } = claimOf(userId, eventId, minutesAgo).params<{ Item: Record<string, unknown> }>();
  const { gsi1pk, gsi1sk, ...unindexed } = Item;
  expect([gsi1pk, gsi1sk]).toEqual([expect.any(String), expect.any(String)]);
  await documentClient().send(new PutCommand({ TableName: tableName(), Item: unindexed }));
}

/** The stored item, keys and all, or undefined. */
async function storedClaim(eventId: string) {
  const { Key } = db.entities.mailedEvent
    .get({ eventId })
    .params<{ Key: Record<string, string> }>();
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }),
  );
  return Item;
}

/** The team closes the ticket (the console's route), which mails the account's people. */
async function closeAsStaff(userId: string, ticketId: string) {
  return call(await refreshed(staff), "PATCH /api/staff/customers/{userId}/tickets/{ticketId}", {
    params: { userId, ticketId },
    body: { status: "closed" },
  });
}

async function openTicket(customer: SignedIn) {
  const ticket = await call(customer, "POST /api/tickets", {
    body: {
      title: "Opening hours on the contact page",
      description: "Please change Saturday to 8 till 2.",
      category: "general",
      priority: "low",
    },
  });
  expect(ticket.status, ticket.text).toBe(201);
  return ticket.body.id;
}

describe("the mail sent to a customer", () => {
  it("lists each recipient's mail of a ticket closed by the team, sent, with SES's message id", async () => {
    const owner = await signUpCustomer({ firstName: "Olga", lastName: "Owner" });
    const { member } = await joinAs(owner, "member", { firstName: "Mo", lastName: "Member" });
    const ticketId = await openTicket(owner);
    await eventsSettled();
    const closed = await closeAsStaff(owner.user.id, ticketId);
    expect(closed.status, closed.text).toBe(200);
    expect((await mailsTo(owner.user.email)).map((mail) => mail.subject)).toContainEqual(
      expect.stringContaining("Opening hours on the contact page"),
    );

    const items = (await allMailOf(owner.user.id)).filter(
      (item) => item.eventType === "ticket.status_changed",
    );
    expect(items).toHaveLength(2);
    const byPerson = Object.fromEntries(items.map((item) => [item.recipient.id, item]));
    expect(byPerson[owner.user.id]).toMatchObject({
      state: "sent",
      reason: null,
      recipient: { id: owner.user.id, name: "Olga Owner" },
      messageId: expect.any(String),
    });
    expect(byPerson[member.user.id]).toMatchObject({
      state: "sent",
      recipient: { id: member.user.id, name: "Mo Member" },
    });
    // Claimed after the close, by the server's clock.
    for (const item of items) expect(item.createdAt >= closed.body.updatedAt).toBe(true);
  });

  it("says why a mail was not sent: the person's notifications are off", async () => {
    const customer = await signUpCustomer({ firstName: "Nia" });
    const off = await call(customer, "PATCH /api/auth/user/preferences", {
      body: { emailNotifications: false },
    });
    expect(off.status, off.text).toBe(200);
    const ticketId = await openTicket(customer);
    const closed = await closeAsStaff(customer.user.id, ticketId);
    expect(closed.status, closed.text).toBe(200);
    await eventsSettled();
    const [item] = await allMailOf(customer.user.id);
    expect(item).toMatchObject({
      eventType: "ticket.status_changed",
      state: "skipped",
      reason: "notification mails are off",
      messageId: null,
    });
  });

  it("answers newest first, a bounded page at a time, and never another account's mail", async () => {
    const customer = await signUpCustomer();
    const other = await signUpCustomer();
    const total = PAGE_SIZE + 5;
    for (let i = 0; i < total; i++) {
      await recordMail(customer.user.id, `paged-${customer.user.id}-${i}`, total - i);
    }
    await recordMail(other.user.id, `paged-${other.user.id}-theirs`, 0);
    // Addressed to the other account's person, yet the event is this account's: listed here only.
    await recordMail(customer.user.id, `paged-${customer.user.id}>to:${other.user.id}`, total + 1);

    const first = await mailOf(customer.user.id);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(PAGE_SIZE);
    expect(first.body.cursor).toEqual(expect.any(String));
    const all = await allMailOf(customer.user.id);
    expect(all).toHaveLength(total + 1);
    const times = all.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all[0]?.id).toBe(`paged-${customer.user.id}-${total - 1}`);
    expect(all.at(-1)?.recipient.id).toBe(other.user.id);
    expect(all.map((item) => item.id)).not.toContain(`paged-${other.user.id}-theirs`);
    expect((await allMailOf(other.user.id)).map((item) => item.id)).toEqual([
      `paged-${other.user.id}-theirs`,
    ]);
  });
});

describe("mail recorded before the account index (scripts/staff-console-backfill.ts)", () => {
  beforeAll(async () => {
    // Nothing else in the stack writes records the old way; a run first leaves only this file's.
    await indexEarlierMail();
  });

  it("is listed once the backfill has run, newest first, and a second run indexes nothing", async () => {
    const customer = await signUpCustomer();
    const earlier = [3, 2, 1].map((minutesAgo) => `earlier-${customer.user.id}-${minutesAgo}`);
    for (const [i, eventId] of earlier.entries()) {
      await recordMailUnindexed(customer.user.id, eventId, 3 - i);
    }
    await recordMail(customer.user.id, `later-${customer.user.id}`, 0);
    expect((await allMailOf(customer.user.id)).map((item) => item.id)).toEqual([
      `later-${customer.user.id}`,
    ]);

    expect(await indexEarlierMail()).toBe(earlier.length);
    const listed = await allMailOf(customer.user.id);
    expect(listed.map((item) => item.id)).toEqual([
      `later-${customer.user.id}`,
      ...earlier.reverse(),
    ]);
    expect(listed[1]).toMatchObject({ state: "sent", messageId: `ses-${listed[1]?.id}` });

    expect(await indexEarlierMail()).toBe(0);
  });

  it("does not make again a record deleted after the scan read it", async () => {
    const customer = await signUpCustomer();
    const eventId = `deleted-${customer.user.id}`;
    await recordMailUnindexed(customer.user.id, eventId, 1);
    const { data: scanned } = await db.entities.mailedEvent.get({ eventId }).go();
    await db.entities.mailedEvent.delete({ eventId }).go();

    expect(await indexMailRecord(scanned as NonNullable<typeof scanned>)).toBe(false);
    expect(await storedClaim(eventId)).toBeUndefined();
    expect(await allMailOf(customer.user.id)).toEqual([]);
  });

  it("keeps the state the consumer wrote after the scan read the record, and indexes it once", async () => {
    const customer = await signUpCustomer();
    const eventId = `settled-${customer.user.id}`;
    await recordMailUnindexed(customer.user.id, eventId, 1);
    await db.entities.mailedEvent
      .patch({ eventId })
      .set({ state: "sending" })
      .remove(["messageId"])
      .go();
    const { data: scanned } = await db.entities.mailedEvent.get({ eventId }).go();
    expect(scanned).toMatchObject({ state: "sending" });
    // The consumer settles the claim between the scan and the write.
    await db.entities.mailedEvent
      .patch({ eventId })
      .set({ state: "rejected", reason: "Email address is not verified." })
      .go();

    expect(await indexMailRecord(scanned as NonNullable<typeof scanned>)).toBe(true);
    expect(await allMailOf(customer.user.id)).toMatchObject([
      { id: eventId, state: "rejected", reason: "Email address is not verified." },
    ]);
    // Another run that read the record before this one wrote its keys: not counted again.
    expect(await indexMailRecord(scanned as NonNullable<typeof scanned>)).toBe(false);
  });
});

describe("who may read it", () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await signUpCustomer();
    await recordMail(owner.user.id, `guarded-${owner.user.id}`, 0);
  });

  it("refuses the account's owner", async () => {
    const answer = await call(
      await refreshed(owner),
      "GET",
      `/api/staff/customers/${owner.user.id}/mail`,
    );
    expect([answer.status, answer.error?.code]).toEqual([403, "staff_required"]);
  });

  it("refuses a member of the account", async () => {
    const { member } = await joinAs(owner);
    const answer = await call(member, "GET", `/api/staff/customers/${owner.user.id}/mail`);
    expect([answer.status, answer.error?.code]).toEqual([403, "staff_required"]);
  });

  it("refuses another customer", async () => {
    const stranger = await signUpCustomer();
    const answer = await call(stranger, "GET", `/api/staff/customers/${owner.user.id}/mail`);
    expect([answer.status, answer.error?.code]).toEqual([403, "staff_required"]);
  });

  it("refuses the account's API key", async () => {
    const made = await call(await refreshed(owner), "POST /api/developer/keys", {
      body: { name: "read key", permission: "read" },
    });
    expect(made.status, made.text).toBe(201);
    const answer = await call(
      bearer(made.body.key),
      "GET",
      `/api/staff/customers/${owner.user.id}/mail`,
    );
    expect([answer.status, answer.error?.code]).toEqual([403, "api_key_not_allowed"]);
  });
});
