/**
 * The customer's team (docs/team.md) through the local stack and its identity provider: an
 * owner invites by mail, the invitee accepts and acts in the owner's account; used, revoked,
 * expired, replaced and wrong-address links each get their answer; a removal counts at the
 * very next request whatever the session token says; one person in two accounts switches
 * between them through the session's active organization; a member is refused every owner-only
 * route (session and API key) and cannot raise their role; and a member of another account
 * probing this one's data finds nothing.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { devIdentityDir } from "@portal/devstack/dev-identity-store";
import { type RouteRecord, routes } from "@portal/functions/routes";
import { describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { PNG, uploadsAt } from "../support/content";
import { addSite } from "../support/customer-state";
import {
  resign,
  type SignedIn,
  signUp,
  signUpCustomer,
  uniqueEmail,
} from "../support/dev-identity";
import { env, url, useStackEnvDb } from "../support/payments";
import { stackDataDir } from "../support/stack";
import { invitationLink, invite, joinAs, switchTo } from "../support/team";

const db = await useStackEnvDb();
const { takeHourly } = await import("@portal/core/db/customer-share");
const { INVITATION_MAILS_PER_HOUR, INVITATION_QUOTA, MAX_PENDING_INVITATIONS } = await import(
  "@portal/core/team/invitation-records"
);
const { createWithin } = await import("@portal/core/developer/quota");
const call = apiAt(url);
const clerkSecretKey = env.SST_Secret_value_CLERK_SECRET_KEY ?? "";

/** An owner with a site, and a person who joined their account as `role`, acting in it. */
async function ownerAndMember(role: "owner" | "member" = "member", siteName = "Olive's Bakery") {
  const owner = await signUpCustomer({ firstName: "Olive", lastName: "Owner" });
  const siteId = await addSite(owner.user.id, { name: siteName });
  const { member, token } = await joinAs(owner, role);
  return { owner, member, siteId, token };
}

