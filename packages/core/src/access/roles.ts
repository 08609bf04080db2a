/**
 * The roles of the people of one customer account (docs/team.md, docs/access.md "Roles"),
 * stated once beside the entitlements: an entitlement says what the ACCOUNT must have (a plan,
 * a questionnaire), a role what the PERSON acting in it must be. Each route record names the
 * role it needs (packages/functions/src/routes.ts, `role`); the handler wrapper refuses a
 * caller whose role does not cover it before any handler code runs.
 */
import { DomainError } from "../errors";

/**
 * The session claim `role` of a member of the provider's team (docs/access.md): not a role in
 * any account, but the identity provider's word that the person is staff (actor.ts, isStaff).
 */
export const STAFF_ROLE = "staff";

export const ROLES = [
  /**
   * Everything: billing and plan changes, API keys and webhooks, the team (invitations, roles,
   * removing members), the account's data export and its deletion, deleting a site. An
   * account always has at least one.
   */
  "owner",
  /**
   * The work on the sites: sites and their settings, content, review and approval, tickets,
   * analytics, care reports, the SEO and Lighthouse tools. No billing, keys, team or deletion.
   */
  "member",
] as const;
export type Role = (typeof ROLES)[number];

/** What a route record says when it names no role: any member of the account. */
export const DEFAULT_ROLE: Role = "member";

/** Whether a person with `role` may use a route that needs `need`: an owner may do everything. */
export function roleCovers(role: Role, need: Role): boolean {
  return role === "owner" || need === "member";
}

/**
 * The role an API key acts with: a member's. A key belongs to the account (an owner made it),
 * yet it is a credential in someone's script, not a person: it never reaches what only an
 * owner may do (money, credentials, the team, deletion). Every owner-only route also says
 * `keys: "none"` (routes.test.ts holds them to it), so a key meets that refusal first; this is
 * the rule should the two ever part.
 */
export const API_KEY_ROLE: Role = "member";

/** Signed in, in the right account, but the person's role does not cover the route. */
export class RoleRequiredError extends DomainError {
  readonly status = 403;
  readonly code = "owner_required";
  constructor(readonly role: Role) {
    super(`Only an account owner can do this (role needed: ${role}). Ask an owner of the account.`);
  }
}

/** Throws the 403 naming the role needed when `role` does not cover `need`. */
export function requireRole(role: Role, need: Role): void {
  if (!roleCovers(role, need)) throw new RoleRequiredError(need);
}

/** Clerk's role keys of an organization's membership (its default roles) and ours. */
export const CLERK_ROLE: Record<Role, string> = { owner: "org:admin", member: "org:member" };

/** Our role for a Clerk role key, with or without its "org:" prefix; unknown keys are members. */
export function roleFromClerk(key: string | undefined): Role {
  return key === "org:admin" || key === "admin" ? "owner" : "member";
}
