/**
 * The customer's team (docs/team.md), an owner and the colleague they invite in two browser
 * contexts: the owner invites from Settings → Team, the colleague opens the mail's link from
 * the local inbox signed out, creates an account, comes back to the invitation and joins; as a
 * member they see no billing, keys or team controls, upload a photo and approve the draft the
 * team posted; the owner then sees who did both. A used link gets its own answer.
 *
 * Its own local stack, so the worker may visit the preview this file serves on 127.0.0.1 (as
 * review.test.ts does). Screenshots of each screen at 1440 and 375 px go to E2E_SHOTS_DIR.
 */
import { createServer } from "node:http";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  drawnImage,
  type OpenPage,
  openPage,
  screenshot,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from "../support/browser";
import { postAsSpa, signUpIn } from "../support/browser-customers";
import { makeStaff } from "../support/dev-identity";
import { useOwnStack } from "../support/own-web-stack";
import { useServers } from "../support/servers";

const servers = useServers();
let previewOrigin = "";

beforeAll(async () => {
  const port = await servers.listen(
    createServer((_req, res) => {
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Corner Bakery</title></head><body><h1>Corner Bakery</h1></body></html>',
        );
    }),
  );
  previewOrigin = `http://127.0.0.1:${port}`;
});
const stack = useOwnStack(() => ({ allowOutboundHosts: ["127.0.0.1"] }));
const browser = useBrowser();

/** The page at 1440 and at 375 px, then back: both widths looked at for each screen. */
async function bothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A member of the provider's team, signed in on a page of this file's stack, and their address. */
async function openStaff(firstName: string): Promise<OpenPage & { email: string }> {
  const staff = await openPage(browser(), 1440, stack().url);
  const { email } = await signUpIn(staff.context, firstName);
  await makeStaff(email, process.env.DEV_IDENTITY_ADMIN_TOKEN ?? "", stack().url);
  const signIn = await staff.context.request.post("/dev-identity/sign-in", {
    data: { email, password: "correct horse battery" },
  });
  expect(signIn.status()).toBe(200);
  return { ...staff, email };
}