describe("invite → accept → act as a member", () => {
  it("mails a link, joins with the invitation's role and works in the owner's account", async () => {
    const { owner, member, siteId } = await ownerAndMember();

    // The member sees the owner's account: its sites, its plan state, their own role.
    const sites = await call(member, "GET /api/sites");
    expect(sites.status).toBe(200);
    expect(sites.body.map((site) => site.id)).toEqual([siteId]);
    const me = await call(member, "GET /api/auth/user");
    expect(me.body).toMatchObject({
      id: member.user.id,
      email: member.user.email,
      accountId: owner.user.id,
      role: "member",
      subscriptionActive: true,
      hasCompletedQuestionnaire: true,
    });

    // What they open belongs to the account: the owner sees the ticket.
    const ticket = await call(member, "POST /api/tickets", {
      body: { title: "New photos", description: "Please use the new bread photos." },
    });
    expect(ticket.status, ticket.text).toBe(201);
    const ownerTickets = await call(owner, "GET /api/tickets");
    expect(ownerTickets.body.map((t) => t.id)).toContain(ticket.body.id);

    // The team lists both, owners first; the invitation is used.
    const team = await call(owner, "GET /api/team");
    expect(team.body.members.map((m) => [m.userId, m.role, m.isYou])).toEqual([
      [owner.user.id, "owner", true],
      [member.user.id, "member", false],
    ]);
    expect(team.body.invitations[0]).toMatchObject({ status: "accepted", role: "member" });
  });

  it("answers the link's state before sign-in, and each unusable link clearly", async () => {
    const owner = await signUpCustomer();
    const email = uniqueEmail("invitee");
    const { invitation, token } = await invite(owner, email);

    const pending = await call(null, "GET /api/invitations/{token}", { params: { token } });
    expect(pending.body).toMatchObject({ status: "pending", email, role: "member" });

    // Bound to the address: another sign-in is refused and the link stays usable.
    const stranger = await signUp();
    const wrong = await call(stranger, "POST /api/invitations/{token}/accept", {
      params: { token },
    });
    expect([wrong.status, wrong.error?.code]).toEqual([403, "invitation_wrong_email"]);
    expect(wrong.error?.message).toContain(email);

    // A resend replaces the link: the first one no longer works.
    const resent = await call(owner, "POST /api/team/invitations/{id}/resend", {
      params: { id: invitation.id },
    });
    expect(resent.body.sentCount).toBe(2);
    const newToken = await invitationLink(email);
    expect(newToken).not.toBe(token);
    const replaced = await call(null, "GET /api/invitations/{token}", { params: { token } });
    expect(replaced.body.status).toBe("invalid");

    // Single use.
    const invitee = await signUp({ email });
    const first = await call(invitee, "POST /api/invitations/{token}/accept", {
      params: { token: newToken },
    });
    expect(first.status, first.text).toBe(200);
    const again = await call(invitee, "POST /api/invitations/{token}/accept", {
      params: { token: newToken },
    });
    expect([again.status, again.error?.code]).toEqual([410, "invitation_used"]);
    expect(
      (await call(null, "GET /api/invitations/{token}", { params: { token: newToken } })).body
        .status,
    ).toBe("accepted");
  });

  it("keeps the person in when they accept the same link twice at once", async () => {
    // A double click, or a retried request: one accept wins, the other finds the link used. The
    // loser must not undo the winner's membership at the identity provider (docs/security.md).
    const owner = await signUpCustomer();
    const email = uniqueEmail("twice");
    const { token } = await invite(owner, email);
    const person = await signUp({ email });
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(person, "POST /api/invitations/{token}/accept", { params: { token } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410, 410]);
    // Still in the organization (switching needs it) and in the table, and it stays so once
    // the identity provider's webhooks have been applied.
    const member = await switchTo(person, owner.user.id);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await call(member, "GET /api/sites")).status).toBe(200);
    const team = await call(owner, "GET /api/team");
    expect(team.body.members.map((m) => m.userId)).toContain(person.user.id);
  });

  it("refuses a revoked link and an expired one, and lets the owner send an expired one again", async () => {
    const owner = await signUpCustomer();
    const revokedEmail = uniqueEmail("revoked");
    const revoked = await invite(owner, revokedEmail);
    const revoking = await call(owner, "DELETE /api/team/invitations/{id}", {
      params: { id: revoked.invitation.id },
    });
    expect(revoking.body.status).toBe("revoked");
    const late = await signUp({ email: revokedEmail });
    const refused = await call(late, "POST /api/invitations/{token}/accept", {
      params: { token: revoked.token },
    });
    expect([refused.status, refused.error?.code]).toEqual([410, "invitation_revoked"]);

    const expiredEmail = uniqueEmail("expired");
    const expired = await invite(owner, expiredEmail);
    await db.entities.invitation
      .patch({ userId: owner.user.id, invitationId: expired.invitation.id })
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .go();
    const slow = await signUp({ email: expiredEmail });
    const tooLate = await call(slow, "POST /api/invitations/{token}/accept", {
      params: { token: expired.token },
    });
    expect([tooLate.status, tooLate.error?.code]).toEqual([410, "invitation_expired"]);
    expect(tooLate.error?.message).toContain("7 days");
    expect(
      (await call(null, "GET /api/invitations/{token}", { params: { token: expired.token } })).body
        .status,
    ).toBe("expired");
    // Sent again: a new link with 7 more days, which works.
    await call(owner, "POST /api/team/invitations/{id}/resend", {
      params: { id: expired.invitation.id },
    });
    const accepted = await call(slow, "POST /api/invitations/{token}/accept", {
      params: { token: await invitationLink(expiredEmail) },
    });
    expect(accepted.status, accepted.text).toBe(200);
  });
});

describe("what an invitation refuses", () => {
  it("an address already in the account or already invited, and a mail beyond the hour's", async () => {
    const { owner, member } = await ownerAndMember();
    const already = await call(owner, "POST /api/team/invitations", {
      body: { email: member.user.email.toUpperCase(), role: "member" },
    });
    expect([already.status, already.error?.message]).toEqual([
      409,
      `${member.user.email} is already a member of this account.`,
    ]);
    const email = uniqueEmail("twice");
    await invite(owner, email);
    const twice = await call(owner, "POST /api/team/invitations", { body: { email } });
    expect(twice.status).toBe(409);
    expect(twice.error?.message).toContain("send that invitation again");

    // The hour's allowance used up (INVITATION_MAILS_PER_HOUR), as twenty invitations would.
    while (
      (await takeHourly("invitationMails", owner.user.id, INVITATION_MAILS_PER_HOUR)) === undefined
    );
    const over = await call(owner, "POST /api/team/invitations", {
      body: { email: uniqueEmail("over") },
    });
    expect([over.status, over.error?.code]).toEqual([429, "rate_limited"]);
  });

  it("an owner removing themselves (that is leaving) or handing ownership to themselves", async () => {
    const { owner } = await ownerAndMember();
    const self = await call(owner, "DELETE /api/team/members/{userId}", {
      params: { userId: owner.user.id },
    });
    expect(self.status).toBe(422);
    const toSelf = await call(owner, "POST /api/team/transfer-ownership", {
      body: { userId: owner.user.id },
    });
    expect(toSelf.status).toBe(422);
  });
});

