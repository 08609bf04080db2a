/**
 * Invitations to an account as stored (docs/team.md "Invitations"): by e-mail, with a role,
 * single use, bound to that address, valid 7 days, revocable. The link carries the account, the
 * invitation and a secret; only the secret's SHA-256 is stored, and a resend replaces it, so
 * only the latest mail's link works. Reading, revoking and looking up need the table alone;
 * sending (invite.ts) and accepting (accept.ts) more.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { CustomerActor } from "../access/actor";
import type { InvitationLookup, InvitationStatus, TeamInvitation } from "../contracts/team";
import { db, type InvitationItem, isConditionFailure, isId } from "../db/service";
import { type Quota, release } from "../developer/quota";
import { ConflictError, DomainError, NotFoundError } from "../errors";
import { teamEventItem } from "../staff/audit-log";
import { accountName, accountRecord } from "./people";

/** How long a link works after it was (last) sent. */
export const INVITATION_DAYS = 7;
export const DAY_MS = 86_400_000;
/** Pending invitations an account may have at once. */
export const MAX_PENDING_INVITATIONS = 25;
/** Invitation mails (new and resent) an account may send per clock hour. */
export const INVITATION_MAILS_PER_HOUR = 20;
/** How long the team page keeps showing invitations that are no longer pending. */
const SHOWN_AFTER_DAYS = 30;