describe("an owner invites a colleague, who joins, uploads and approves", () => {
  let owner: OpenPage;
  let member: OpenPage;
  let ownerId = "";
  let siteId = "";
  const memberEmail = uniqueEmail("mia");
  let invitationPath = "";

  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail") return;
    if (owner) await screenshot(owner.page, `team-failed-owner-${task.name.slice(0, 20)}`);
    if (member) await screenshot(member.page, `team-failed-member-${task.name.slice(0, 20)}`);
  });

  it("an owner whose site has a draft waiting for approval", async () => {
    owner = await openPage(browser(), 1440, stack().url);
    ({ id: ownerId } = await signUpIn(owner.context, "Olivia"));
    expect((await owner.context.request.get("/api/auth/user")).status()).toBe(200);
    const { setCustomerState, addSite, READY_CUSTOMER } = await import("../support/customer-state");
    await setCustomerState(ownerId, READY_CUSTOMER);
    siteId = await addSite(ownerId, { name: "Corner Bakery", status: "requested" });
    const { postRound } = await import("@portal/core/review/staff");
    await postRound(
      { type: "staff", userId: "user_e2e_staff", email: "sam@example.com" },
      ownerId,
      siteId,
      {
        previewUrl: `${previewOrigin}/v1`,
        note: "Your first version.",
      },
    );
  });

  it("the owner invites a colleague from Settings → Team", async () => {
    const { page } = owner;
    await page.goto("/settings");
    await page.getByRole("link", { name: "Manage team" }).click();
    await waitForPath(page, "/settings/team");
    await page.getByRole("heading", { name: "Members" }).waitFor();
    const form = page.getByRole("form", { name: "Invite someone" });
    // The form says what is wrong before anything is sent.
    await form.getByLabel("E-mail address").fill("not an address");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await form.getByText("Enter a valid email address").waitFor();
    await form.getByLabel("E-mail address").fill(memberEmail);
    await form.getByLabel("Role").selectOption("member");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`We e-mailed ${memberEmail} a link to join.`).waitFor();
    const pending = page.getByRole("list", { name: "Pending invitations" });
    await pending.getByText(memberEmail).waitFor();
    // The same address twice is refused, in the server's words.
    await form.getByLabel("E-mail address").fill(memberEmail);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("The invitation was not sent").waitFor();
    await bothWidths(page, "team-owner-invited");
  });

  it("the colleague opens the mail's link signed out, creates an account and joins", async () => {
    await stack().events.idle();
    const mail = stack()
      .mail.messages()
      .find((m) => m.envelope.to.includes(memberEmail));
    expect(mail, "the invitation mail").toBeDefined();
    const link = /href="([^"]+\/invitations\/[^"]+)"/.exec(mail?.html ?? "")?.[1];
    expect(link, "the invitation link in the mail").toBeDefined();
    invitationPath = new URL(link ?? "").pathname;

    member = await openPage(browser(), 1440, stack().url);
    const { page } = member;
    await page.goto(invitationPath);
    await page.getByRole("heading", { name: "You're invited to join a team" }).waitFor();
    await page.getByText(memberEmail).waitFor();
    await bothWidths(page, "team-invitation-signed-out");
    await page.getByRole("link", { name: "Create an account" }).click();
    await waitForPath(page, "/sign-up");
    await page.getByLabel("First name").fill("Mia");
    await page.getByLabel("Last name").fill("Member");
    await page.getByLabel("Email address").fill(memberEmail);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create Account" }).click();
    // Back on the invitation, signed in with the invited address.
    await waitForPath(page, invitationPath);
    const join = page.getByRole("button", { name: "Join the team" });
    await join.waitFor();
    await bothWidths(page, "team-invitation-signed-in");
    await join.click();
    await waitForPath(page, "/dashboard");
    await page.getByText("Corner Bakery").first().waitFor();
    await bothWidths(page, "team-member-dashboard");
  });

  it("as a member, billing, keys, the account's data and the team's controls are not shown", async () => {
    const { page } = member;
    const nav = page.getByRole("navigation", { name: "Portal" });
    await nav.getByRole("link", { name: "Overview" }).waitFor();
    expect(await nav.getByRole("link", { name: "Billing" }).count()).toBe(0);
    await page.goto("/billing");
    await waitForPath(page, "/dashboard");
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();
    await page.getByRole("link", { name: "View team" }).waitFor();
    expect(await page.getByRole("heading", { name: "Developer" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Your data" }).count()).toBe(0);
    await page.getByLabel("First name").waitFor();
    await bothWidths(page, "team-member-settings");
    await page.getByRole("link", { name: "View team" }).click();
    await waitForPath(page, "/settings/team");
    const members = page.getByRole("list", { name: "Members" });
    await members.getByText("Olivia Tester").waitFor();
    await members.getByText("Mia Member (you)").waitFor();
    expect(await page.getByRole("form", { name: "Invite someone" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Remove" }).count()).toBe(0);
    await page.getByRole("button", { name: "Leave account" }).waitFor();
    await bothWidths(page, "team-member-team-page");
    // The server refuses what the SPA hides, naming the role.
    const refused = await member.context.request.get("/api/developer/keys");
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      "owner_required",
    );
  });

  it("the member switches between their own account and the one they joined", async () => {
    const { page } = member;
    // Their own account counts once it has a plan of its own.
    const me = (await (await member.context.request.get("/api/auth/user")).json()) as {
      id: string;
    };
    const { setCustomerState, READY_CUSTOMER } = await import("../support/customer-state");
    await setCustomerState(me.id, READY_CUSTOMER);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Open user menu" }).click();
    const menu = page.getByRole("menu");
    const joined = menu.getByRole("menuitemradio", { name: /Olivia Tester/ });
    await joined.waitFor();
    expect(await joined.getAttribute("aria-checked")).toBe("true");
    await bothWidths(page, "team-account-switcher");
    await menu.getByRole("menuitemradio", { name: /Mia Member/ }).click();
    await page.getByText("You're working in Mia Member").waitFor();
    await waitForPath(page, "/dashboard");
    await page.getByText("Corner Bakery").waitFor({ state: "detached" });

    // An account without a plan opens on /sales, which offers the way back.
    const { db } = await import("@portal/core/db/service");
    await db.entities.user
      .patch({ userId: me.id })
      .set({ subscriptionActive: false })
      .remove(["subscriptionPlan"])
      .go();
    await page.goto("/dashboard");
    await waitForPath(page, "/sales");
    const back = page.getByRole("button", { name: "Switch to Olivia Tester" });
    await back.waitFor();
    await bothWidths(page, "team-sales-other-accounts");
    await back.click();
    await waitForPath(page, "/dashboard");
    await page.getByText("Corner Bakery").first().waitFor();
  });

  it("the member uploads a photo and approves the draft", async () => {
    const { page } = member;
    await page.goto(`/site-settings?site=${siteId}`);
    const section = page.locator("#content");
    await section.getByRole("heading", { name: "Content" }).waitFor();
    const photo = await drawnImage(page, "image/jpeg", "#2F855A");
    await section
      .locator('input[type="file"]')
      .setInputFiles({ name: "shop-front.jpg", mimeType: "image/jpeg", buffer: photo });
    await section.getByText("shop-front.jpg — Uploaded").waitFor();

    await page.goto(`/sites/${siteId}/review`);
    const current = page.getByRole("article", { name: "Version 1" });
    await current.getByRole("button", { name: "Approve" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Approve version 1" }).click();
    await confirm.waitFor({ state: "detached" });
    await current.getByText("Approved", { exact: true }).waitFor();
  });

  it("the owner sees who uploaded the photo and who approved", async () => {
    const { page } = owner;
    const ticket = (await postAsSpa(member.context, stack().url, "/api/tickets", {
      title: "Photos for the home page",
      description: "I uploaded the shop front; please use it on the home page.",
      category: "website_request",
      priority: "medium",
    })) as { id: string };
    await page.goto(`/sites/${siteId}/review`);
    const current = page.getByRole("article", { name: "Version 1" });
    await current.getByText(/Approved by Mia Member/).waitFor();
    await bothWidths(page, "team-owner-review-named");
    await page.goto(`/site-settings?site=${siteId}`);
    const section = page.locator("#content");
    await section.getByText(/Mia Member/).waitFor();
    await bothWidths(page, "team-owner-content-named");
    await page.goto("/dashboard");
    await page
      .getByRole("list", { name: "Recent activity" })
      .getByText(/Mia Member/)
      .first()
      .waitFor();
    await page.goto(`/support/${ticket.id}`);
    const thread = page.getByRole("list", { name: "Conversation" });
    await thread.getByText("Mia Member").first().waitFor();
    await bothWidths(page, "team-owner-ticket-named");
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Developer" }).waitFor();
    await page.getByLabel("First name").waitFor();
    await bothWidths(page, "team-owner-settings");
    await page.goto("/settings/team");
    const members = page.getByRole("list", { name: "Members" });
    await members.getByText("Mia Member").waitFor();
    await members
      .getByText(/Last active/)
      .first()
      .waitFor();
    await bothWidths(page, "team-owner-team-page");
  });

  it("the provider's console lists the account's team", async () => {
    const staff = await openStaff("Sam");
    await staff.page.goto(`/staff/customers/${ownerId}`);
    const team = staff.page.getByRole("list", { name: "Members" });
    await team.getByText("Olivia Tester").waitFor();
    await team.getByText("Mia Member").waitFor();
    await staff.page.getByText("Pending invitations (0)").waitFor();
    await staff.page
      .getByRole("list", { name: "Activity" })
      .getByText("· Mia Member")
      .first()
      .waitFor();
    await bothWidths(staff.page, "team-console-customer");
    expect(staff.problems).toEqual([]);
    await staff.context.close();
  });

  it("the owner removes the member, who is back in their own account at once", async () => {
    expect(member.problems).toEqual([]);
    // Mia's page holds a session token naming the account, made a moment ago.
    const { page } = member;
    await page.goto("/dashboard");
    await page.getByText("Corner Bakery").first().waitFor();

    await owner.page.goto("/settings/team");
    const row = owner.page.getByRole("listitem", { name: "Mia Member" });
    await row.getByRole("button", { name: "Remove" }).click();
    const confirm = owner.page.getByRole("alertdialog");
    await confirm.getByText("Remove Mia Member?").waitFor();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await owner.page.getByText("Mia Member was removed").waitFor();
    await owner.page.getByText("Only you so far.").waitFor();

    // Her next request (a page she has not read yet) is refused whatever that token says; the
    // SPA takes her to her own account, and says why.
    await page
      .getByRole("navigation", { name: "Portal" })
      .getByRole("link", { name: "SEO Checker" })
      .click();
    await page.getByText("You are no longer on that account").waitFor();
    await waitForPath(page, "/sales");
    await bothWidths(page, "team-member-removed");
    // What the browser logged meanwhile: only the refusals of that token's requests.
    expect(member.problems.length).toBeGreaterThan(0);
    expect(member.problems.filter((p) => !p.includes("status of 403 (Forbidden)"))).toEqual([]);
    // Requests the old token had in flight may still be refused after the move: let them land.
    await page.waitForLoadState("networkidle");
    member.problems.length = 0;
  });

  it("the link used once gets its own answer", async () => {
    const { page } = member;
    await page.goto(invitationPath);
    await page.getByRole("heading", { name: "This invitation has been used" }).waitFor();
    await bothWidths(page, "team-invitation-used");
    // The one refusal the test asked for: the same address invited twice.
    expect(owner.problems.filter((p) => !p.includes("409 (Conflict)"))).toEqual([]);
    expect(member.problems).toEqual([]);
  });
  it("an invitation revoked while its page is open is answered as withdrawn", async () => {
    const ravi = await openPage(browser(), 1440, stack().url);
    const { email } = await signUpIn(ravi.context, "Ravi");
    const { page } = owner;
    await page.goto("/settings/team");
    const form = page.getByRole("form", { name: "Invite someone" });
    await form.getByLabel("E-mail address").fill(email);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`We e-mailed ${email} a link to join.`).waitFor();
    await stack().events.idle();
    const mail = stack()
      .mail.messages()
      .find((m) => m.envelope.to.includes(email));
    const link = /href="([^"]+\/invitations\/[^"]+)"/.exec(mail?.html ?? "")?.[1] ?? "";
    await ravi.page.goto(new URL(link).pathname);
    const join = ravi.page.getByRole("button", { name: "Join the team" });
    await join.waitFor();

    await page.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await page.getByText("Invitation revoked").waitFor();

    await join.click();
    await ravi.page.getByRole("heading", { name: "This invitation was withdrawn" }).waitFor();
    await bothWidths(ravi.page, "team-invitation-withdrawn");
    await ravi.context.close();
  });
});

describe("staff appoint an owner for an account left without one", () => {
  it("from the customer's page: the member's row then says Owner, and the audit log lists it", async () => {
    const origin = stack().url;
    const owner = await openPage(browser(), 1440, origin);
    const { id: accountId } = await signUpIn(owner.context, "Oscar");
    // Their record, made at the first request, as the SPA's first page makes it.
    expect((await owner.context.request.get("/api/auth/user")).status()).toBe(200);
    const { setCustomerState, READY_CUSTOMER } = await import("../support/customer-state");
    await setCustomerState(accountId, READY_CUSTOMER);
    const colleague = await openPage(browser(), 1440, origin);
    const { email } = await signUpIn(colleague.context, "Nina");
    await postAsSpa(owner.context, origin, "/api/team/invitations", { email, role: "member" });
    const mail = stack()
      .mail.messages()
      .find((m) => m.envelope.to.includes(email));
    const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail?.html ?? "")?.[1] ?? "";
    await postAsSpa(colleague.context, origin, `/api/invitations/${token}/accept`, {});
    // The owner gone as a deleted identity leaves the account (privacy/leave-accounts.ts; that
    // path itself is tests/integration/team-attribution.test.ts's).
    const { db } = await import("@portal/core/db/service");
    const since = new Date().toISOString();
    await db.entities.membership
      .patch({ userId: accountId, memberId: accountId })
      .set({ removedAt: since })
      .go();
    await db.entities.user.patch({ userId: accountId }).set({ ownerlessSince: since }).go();

    const staff = await openStaff("Sara");
    const { page } = staff;
    await page.goto(`/staff/customers/${accountId}`);
    await page.getByTestId("ownerless").waitFor();
    const row = page
      .getByRole("list", { name: "Members" })
      .getByRole("listitem")
      .filter({ hasText: "Nina Tester" });
    await row.getByText("Member", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Appoint Nina Tester owner" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Make Nina Tester the account's owner?").waitFor();
    await bothWidths(page, "team-console-appoint-owner");
    await confirm.getByRole("button", { name: "Appoint owner" }).click();
    await page.getByText("Nina Tester owns the account now.").waitFor();
    await row.getByText("Owner", { exact: true }).waitFor();
    // Flagged no longer: the alert and the action are gone.
    expect(await page.getByTestId("ownerless").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Appoint .* owner$/ }).count()).toBe(0);
    await bothWidths(page, "team-console-owner-appointed");

    await page.goto(`/staff/audit-log?customerId=${accountId}`);
    const entry = page
      .getByRole("list", { name: "Audit log" })
      .getByRole("listitem")
      .filter({ hasText: "account.appointOwner" });
    // Under the address of the staff member who appointed (the log names staff by address).
    await entry.getByRole("button", { name: staff.email }).waitFor();
    // The flag's moment as a date and time, not as stored.
    await entry.getByText("ownerlessSince").waitFor();
    expect(await entry.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    await bothWidths(page, "team-console-audit-appointed");
    expect(staff.problems).toEqual([]);
    for (const open of [owner, colleague, staff]) await open.context.close();
  });
});