describe("what an invitation link holds", () => {
  it("keeps only the secret's hash, and a changed or borrowed secret opens nothing", async () => {
    const owner = await signUpCustomer();
    const email = uniqueEmail("secret");
    const { invitation, token } = await invite(owner, email);
    const [accountId, invitationId, secret = ""] = Buffer.from(token, "base64url")
      .toString("utf8")
      .split(":");
    expect([accountId, invitationId]).toEqual([owner.user.id, invitation.id]);
    expect(Buffer.from(secret, "base64url")).toHaveLength(32);
    const { data: stored } = await db.entities.invitation
      .get({ userId: owner.user.id, invitationId: invitation.id })
      .go();
    expect(JSON.stringify(stored)).not.toContain(secret);

    // The same invitation with one character of its secret changed, and with another
    // invitation's (valid) secret: neither is the invitation's link.
    const other = await invite(owner, uniqueEmail("other"));
    const otherSecret = Buffer.from(other.token, "base64url").toString("utf8").split(":")[2];
    const flipped = `${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`;
    const person = await signUp({ email });
    for (const forged of [flipped, otherSecret]) {
      const link = Buffer.from(`${accountId}:${invitationId}:${forged}`).toString("base64url");
      const seen = await call(null, "GET /api/invitations/{token}", { params: { token: link } });
      expect([seen.body.status, seen.body.email, seen.body.accountName]).toEqual([
        "invalid",
        null,
        null,
      ]);
      const accepted = await call(person, "POST /api/invitations/{token}/accept", {
        params: { token: link },
      });
      expect([accepted.status, accepted.error?.code]).toEqual([404, "invitation_invalid"]);
    }
  });
});

describe("invitation limits", () => {
  it("keeps the pending cap when an expired invitation is sent again", async () => {
    // Expired invitations leave the cap's count; sending one again must count it back in, or
    // an account could hold any number of live links (docs/team.md, 25 at most).
    const owner = await signUpCustomer();
    const old = await invite(owner, uniqueEmail("old"));
    await db.entities.invitation
      .patch({ userId: owner.user.id, invitationId: old.invitation.id })
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .go();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    for (let i = 0; i < 25; i += 1) {
      await db.entities.invitation
        .create({
          userId: owner.user.id,
          email: uniqueEmail(`pending${i}`),
          role: "member",
          secretHash: "0".repeat(64),
          invitedBy: owner.user.id,
          expiresAt: later,
          sentAt: new Date().toISOString(),
        })
        .go();
    }
    const resent = await call(owner, "POST /api/team/invitations/{id}/resend", {
      params: { id: old.invitation.id },
    });
    expect(resent.status, resent.text).toBe(422);
    expect(resent.error?.message).toContain("25");
    const team = await call(owner, "GET /api/team");
    expect(team.body.invitations.filter((i) => i.status === "pending")).toHaveLength(25);
  });
});

/**
 * An account at the pending cap the way invites fill it: each invitation written in a place
 * reserved on the cap's counter (the hour's mail allowance would stop twenty-five real invites),
 * the last reservation just now; then one of them expired. Answers the expired one's id.
 */
async function fullWithOneExpired(owner: SignedIn): Promise<string> {
  const later = new Date(Date.now() + 86_400_000).toISOString();
  const ids: string[] = [];
  for (let i = 0; i < MAX_PENDING_INVITATIONS; i += 1) {
    const { data } = await createWithin(owner.user.id, INVITATION_QUOTA, () =>
      db.entities.invitation
        .create({
          userId: owner.user.id,
          email: uniqueEmail(`waiting${i}`),
          role: "member",
          secretHash: "0".repeat(64),
          invitedBy: owner.user.id,
          expiresAt: later,
          sentAt: new Date().toISOString(),
        })
        .go(),
    );
    ids.push(data.invitationId);
  }
  const expiredId = ids[0] ?? "";
  await db.entities.invitation
    .patch({ userId: owner.user.id, invitationId: expiredId })
    .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
    .go();
  return expiredId;
}