/** An invitation link that cannot be used, in the docs' words (docs/team.md). */
export class InvitationUnusableError extends DomainError {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const INVITATION_MESSAGES = {
  pending: "You are invited to join this account.",
  accepted: "This invitation has already been used. Sign in to reach the account.",
  revoked: "This invitation was withdrawn by the account's owner. Ask them for a new one.",
  expired:
    "This invitation has expired: invitations are valid for 7 days. Ask the account's owner to send it again.",
  invalid:
    "This invitation link is not valid. If the owner sent it again, use the link in the latest mail.",
} as const;

export const unusable = {
  accepted: () => new InvitationUnusableError(410, "invitation_used", INVITATION_MESSAGES.accepted),
  revoked: () =>
    new InvitationUnusableError(410, "invitation_revoked", INVITATION_MESSAGES.revoked),
  expired: () =>
    new InvitationUnusableError(410, "invitation_expired", INVITATION_MESSAGES.expired),
  invalid: () =>
    new InvitationUnusableError(404, "invitation_invalid", INVITATION_MESSAGES.invalid),
};

export function statusOf(item: InvitationItem, now = new Date()): InvitationStatus {
  if (item.status === "pending" && Date.parse(item.expiresAt) <= now.getTime()) return "expired";
  return item.status;
}

export function toTeamInvitation(item: InvitationItem, now = new Date()): TeamInvitation {
  return {
    id: item.invitationId,
    email: item.email,
    role: item.role,
    status: statusOf(item, now),
    invitedBy: item.invitedBy,
    invitedByName: item.invitedByName ?? null,
    createdAt: item.createdAt,
    expiresAt: item.expiresAt,
    sentAt: item.sentAt,
    sentCount: item.sentCount,
  };
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The link's token: where the invitation is, and its secret, as one base64url word. No dot: the
 * SPA's address must not look like a file's, or the static hosting (CloudFront's function, the
 * local stack) answers 404 instead of the app (docs/pages.md, "Pre-rendered public pages").
 */
export function invitationToken(accountId: string, invitationId: string, secret: string): string {
  return Buffer.from(`${accountId}:${invitationId}:${secret}`).toString("base64url");
}

function parseToken(token: string) {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const [accountId = "", invitationId = "", secret = "", ...rest] = Buffer.from(token, "base64url")
    .toString("utf8")
    .split(":");
  if (rest.length || !secret) return undefined;
  return accountId && isId(invitationId) ? { accountId, invitationId, secret } : undefined;
}

/** The invitation a token names, when its secret is the current one; undefined otherwise. */
export async function fromToken(token: string): Promise<InvitationItem | undefined> {
  const parsed = parseToken(token);
  if (!parsed) return undefined;
  const { data } = await db.entities.invitation
    .get({ userId: parsed.accountId, invitationId: parsed.invitationId })
    .go({ consistent: true });
  if (!data) return undefined;
  const presented = Buffer.from(sha256(parsed.secret), "hex");
  const stored = Buffer.from(data.secretHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored)
    ? data
    : undefined;
}

/** Every invitation the account has, read strongly consistent. */
async function invitationsOf(accountId: string): Promise<InvitationItem[]> {
  const { data } = await db.entities.invitation.query
    .byAccount({ userId: accountId })
    .go({ pages: "all", consistent: true });
  return data;
}

/** The account's invitations: pending first, then those of the last 30 days, newest first. */
export async function listInvitations(
  accountId: string,
  now = new Date(),
): Promise<TeamInvitation[]> {
  const data = await invitationsOf(accountId);
  const shownSince = now.getTime() - SHOWN_AFTER_DAYS * DAY_MS;
  return data
    .map((item) => toTeamInvitation(item, now))
    .filter(
      (invitation) =>
        invitation.status === "pending" || Date.parse(invitation.sentAt) >= shownSince,
    )
    .sort((a, b) =>
      a.status === "pending" && b.status !== "pending"
        ? -1
        : b.status === "pending" && a.status !== "pending"
          ? 1
          : b.createdAt.localeCompare(a.createdAt),
    );
}

export async function ownInvitation(
  accountId: string,
  invitationId: string,
): Promise<InvitationItem> {
  if (!isId(invitationId)) throw new NotFoundError("Invitation not found");
  const { data } = await db.entities.invitation
    .get({ userId: accountId, invitationId })
    .go({ consistent: true });
  if (!data) throw new NotFoundError("Invitation not found");
  return data;
}

/** The account's invitations that are pending now. */
export async function pendingOf(accountId: string, now = new Date()): Promise<InvitationItem[]> {
  const data = await invitationsOf(accountId);
  return data.filter((item) => statusOf(item, now) === "pending");
}

/**
 * Gives back the place under the cap that `item` holds, once: the mark on the invitation is
 * written only where none is, so of two requests settling one invitation (a revoke and an
 * invite finding it expired) one gives the place back. `expiredBy` gives it back only if the
 * invitation is still pending and expired then. True when this call gave it back.
 */
async function givePlaceBack(item: InvitationItem, expiredBy?: Date): Promise<boolean> {
  const at = (expiredBy ?? new Date()).toISOString();
  try {
    await db.entities.invitation
      .patch({ userId: item.userId, invitationId: item.invitationId })
      .set({ placeGivenBackAt: at })
      .where((attr, op) =>
        expiredBy
          ? `${op.notExists(attr.placeGivenBackAt)} AND ${op.eq(attr.status, "pending")} AND ${op.lte(attr.expiresAt, at)}`
          : op.notExists(attr.placeGivenBackAt),
      )
      .go({ response: "none" });
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await release(item.userId, INVITATION_QUOTA.counted);
  return true;
}

/** The places of the account's expired invitations that still hold one, given back. */
async function releaseExpired(accountId: string, now: Date): Promise<void> {
  const data = await invitationsOf(accountId);
  const lapsed = data.filter(
    (item) => statusOf(item, now) === "expired" && item.placeGivenBackAt === undefined,
  );
  await Promise.all(lapsed.map((item) => givePlaceBack(item, now)));
}

/**
 * The cap on pending invitations, held by a conditional counter (developer/quota.ts) so that
 * invites sent at once cannot overshoot it. A new invitation, or an expired one sent again
 * after it gave its place back, reserves a place; it holds it until it is accepted or revoked,
 * or until an invite the cap would refuse finds it expired: each gives it back once
 * (`placeGivenBackAt`), and the refused invite tries once more (docs/team.md, "Invitations").
 */
export const INVITATION_QUOTA: Quota = {
  counted: "pendingInvitations",
  max: MAX_PENDING_INVITATIONS,
  countItems: async (accountId) =>
    (await invitationsOf(accountId)).filter(
      (item) => item.status === "pending" && !item.placeGivenBackAt,
    ).length,
  // A getter: a template literal in the object would make the bundler keep the whole object
  // (and the writes releaseLapsed reaches) in every read route that imports this module.
  get fullMessage() {
    return `At most ${MAX_PENDING_INVITATIONS} invitations can wait at once: revoke some first.`;
  },
  releaseLapsed: releaseExpired,
};

/**
 * An invitation that stopped waiting (accepted or revoked): its place under the cap given back
 * unless it was already, and its address free for another invitation unless one took it over.
 */
export async function invitationSettled(item: InvitationItem): Promise<void> {
  await givePlaceBack(item);
  try {
    await db.entities.invitationAddress
      .delete({ userId: item.userId, email: item.email })
      .where((attr, op) => op.eq(attr.invitationId, item.invitationId))
      .go({ response: "none" });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** DELETE /api/team/invitations/{id}: its link stops working at once. Revoking twice is fine. */
export async function revoke(
  actor: CustomerActor,
  invitationId: string,
  now = new Date(),
): Promise<TeamInvitation> {
  const item = await ownInvitation(actor.accountId, invitationId);
  if (item.status === "revoked") return toTeamInvitation(item, now);
  if (item.status === "accepted") {
    throw new ConflictError("This invitation was accepted already: remove the member instead.");
  }
  const revokedAt = now.toISOString();
  const { canceled } = await db.transaction
    .write(({ invitation, staffAction }) => [
      invitation
        .patch({ userId: actor.accountId, invitationId })
        .set({ status: "revoked", revokedAt })
        .where((attr, op) => op.eq(attr.status, "pending"))
        .commit(),
      // Who revoked it, in the console's audit log (docs/team.md).
      staffAction
        .create(
          teamEventItem(
            { personId: actor.userId },
            {
              action: "invitation.revoke",
              targetType: "invitation",
              targetId: invitationId,
              customerId: actor.accountId,
              before: { email: item.email, status: "pending" },
              after: { status: "revoked" },
            },
          ),
        )
        .commit(),
    ])
    .go();
  if (canceled) return toTeamInvitation(await ownInvitation(actor.accountId, invitationId), now);
  // An expired one may still hold its place: givePlaceBack decides, once.
  await invitationSettled(item);
  return toTeamInvitation({ ...item, status: "revoked", revokedAt }, now);
}

/** GET /api/invitations/{token}: what the acceptance page shows, signed in or not. */
export async function lookup(token: string, now = new Date()): Promise<InvitationLookup> {
  const item = await fromToken(token);
  if (!item) {
    return {
      status: "invalid",
      accountName: null,
      invitedByName: null,
      role: null,
      email: null,
      expiresAt: null,
      message: INVITATION_MESSAGES.invalid,
    };
  }
  const status = statusOf(item, now);
  return {
    status,
    accountName: accountName(await accountRecord(item.userId)),
    invitedByName: item.invitedByName ?? null,
    role: item.role,
    email: item.email,
    expiresAt: item.expiresAt,
    message: INVITATION_MESSAGES[status],
  };
}
