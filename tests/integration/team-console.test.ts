/**
 * The provider's side of a customer's team (docs/team.md, docs/console.md "Team") through the
 * local stack: staff appoint an owner for an account flagged ownerless, an owner again by any
 * other path clears the flag, and the owner's own team actions are in the console's audit log
 * under their name.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { bearer, type SignedIn, signUpCustomer, signUpStaff } from "../support/dev-identity";
import { stackUrl, useStackEnv } from "../support/stack";
import { joinAs } from "../support/team";

useStackEnv();
const { db } = await import("@portal/core/db/service");

const call = apiAt(stackUrl());

let staff: SignedIn;
beforeAll(async () => {
  staff = await signUpStaff();
});

/** An account of `owner` with one member who joined by invitation, then left without an owner. */
async function ownerlessAccount() {
  const owner = await signUpCustomer({ firstName: "Olga", lastName: "Owner" });
  const { member } = await joinAs(owner, "member", { firstName: "Mo", lastName: "Member" });
  // The owner's item marked removed and the flag set, as a deleted identity leaves them
  // (privacy/leave-accounts.ts; its own path is team-attribution.test.ts's).
  const since = new Date().toISOString();
  await db.entities.membership
    .patch({ userId: owner.user.id, memberId: owner.user.id })
    .set({ removedAt: since })
    .go();
  await db.entities.user.patch({ userId: owner.user.id }).set({ ownerlessSince: since }).go();
  return { accountId: owner.user.id, owner, member };
}

const pageOf = async (userId: string) =>
  (await call(staff, "GET /api/staff/customers/{userId}", { params: { userId } })).body;

describe("appointing an owner from the console", () => {
  it("makes a member of an ownerless account its owner, clears the flag and is audited", async () => {
    const { accountId, member } = await ownerlessAccount();
    const appointed = await call(staff, "POST /api/staff/customers/{userId}/owner", {
      params: { userId: accountId },
      body: { memberId: member.user.id },
    });
    expect(appointed.status, appointed.text).toBe(200);
    expect(appointed.body).toMatchObject({ userId: member.user.id, role: "owner" });

    const page = await pageOf(accountId);
    expect(page.customer.ownerlessSince).toBeNull();
    expect(page.team.members.find((m) => m.userId === member.user.id)?.role).toBe("owner");
    // The new owner may manage the team at once: an owner-only route answers them.
    const invited = await call(member, "POST /api/team/invitations", {
      body: { email: `next-${Date.now()}@example.com`, role: "member" },
    });
    expect(invited.status, invited.text).toBe(201);

    const log = await call(staff, "GET /api/staff/audit-log", { query: { customerId: accountId } });
    expect(log.body.items).toContainEqual(
      expect.objectContaining({
        action: "account.appointOwner",
        actorType: "staff",
        actorEmail: staff.user.email,
        targetType: "member",
        targetId: member.user.id,
        after: { role: "owner", ownerlessSince: null },
      }),
    );
  });

  it("refuses someone who is not a person of the account (404)", async () => {
    const { accountId } = await ownerlessAccount();
    const stranger = await signUpCustomer();
    const answer = await call(staff, "POST /api/staff/customers/{userId}/owner", {
      params: { userId: accountId },
      body: { memberId: stranger.user.id },
    });
    expect(answer.status).toBe(404);
    expect((await pageOf(accountId)).customer.ownerlessSince).not.toBeNull();
    // Nor the removed owner, whose item is kept marked.
    const removed = await call(staff, "POST /api/staff/customers/{userId}/owner", {
      params: { userId: accountId },
      body: { memberId: accountId },
    });
    expect(removed.status).toBe(404);
  });

  it("refuses an account that has an owner (409), changing nothing", async () => {
    const owner = await signUpCustomer();
    const { member } = await joinAs(owner, "member");
    const answer = await call(staff, "POST /api/staff/customers/{userId}/owner", {
      params: { userId: owner.user.id },
      body: { memberId: member.user.id },
    });
    expect(answer.status).toBe(409);
    const page = await pageOf(owner.user.id);
    expect(page.team.members.find((m) => m.userId === member.user.id)?.role).toBe("member");
  });

  it("is refused to a customer (403)", async () => {
    const { accountId, member } = await ownerlessAccount();
    const answer = await call(member, "POST /api/staff/customers/{userId}/owner", {
      params: { userId: accountId },
      body: { memberId: member.user.id },
    });
    expect(answer.status).toBe(403);
  });
});

describe("an owner again by another path", () => {
  it("an owner's invitation accepted clears the flag, with an entry naming the new owner", async () => {
    const owner = await signUpCustomer({ firstName: "Ida", lastName: "Ince" });
    // Invited as owner while the account still had one; the flag set as a deleted identity sets it.
    await db.entities.user
      .patch({ userId: owner.user.id })
      .set({ ownerlessSince: new Date().toISOString() })
      .go();
    const { member } = await joinAs(owner, "owner", { firstName: "Nia", lastName: "New" });
    expect((await pageOf(owner.user.id)).customer.ownerlessSince).toBeNull();
    const log = await call(staff, "GET /api/staff/audit-log", {
      query: { customerId: owner.user.id },
    });
    expect(log.body.items.map((e) => [e.action, e.actorType, e.actorName])).toContainEqual([
      "account.ownerRestored",
      "member",
      "Nia New",
    ]);
    expect(member.user.id).toBeTruthy();
  });
});