describe("an expired invitation's place under the cap", () => {
  it("is free for the very next invite", async () => {
    const owner = await signUpCustomer();
    await fullWithOneExpired(owner);
    const next = await call(owner, "POST /api/team/invitations", {
      body: { email: uniqueEmail("next") },
    });
    expect(next.status, next.text).toBe(201);
  });

  it("is given back once when the expired invitation is revoked after an invite freed it", async () => {
    const owner = await signUpCustomer();
    const expiredId = await fullWithOneExpired(owner);
    // A refused invite gives its place back, then the owner revokes it: nothing more comes back.
    await INVITATION_QUOTA.releaseLapsed?.(owner.user.id, new Date());
    const revoked = await call(owner, "DELETE /api/team/invitations/{id}", {
      params: { id: expiredId },
    });
    expect(revoked.body.status).toBe("revoked");
    const reserved = await Promise.allSettled(
      [1, 2].map(() => createWithin(owner.user.id, INVITATION_QUOTA, async () => "reserved")),
    );
    expect(reserved.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("goes to exactly one of two invites sent at once", async () => {
    const owner = await signUpCustomer();
    await fullWithOneExpired(owner);
    const answers = await Promise.all(
      ["first", "second"].map((name) =>
        call(owner, "POST /api/team/invitations", { body: { email: uniqueEmail(name) } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const team = await call(owner, "GET /api/team");
    expect(team.body.invitations.filter((i) => i.status === "pending")).toHaveLength(
      MAX_PENDING_INVITATIONS,
    );
  });
});

describe("leaving and removal", () => {
  it("refuses a removed member at their next request, with a token minted before", async () => {
    const { owner, member } = await ownerAndMember();
    expect((await call(member, "GET /api/sites")).status).toBe(200);

    const removed = await call(owner, "DELETE /api/team/members/{userId}", {
      params: { userId: member.user.id },
    });
    expect(removed.status, removed.text).toBe(204);
    // The same token, still naming the owner's organization.
    const after = await call(member, "GET /api/sites");
    expect([after.status, after.error?.code]).toEqual([403, "not_a_member"]);
    // Their own things still work: the list of their accounts no longer has it.
    const accounts = await call(member, "GET /api/team/accounts");
    expect(accounts.body.accounts.map((a) => a.accountId)).not.toContain(owner.user.id);
  });

  it("takes a member out when the identity provider deletes their membership", async () => {
    const { owner, member } = await ownerAndMember();
    const { data: account } = await db.entities.user.get({ userId: owner.user.id }).go();
    const organizationId = account?.organizationId ?? "";
    expect(organizationId).toMatch(/^org_/);
    const deleted = await fetch(
      `${url}/dev-identity/v1/organizations/${organizationId}/memberships/${member.user.id}`,
      { method: "DELETE", headers: { authorization: `Bearer ${clerkSecretKey}` } },
    );
    expect(deleted.status).toBe(200);
    await expect
      .poll(async () => (await call(member, "GET /api/sites")).status, { timeout: 15_000 })
      .toBe(403);
  });

  it("ignores a membership deleted from an organization that is not the account's", async () => {
    // A stray organization claiming the account in its metadata (made in Clerk's dashboard, or
    // the loser of two first joins at once): its events change nothing (docs/security.md).
    const { owner, member } = await ownerAndMember();
    const backend = (path: string, init: RequestInit = {}) =>
      fetch(`${url}/dev-identity/v1/organizations${path}`, {
        ...init,
        headers: { authorization: `Bearer ${clerkSecretKey}`, "content-type": "application/json" },
      });
    const stray = (await (
      await backend("", {
        method: "POST",
        body: JSON.stringify({ name: "Stray", public_metadata: { account_id: owner.user.id } }),
      })
    ).json()) as { id: string };
    const added = await backend(`/${stray.id}/memberships`, {
      method: "POST",
      body: JSON.stringify({ user_id: member.user.id, role: "org:member" }),
    });
    expect(added.status).toBe(200);
    const deleted = await backend(`/${stray.id}/memberships/${member.user.id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await call(member, "GET /api/sites")).status).toBe(200);
  });

  it("flags the account when its last owner is taken out at the identity provider", async () => {
    // Clerk lets a person leave an organization, and its dashboard remove anyone, without our
    // last-owner check: the account must then be flagged to staff, as when an identity goes.
    const { owner } = await ownerAndMember();
    const { data: account } = await db.entities.user.get({ userId: owner.user.id }).go();
    const deleted = await fetch(
      `${url}/dev-identity/v1/organizations/${account?.organizationId}/memberships/${owner.user.id}`,
      { method: "DELETE", headers: { authorization: `Bearer ${clerkSecretKey}` } },
    );
    expect(deleted.status).toBe(200);
    await expect
      .poll(
        async () =>
          (await db.entities.user.get({ userId: owner.user.id }).go({ consistent: true })).data
            ?.ownerlessSince,
        { timeout: 15_000 },
      )
      .toBeTruthy();
  });

  it("lets a member leave, keeps the last owner, and hands ownership over", async () => {
    const { owner, member } = await ownerAndMember();
    const last = await call(owner, "POST /api/team/leave");
    expect([last.status, last.error?.code]).toEqual([409, "last_owner"]);

    const handed = await call(owner, "POST /api/team/transfer-ownership", {
      body: { userId: member.user.id },
    });
    expect(handed.status, handed.text).toBe(200);
    expect(handed.body.role).toBe("member");
    // The former owner is a member now: owner-only routes refuse them.
    const billing = await call(owner, "GET /api/billing/subscription");
    expect([billing.status, billing.error?.code]).toEqual([403, "owner_required"]);
    // and may leave; their own account's id stays the account's, now run by the new owner.
    expect((await call(owner, "POST /api/team/leave")).status).toBe(204);
    const gone = await call(owner, "GET /api/sites");
    expect([gone.status, gone.error?.code]).toEqual([403, "not_a_member"]);
    const team = await call(member, "GET /api/team");
    expect(team.body.members.map((m) => [m.userId, m.role])).toEqual([[member.user.id, "owner"]]);
  });
});

describe("the account's organization", () => {
  it("is one, when two invited people join an account without one at the same moment", async () => {
    const owner = await signUpCustomer();
    const emails = [uniqueEmail("first"), uniqueEmail("second")];
    const tokens = [
      (await invite(owner, emails[0] ?? "")).token,
      (await invite(owner, emails[1] ?? "")).token,
    ];
    const people = await Promise.all(emails.map((email) => signUp({ email })));
    const accepted = await Promise.all(
      people.map((person, i) =>
        call(person, "POST /api/invitations/{token}/accept", {
          params: { token: tokens[i] ?? "" },
        }),
      ),
    );
    expect(accepted.map((answer) => answer.status)).toEqual([200, 200]);
    const { data: account } = await db.entities.user.get({ userId: owner.user.id }).go();
    expect(accepted.map((answer) => answer.body.organizationId)).toEqual([
      account?.organizationId,
      account?.organizationId,
    ]);
    // At the identity provider, one organization names the account.
    await expect
      .poll(async () => {
        const store = JSON.parse(
          await readFile(path.join(devIdentityDir(stackDataDir()), "store.json"), "utf8"),
        ) as { organizations?: { publicMetadata: { account_id?: string } }[] };
        return (store.organizations ?? []).filter(
          (o) => o.publicMetadata.account_id === owner.user.id,
        ).length;
      })
      .toBe(1);
  });
});

describe("at least one owner", () => {
  it("keeps one when two owners lower each other at the same moment", async () => {
    const { owner, member: second } = await ownerAndMember("owner");
    const [a, b] = await Promise.all([
      call(owner, "PATCH /api/team/members/{userId}", {
        params: { userId: second.user.id },
        body: { role: "member" },
      }),
      call(second, "PATCH /api/team/members/{userId}", {
        params: { userId: owner.user.id },
        body: { role: "member" },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const team = await call(owner, "GET /api/team");
    expect(team.body.members.filter((m) => m.role === "owner")).toHaveLength(1);
    // The last owner cannot lower themselves either.
    const remaining = team.body.members.find((m) => m.role === "owner");
    const self = remaining?.userId === owner.user.id ? owner : second;
    const lower = await call(self, "PATCH /api/team/members/{userId}", {
      params: { userId: self.user.id },
      body: { role: "member" },
    });
    expect([lower.status, lower.error?.code]).toEqual([409, "last_owner"]);
  });
});

describe("deleting an account with a team", () => {
  it("by an owner it was handed to: the account and its organization go, its first owner stays", async () => {
    const { owner: founder, member: heir } = await ownerAndMember();
    const handed = await call(founder, "POST /api/team/transfer-ownership", {
      body: { userId: heir.user.id },
    });
    expect(handed.status, handed.text).toBe(200);
    // No subscription running, so the account may go.
    await db.entities.user
      .patch({ userId: founder.user.id })
      .set({ subscriptionActive: false })
      .go();
    const { data: before } = await db.entities.user.get({ userId: founder.user.id }).go();
    const deleting = await call(heir, "DELETE /api/account", { body: { confirmation: "DELETE" } });
    expect(deleting.status, deleting.text).toBe(202);
    await expect
      .poll(async () => (await db.entities.user.get({ userId: founder.user.id }).go()).data, {
        timeout: 20_000,
      })
      .toBeNull();
    // The first owner's login is theirs: it still signs in.
    const signIn = await fetch(`${url}/dev-identity/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: founder.user.email, password: "correct horse battery" }),
    });
    expect(signIn.status).toBe(200);
    // The organization is gone at the identity provider: nobody can pick it any more.
    const pick = await fetch(`${url}/dev-identity/active-organization`, {
      method: "POST",
      headers: { cookie: heir.cookie, "content-type": "application/json" },
      body: JSON.stringify({ organizationId: before?.organizationId }),
    });
    expect(pick.status).toBe(403);
  });
});

describe("a hostile member", () => {
  it("cannot name another person on what they do, nor switch into an account by its id", async () => {
    const { owner, member } = await ownerAndMember();
    const me = { id: member.user.id, name: "Max Member" };
    // Who acted comes from the session, never from the body: fields naming the owner are dropped.
    const spoof = {
      openedById: owner.user.id,
      authorId: owner.user.id,
      openedBy: { id: owner.user.id, name: "Olive Owner" },
      writtenBy: { id: owner.user.id, name: "Olive Owner" },
    };
    const ticket = await call(member, "POST", "/api/tickets", {
      title: "Pay the invoice",
      description: "Please pay it to the new account.",
      ...spoof,
    });
    expect(ticket.status, ticket.text).toBe(201);
    expect(ticket.body.openedBy).toEqual(me);
    const reply = await call(member, "POST", `/api/tickets/${ticket.body.id}/messages`, {
      message: "Approved by the owner.",
      ...spoof,
    });
    expect(reply.status, reply.text).toBe(201);
    const thread = await call(owner, "GET /api/tickets/{id}", { params: { id: ticket.body.id } });
    expect(thread.body.ticket.openedBy).toEqual(me);
    expect(thread.body.messages.map((m) => m.writtenBy)).toEqual([me]);

    // An outsider asking to switch into the account by its id gets no organization to join.
    const outsider = await signUpCustomer();
    const into = await call(outsider, "POST /api/team/accounts/switch", {
      body: { accountId: owner.user.id },
    });
    expect([into.status, into.error?.code]).toEqual([403, "not_a_member"]);
    expect(into.text).not.toContain("org_");
  });
});

describe("handing ownership and forged membership events", () => {
  it("hands ownership to nobody outside the account, and an unsigned removal removes nobody", async () => {
    const { owner, member } = await ownerAndMember();
    const elsewhere = await ownerAndMember();
    const outsider = await signUpCustomer();
    for (const userId of [outsider.user.id, elsewhere.member.user.id, elsewhere.owner.user.id]) {
      const handed = await call(owner, "POST /api/team/transfer-ownership", { body: { userId } });
      expect(handed.status).toBe(404);
      const raised = await call(owner, "PATCH /api/team/members/{userId}", {
        params: { userId },
        body: { role: "owner" },
      });
      expect(raised.status).toBe(404);
    }
    expect((await call(owner, "GET /api/billing/subscription")).status).toBe(200);
    const elsewhereTeam = await call(elsewhere.owner, "GET /api/team");
    expect(elsewhereTeam.body.members.map((m) => m.role)).toEqual(["owner", "member"]);

    // A membership deletion for the account's own organization, without Clerk's signature.
    const { data: account } = await db.entities.user.get({ userId: owner.user.id }).go();
    const forged = await fetch(`${url}/api/webhooks/clerk`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "svix-id": "msg_forged",
        "svix-timestamp": String(Math.floor(Date.now() / 1000)),
        "svix-signature": `v1,${Buffer.from("forged").toString("base64")}`,
      },
      body: JSON.stringify({
        type: "organizationMembership.deleted",
        data: {
          organization: {
            id: account?.organizationId,
            public_metadata: { account_id: owner.user.id },
          },
          public_user_data: { user_id: member.user.id },
        },
      }),
    });
    expect(forged.status).toBe(400);
    expect((await call(member, "GET /api/sites")).status).toBe(200);
  });
});

describe("a removed member's link", () => {
  it("does not let them back in, and an owner cannot invite their own address", async () => {
    const { owner, member, token } = await ownerAndMember();
    const removed = await call(owner, "DELETE /api/team/members/{userId}", {
      params: { userId: member.user.id },
    });
    expect(removed.status, removed.text).toBe(204);
    const replay = await call(member, "POST /api/invitations/{token}/accept", {
      params: { token },
    });
    expect([replay.status, replay.error?.code]).toEqual([410, "invitation_used"]);
    expect((await call(member, "GET /api/sites")).error?.code).toBe("not_a_member");

    const self = await call(owner, "POST /api/team/invitations", {
      body: { email: owner.user.email, role: "owner" },
    });
    expect(self.status).toBe(409);
  });
});

describe("one person in two accounts", () => {
  it("switches between them through the session, never through a parameter", async () => {
    const first = await ownerAndMember();
    const other = await signUpCustomer({ firstName: "Second", lastName: "Shop" });
    const otherSite = await addSite(other.user.id, { name: "Second Shop" });
    const { token } = await invite(other, first.member.user.email);
    const joined = await call(first.member, "POST /api/invitations/{token}/accept", {
      params: { token },
    });
    expect(joined.status, joined.text).toBe(200);

    const accounts = await call(first.member, "GET /api/team/accounts");
    const ids = accounts.body.accounts.map((a) => a.accountId);
    expect(ids).toEqual(expect.arrayContaining([first.owner.user.id, other.user.id]));
    expect(accounts.body.accounts.find((a) => a.current)?.accountId).toBe(first.owner.user.id);

    const inFirst = await call(first.member, "GET /api/sites");
    expect(inFirst.body.map((s) => s.id)).toEqual([first.siteId]);
    const second = await switchTo(first.member, other.user.id);
    const inSecond = await call(second, "GET /api/sites");
    expect(inSecond.body.map((s) => s.id)).toEqual([otherSite]);
    const back = await switchTo(second, first.owner.user.id);
    expect((await call(back, "GET /api/sites")).body.map((s) => s.id)).toEqual([first.siteId]);

    // The identity provider refuses an organization the person does not belong to.
    const stranger = await signUp();
    const { data: account } = await db.entities.user.get({ userId: other.user.id }).go();
    const refused = await fetch(`${url}/dev-identity/active-organization`, {
      method: "POST",
      headers: { cookie: stranger.cookie, "content-type": "application/json" },
      body: JSON.stringify({ organizationId: account?.organizationId }),
    });
    expect(refused.status).toBe(403);
    const switching = await call(stranger, "POST /api/team/accounts/switch", {
      body: { accountId: other.user.id },
    });
    expect([switching.status, switching.error?.code]).toEqual([403, "not_a_member"]);
  });
});

/** A request for a route key: ids of the given data in its path, an empty JSON body for writes. */
function requestFor(routeKey: string, ids: { siteId: string; userId: string }) {
  const [method = "GET", path = ""] = routeKey.split(" ");
  const filled = path
    .replaceAll("{id}", ids.siteId)
    .replaceAll("{userId}", ids.userId)
    .replace(/\{[^}]+\}/g, "01J0000000000000000000000X");
  return { method, path: filled, body: method === "GET" ? undefined : {} };
}

const ownerOnly = Object.entries(routes as Record<string, RouteRecord>)
  .filter(([, record]) => record.role === "owner")
  .map(([routeKey]) => routeKey);

describe("what a member cannot do", () => {
  it("is refused every owner-only route with 403 naming the role, with a session", async () => {
    expect(ownerOnly.length).toBeGreaterThan(25);
    const { owner, member, siteId } = await ownerAndMember();
    for (const routeKey of ownerOnly) {
      const { method, path, body } = requestFor(routeKey, { siteId, userId: owner.user.id });
      const answer = await call(member, method, path, body);
      expect([routeKey, answer.status, answer.error?.code]).toEqual([
        routeKey,
        403,
        "owner_required",
      ]);
      expect(answer.error?.message).toContain("owner");
    }
    // Nothing was done in the owner's name: the site is there, no key, no invitation.
    expect((await call(owner, "GET /api/sites")).body.map((s) => s.id)).toEqual([siteId]);
    expect((await call(owner, "GET /api/developer/keys")).body).toEqual([]);
  });

  it("is refused every owner-only route with the account's API key", async () => {
    const { owner, siteId } = await ownerAndMember();
    const created = await call(owner, "POST /api/developer/keys", {
      body: { name: "script", permission: "write" },
    });
    expect(created.status, created.text).toBe(201);
    const key = { authorization: `Bearer ${created.body.key}` };
    for (const routeKey of ownerOnly) {
      const { method, path, body } = requestFor(routeKey, { siteId, userId: owner.user.id });
      const answer = await call(key, method, path, body);
      expect([routeKey, answer.status]).toEqual([routeKey, 403]);
    }
    // A member's route answers the key as the account's.
    const sites = await call(key, "GET", "/api/sites");
    expect(sites.body.map((s: { id: string }) => s.id)).toEqual([siteId]);
  });

  it("cannot raise their own role, nor hand themselves ownership", async () => {
    const { owner, member } = await ownerAndMember();
    const raise = await call(member, "PATCH /api/team/members/{userId}", {
      params: { userId: member.user.id },
      body: { role: "owner" },
    });
    expect([raise.status, raise.error?.code]).toEqual([403, "owner_required"]);
    const take = await call(member, "POST /api/team/transfer-ownership", {
      body: { userId: member.user.id },
    });
    expect([take.status, take.error?.code]).toEqual([403, "owner_required"]);
    const team = await call(owner, "GET /api/team");
    expect(team.body.members.find((m) => m.userId === member.user.id)?.role).toBe("member");
  });

  it("refuses a token that names an account its person does not belong to", async () => {
    const { owner } = await ownerAndMember();
    const outsider = await signUpCustomer();
    const forged = await resign(outsider.token, {
      v: 2,
      o: { id: "org_forged", rol: "admin" },
      account_id: owner.user.id,
    });
    const answer = await call({ ...outsider, token: forged }, "GET /api/sites");
    expect([answer.status, answer.error?.code]).toEqual([403, "not_a_member"]);
  });
});

describe("tenancy: another account's member, owner and API key probing this one's data", () => {
  it("finds none of it on any customer route, by any of the account's ids", async () => {
    const victim = await ownerAndMember("member", "Victim's Bakery");
    const ticket = await call(victim.owner, "POST /api/tickets", {
      body: { title: "Secret recipe", description: "Only for our team, nobody else." },
    });
    const file = await uploadsAt(call).upload(victim.member, PNG, {
      fileName: "victims-recipe.png",
    });
    const invitee = uniqueEmail("victim-invitee");
    const { invitation } = await invite(victim.owner, invitee);
    const secrets = [
      victim.siteId,
      ticket.body.id,
      file.id,
      invitation.id,
      victim.owner.user.email,
      victim.member.user.email,
      invitee,
      "Victim's Bakery",
      "Secret recipe",
      "victims-recipe.png",
    ];
    // Intruders: a member of another, paying account, its owner, and its API key.
    const other = await ownerAndMember();
    const key = await call(other.owner, "POST /api/developer/keys", {
      body: { name: "probe", permission: "write" },
    });
    expect(key.status, key.text).toBe(201);
    const intruders = [
      other.member,
      { authorization: `Bearer ${key.body.key}` },
      other.owner,
    ] as const;
    // Last: what takes an intruder out of their account or deletes it.
    const last = ["POST /api/team/leave", "DELETE /api/account"];
    const customerRoutes = Object.entries(routes as Record<string, RouteRecord>)
      .filter(
        ([routeKey, record]) =>
          record.entitlement !== "staff" &&
          record.entitlement !== "public" &&
          !routeKey.includes("{token}"),
      )
      .sort(([a], [b]) => Number(last.includes(a)) - Number(last.includes(b)));
    let leaks = 0;
    let calls = 0;
    for (const intruder of intruders) {
      for (const [routeKey] of customerRoutes) {
        for (const id of [victim.siteId, ticket.body.id, file.id, invitation.id]) {
          for (const userId of [victim.owner.user.id, victim.member.user.id]) {
            if (userId !== victim.owner.user.id && !routeKey.includes("{userId}")) continue;
            const { method, path, body } = requestFor(routeKey, { siteId: id, userId });
            const answer = await call(intruder, method, path, body);
            calls += 1;
            const found = secrets.filter((secret) => answer.text.includes(secret));
            if (found.length) {
              leaks += 1;
              expect.soft([routeKey, found]).toEqual([routeKey, []]);
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(customerRoutes.length * 3 * 4);
    expect(leaks).toBe(0);
    // And the victim's account is as it was: its site, its member, its pending invitation.
    expect((await call(victim.owner, "GET /api/sites")).body.map((s) => s.name)).toEqual([
      "Victim's Bakery",
    ]);
    const team = await call(victim.owner, "GET /api/team");
    expect(team.body.members.map((m) => [m.userId, m.role])).toEqual([
      [victim.owner.user.id, "owner"],
      [victim.member.user.id, "member"],
    ]);
    expect(team.body.invitations.find((i) => i.id === invitation.id)?.status).toBe("pending");
    expect((await call(victim.member, "GET /api/content/files")).text).toContain(file.id);
  });
});
