/**
 * The customer's team (docs/team.md): the people of one account, their roles, invitations,
 * and the accounts one person belongs to. The routes' contracts: contracts/api-areas/team.ts.
 */
import { ROLES } from "../access/roles";
import * as z from "./zod";

export const roleSchema = z.enum(ROLES);
export type TeamRole = z.infer<typeof roleSchema>;

/** One person of the account, as Settings → Team lists them. */
export const teamMemberSchema = z.object({
  /** The person's user id. */
  userId: z.string(),
  email: z.string(),
  /** Their name as their sign-in gives it; null when it gives none. */
  name: z.nullable(z.string()),
  role: roleSchema,
  /** ISO: when they joined (the account's first owner: when the account was made). */
  joinedAt: z.string(),
  /** ISO: the last time they opened the portal in this account; null if not seen since joining. */
  lastActiveAt: z.nullable(z.string()),
  /** The caller themself. */
  isYou: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** "expired" is a pending invitation past its 7 days; it is never stored as such. */
export const invitationStatusSchema = z.enum(["pending", "accepted", "revoked", "expired"]);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** An invitation as the account's owners see it (never its link). */
export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  status: invitationStatusSchema,
  /** The owner who sent it, and their name then. */
  invitedBy: z.string(),
  invitedByName: z.nullable(z.string()),
  createdAt: z.string(),
  /** ISO: 7 days after it was (last) sent. */
  expiresAt: z.string(),
  /** ISO: when the last mail for it went out; how many went out. */
  sentAt: z.string(),
  sentCount: z.number(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** GET /api/team: the session's account, its people and its invitations (newest first). */
export const teamSchema = z.object({
  accountId: z.string(),
  /** The caller's own role in it. */
  role: roleSchema,
  members: z.array(teamMemberSchema),
  /** Pending ones first; accepted, revoked and expired ones of the last 30 days after. */
  invitations: z.array(teamInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

const email = z.email("Enter a valid email address").check(z.maxLength(254));

/** POST /api/team/invitations */
export const invitationCreateSchema = z.strictObject({
  email,
  role: z._default(roleSchema, "member"),
});
export type InvitationCreate = z.input<typeof invitationCreateSchema>;

/** PATCH /api/team/members/{userId}: an owner changes another person's role. */
export const memberRoleUpdateSchema = z.strictObject({ role: roleSchema });

/** POST /api/team/transfer-ownership: the caller (an owner) makes `userId` an owner and steps down to member. */
export const ownershipTransferSchema = z.strictObject({ userId: z.string().check(z.minLength(1)) });

/** Path parameters of a member's routes. */
export const memberParams = z.object({ userId: z.string() });

/** One account the caller belongs to, as the account switcher lists it. */
export const accountSummarySchema = z.object({
  accountId: z.string(),
  /** The account's name: its first owner's name or address (docs/team.md). */
  name: z.string(),
  role: roleSchema,
  /** The session's chosen account. */
  current: z.boolean(),
  /**
   * The identity provider's organization of the account, for the SPA to make it the session's
   * active one (Clerk's `setActive({ organization })`); null for the person's own account
   * without a team (`setActive({ organization: null })`).
   */
  organizationId: z.nullable(z.string()),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** GET /api/team/accounts: every account the caller belongs to. */
export const myAccountsSchema = z.object({ accounts: z.array(accountSummarySchema) });
export type MyAccounts = z.infer<typeof myAccountsSchema>;

/** POST /api/team/accounts/switch */
export const accountSwitchSchema = z.strictObject({ accountId: z.string().check(z.minLength(1)) });

/**
 * What the SPA needs to make an account the session's: the organization to set active (null:
 * none, the person's own account). The session's next token names it (docs/team.md).
 */
export const accountChoiceSchema = z.object({
  accountId: z.string(),
  role: roleSchema,
  organizationId: z.nullable(z.string()),
});
export type AccountChoice = z.infer<typeof accountChoiceSchema>;

/** Path parameters of an invitation link's routes: the token from the mail's link. */
export const invitationTokenParams = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(300)),
});

/**
 * GET /api/invitations/{token}: what the acceptance page shows before anyone signs in. Only the
 * holder of the link sees it. "invalid" is a link that names no invitation (mistyped, or
 * replaced by a resend); the rest as `invitationStatusSchema`.
 */
export const invitationLookupSchema = z.object({
  status: z.enum(["pending", "accepted", "revoked", "expired", "invalid"]),
  /** Null with "invalid". */
  accountName: z.nullable(z.string()),
  invitedByName: z.nullable(z.string()),
  role: z.nullable(roleSchema),
  /** The address it is bound to: the one to sign in or sign up with. Null with "invalid". */
  email: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  /** What to tell the visitor, in the docs' words (docs/team.md "Invitations"). */
  message: z.string(),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;
