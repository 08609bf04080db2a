/**
 * A customer's team through the local stack (docs/team.md): an owner invites by mail, the
 * invitee accepts from the mail's link, and the session is switched to the owner's account the
 * way the SPA does it. For suites where a member acts in someone else's account.
 */
import { expect } from "vitest";
import { apiAt } from "./api";
import { cookieHeader, type SignedIn, signUp, uniqueEmail } from "./dev-identity";
import { inbox } from "./mail";
import { url } from "./payments";

const call = apiAt(url);

/** The token of the latest invitation mail to `email`, from its link into the SPA. */
export async function invitationLink(email: string): Promise<string> {
  const mails = (await inbox()).filter((mail) => mail.envelope.to.includes(email));
  const latest = mails.at(-1);
  if (!latest) throw new Error(`no invitation mail to ${email}`);
  expect(latest.subject).toContain("invited you to");
  const token = /\/invitations\/([A-Za-z0-9_.%-]+)/.exec(latest.text)?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}`);
  return decodeURIComponent(token);
}

export async function invite(owner: SignedIn, email: string, role: "owner" | "member" = "member") {
  const answer = await call(owner, "POST /api/team/invitations", { body: { email, role } });
  expect(answer.status, answer.text).toBe(201);
  return { invitation: answer.body, token: await invitationLink(email) };
}

/**
 * Makes the account the session's (as the SPA does: the switch route, then the identity
 * provider's setActive) and answers the person with the session's fresh token.
 */
export async function switchTo(who: SignedIn, accountId: string): Promise<SignedIn> {
  const choice = await call(who, "POST /api/team/accounts/switch", { body: { accountId } });
  expect(choice.status, choice.text).toBe(200);
  const answer = await fetch(`${url}/dev-identity/active-organization`, {
    method: "POST",
    headers: { cookie: who.cookie, "content-type": "application/json" },
    body: JSON.stringify({ organizationId: choice.body.organizationId }),
  });
  expect(answer.status).toBe(200);
  const { jwt } = (await answer.json()) as { jwt: string };
  const fresh = cookieHeader(answer);
  return { ...who, token: jwt, cookie: who.cookie.replace(/__session=[^;]+/, fresh) };
}

/**
 * A new person invited to `owner`'s account as `role`, signed up with the invited address,
 * accepted, and acting in that account; `token` is the invitation link's.
 */
export async function joinAs(
  owner: SignedIn,
  role: "owner" | "member" = "member",
  person: { firstName?: string; lastName?: string } = { firstName: "Max", lastName: "Member" },
) {
  const email = uniqueEmail("member");
  const { token } = await invite(owner, email, role);
  const joined = await signUp({ email, ...person });
  const accepted = await call(joined, "POST /api/invitations/{token}/accept", {
    params: { token },
  });
  expect(accepted.status, accepted.text).toBe(200);
  expect(accepted.body).toMatchObject({ accountId: owner.user.id, role });
  return { member: await switchTo(joined, owner.user.id), token };
}