describe("the owner's team actions in the console's audit log", () => {
  it("names the owner for an invitation and a removal, and the member who left", async () => {
    const owner = await signUpCustomer({ firstName: "Rhea", lastName: "Ross" });
    const { member } = await joinAs(owner, "member", { firstName: "Sam", lastName: "Stone" });
    const { member: leaver } = await joinAs(owner, "member", {
      firstName: "Lea",
      lastName: "Lund",
    });
    const invited = await call(owner, "POST /api/team/invitations", {
      body: { email: `later-${Date.now()}@example.com`, role: "member" },
    });
    expect(invited.status, invited.text).toBe(201);
    const revoked = await call(owner, "DELETE /api/team/invitations/{id}", {
      params: { id: invited.body.id },
    });
    expect(revoked.status, revoked.text).toBe(200);
    const removed = await call(owner, "DELETE /api/team/members/{userId}", {
      params: { userId: member.user.id },
    });
    expect(removed.status, removed.text).toBe(204);
    // Her record made, as the SPA's sync does at sign-in: a person is named from it once they left.
    const synced = await fetch(`${stackUrl()}/api/auth/user`, { headers: bearer(leaver.token) });
    expect(synced.status).toBe(200);
    const left = await call(leaver, "POST /api/team/leave");
    expect(left.status, left.text).toBe(204);

    const log = await call(staff, "GET /api/staff/audit-log", {
      query: { customerId: owner.user.id },
    });
    const rows = log.body.items.map((e) => [e.action, e.actorType, e.actorName, e.targetId]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ["invitation.create", "member", "Rhea Ross", invited.body.id],
        ["invitation.revoke", "member", "Rhea Ross", invited.body.id],
        ["member.remove", "member", "Rhea Ross", member.user.id],
        ["member.left", "member", "Lea Lund", leaver.user.id],
      ]),
    );
    // The log's filter by record type finds them.
    const invitations = await call(staff, "GET /api/staff/audit-log", {
      query: { customerId: owner.user.id, targetType: "invitation" },
    });
    expect(invitations.body.items.map((e) => e.action).sort()).toEqual(
      expect.arrayContaining(["invitation.create", "invitation.revoke"]),
    );
  });

  it("names the owner for a role change and a hand-over", async () => {
    const owner = await signUpCustomer({ firstName: "Tom", lastName: "Tate" });
    const { member } = await joinAs(owner, "member", { firstName: "Una", lastName: "Ulm" });
    const promoted = await call(owner, "PATCH /api/team/members/{userId}", {
      params: { userId: member.user.id },
      body: { role: "owner" },
    });
    expect(promoted.status, promoted.text).toBe(200);
    const lowered = await call(owner, "PATCH /api/team/members/{userId}", {
      params: { userId: member.user.id },
      body: { role: "member" },
    });
    expect(lowered.status, lowered.text).toBe(200);
    const handed = await call(owner, "POST /api/team/transfer-ownership", {
      body: { userId: member.user.id },
    });
    expect(handed.status, handed.text).toBe(200);
    const log = await call(staff, "GET /api/staff/audit-log", {
      query: { customerId: owner.user.id },
    });
    const rows = log.body.items.map((e) => [e.action, e.actorName, e.after]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ["member.roleChange", "Tom Tate", { role: "owner" }],
        ["member.roleChange", "Tom Tate", { role: "member" }],
        [
          "member.transferOwnership",
          "Tom Tate",
          expect.objectContaining({ owner: member.user.id }),
        ],
      ]),
    );
  });
});

describe("invitations sent at once", () => {
  /** `count` pending invitations of the account, as earlier invites stored them. */
  async function seedPending(accountId: string, count: number) {
    const now = Date.now();
    for (let i = 0; i < count; i++) {
      await db.entities.invitation
        .create({
          userId: accountId,
          email: `earlier-${i}-${now}@example.com`,
          role: "member",
          secretHash: "a".repeat(64),
          invitedBy: accountId,
          expiresAt: new Date(now + 7 * 86_400_000).toISOString(),
          sentAt: new Date(now).toISOString(),
        })
        .go();
    }
  }

  const pendingCount = async (owner: SignedIn) =>
    (await call(owner, "GET /api/team")).body.invitations.filter((i) => i.status === "pending")
      .length;

  it("never take the account past its 25 pending invitations", async () => {
    const owner = await signUpCustomer();
    await seedPending(owner.user.id, 22);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(owner, "POST /api/team/invitations", {
          body: { email: `race-${i}-${Date.now()}@example.com`, role: "member" },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
    expect(await pendingCount(owner)).toBe(25);

    // Revoking one gives its place back.
    const created = answers.find((a) => a.status === 201);
    const revoked = await call(owner, "DELETE /api/team/invitations/{id}", {
      params: { id: created?.body.id ?? "" },
    });
    expect(revoked.status).toBe(200);
    const again = await call(owner, "POST /api/team/invitations", {
      body: { email: `after-${Date.now()}@example.com`, role: "member" },
    });
    expect(again.status, again.text).toBe(201);
  });

  it("create one invitation for an address invited several times at once", async () => {
    const owner = await signUpCustomer();
    const email = `twice-${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(owner, "POST /api/team/invitations", { body: { email, role: "member" } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const { body } = await call(owner, "GET /api/team");
    expect(body.invitations.filter((i) => i.email === email)).toHaveLength(1);

    // Revoked, the address may be invited again.
    const created = answers.find((a) => a.status === 201);
    await call(owner, "DELETE /api/team/invitations/{id}", {
      params: { id: created?.body.id ?? "" },
    });
    const again = await call(owner, "POST /api/team/invitations", {
      body: { email, role: "member" },
    });
    expect(again.status, again.text).toBe(201);
  });
});
