/**
 * Sending invitations (docs/team.md "Invitations"): a new one, or the same one again with a new
 * link. Each sends the invitation mail; an account sends at most INVITATION_MAILS_PER_HOUR. Each
 * writes its audit entry naming the owner in the same transaction (docs/team.md).
 */
import { randomBytes } from "node:crypto";
import type { CustomerActor } from "../access/actor";
import type { InvitationCreate, TeamInvitation } from "../contracts/team";
import { invitationCreateSchema } from "../contracts/team";
import { takeHourly } from "../db/customer-share";
import { normalizeEmail } from "../db/entities/email-claim";
import { newId } from "../db/ids";
import { db, type InvitationItem } from "../db/service";
import { createWithin } from "../developer/quota";
import { ConflictError, RateLimitError, UnprocessableError } from "../errors";
import { teamEventItem } from "../staff/audit-log";
import { sendInvitationMail } from "./invitation-mail";
import {
  DAY_MS,
  INVITATION_DAYS,
  INVITATION_MAILS_PER_HOUR,
  INVITATION_QUOTA,
  invitationToken,
  MAX_PENDING_INVITATIONS,
  ownInvitation,
  pendingOf,
  sha256,
  statusOf,
  toTeamInvitation,
} from "./invitation-records";
import { accountName, accountRecord, currentMembers, materializeFounder } from "./people";

async function takeMailAllowance(accountId: string, now: Date) {
  const minutes = await takeHourly("invitationMails", accountId, INVITATION_MAILS_PER_HOUR, now);
  if (minutes !== undefined) {
    throw new RateLimitError(
      `At most ${INVITATION_MAILS_PER_HOUR} invitation mails an hour: try again in ${minutes} minutes.`,
    );
  }
}

async function mail(actor: CustomerActor, item: InvitationItem, secret: string) {
  const account = await accountRecord(actor.accountId);
  await sendInvitationMail({
    to: item.email,
    invitationId: item.invitationId,
    token: invitationToken(actor.accountId, item.invitationId, secret),
    accountName: accountName(account),
    invitedByName: item.invitedByName ?? null,
    role: item.role,
    expiresAt: item.expiresAt,
  });
}

/** The inviter's name as the mail and the page show it: theirs, else their address. */
async function inviterName(actor: CustomerActor): Promise<string | undefined> {
  const members = await currentMembers(actor.accountId);
  const me = members.find((item) => item.memberId === actor.userId);
  return me?.name ?? me?.email;
}

/** The answer to an invite to an address that has a pending invitation already. */
const invitedAlready = (email: string) =>
  new ConflictError(`${email} is invited already: send that invitation again instead.`);

const changedMeanwhile = () =>
  new ConflictError("The invitation changed meanwhile, or the address has another: reload.");

/** The invitation transaction's entity for the address item, as its callback gets it. */
type TransactionAddress = Parameters<
  Parameters<typeof db.transaction.write>[0]
>[0]["invitationAddress"];

/**
 * The address's item, written for `held.invitationId` if no other invitation holds the address
 * now (none does, it is this one's, or the holder's has expired); else the transaction cancels.
 */
function addressHeld(
  invitationAddress: TransactionAddress,
  held: { userId: string; email: string; invitationId: string; expiresAt: string },
  now: Date,
) {
  return invitationAddress
    .put(held)
    .where(
      (attr, op) =>
        `${op.notExists(attr.invitationId)} OR ${op.eq(attr.invitationId, held.invitationId)} OR ${op.lt(attr.expiresAt, now.toISOString())}`,
    )
    .commit();
}

/** POST /api/team/invitations */
export async function create(
  actor: CustomerActor,
  input: InvitationCreate,
  now = new Date(),
): Promise<TeamInvitation> {
  const { email: raw, role } = invitationCreateSchema.parse(input);
  const email = normalizeEmail(raw);
  const [members, pending] = await Promise.all([
    currentMembers(actor.accountId),
    pendingOf(actor.accountId, now),
  ]);
  if (members.some((member) => normalizeEmail(member.email) === email)) {
    throw new ConflictError(`${email} is already a member of this account.`);
  }
  if (pending.some((item) => item.email === email)) throw invitedAlready(email);
  if (pending.length >= MAX_PENDING_INVITATIONS) {
    throw new UnprocessableError(INVITATION_QUOTA.fullMessage);
  }
  await takeMailAllowance(actor.accountId, now);
  // The first owner gets an item of their own now, so the team shows them beside the invitee.
  await materializeFounder(actor.accountId);
  const secret = randomBytes(32).toString("base64url");
  const invitedByName = await inviterName(actor);
  const invitationId = newId();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
  // The checks above answer the usual case; under a race the cap's counter and the address's
  // item decide (docs/team.md, "Invitations").
  const { canceled } = await createWithin(actor.accountId, INVITATION_QUOTA, async () => {
    const written = await db.transaction
      .write(({ invitation, invitationAddress, staffAction }) => [
        addressHeld(
          invitationAddress,
          { userId: actor.accountId, email, invitationId, expiresAt },
          now,
        ),
        invitation
          .create({
            userId: actor.accountId,
            invitationId,
            email,
            role,
            secretHash: sha256(secret),
            invitedBy: actor.userId,
            ...(invitedByName ? { invitedByName } : {}),
            expiresAt,
            sentAt: now.toISOString(),
          })
          .commit(),
        staffAction
          .create(
            teamEventItem(
              { personId: actor.userId },
              {
                action: "invitation.create",
                targetType: "invitation",
                targetId: invitationId,
                customerId: actor.accountId,
                before: null,
                after: { email, role, expiresAt },
              },
            ),
          )
          .commit(),
      ])
      .go();
    // A canceled write holds no place: createWithin gives it back.
    if (written.canceled) throw invitedAlready(email);
    return written;
  });
  if (canceled) throw invitedAlready(email);
  const item = await ownInvitation(actor.accountId, invitationId);
  await mail(actor, item, secret);
  return toTeamInvitation(item, now);
}

/**
 * POST /api/team/invitations/{id}/resend: a new mail with a new link, valid 7 days from now;
 * the earlier link stops working. An expired invitation may be sent again; a used or revoked
 * one not.
 */
export async function resend(
  actor: CustomerActor,
  invitationId: string,
  now = new Date(),
): Promise<TeamInvitation> {
  const item = await ownInvitation(actor.accountId, invitationId);
  if (item.status === "accepted") throw new ConflictError("This invitation was accepted already.");
  if (item.status === "revoked") {
    throw new ConflictError("This invitation was revoked: invite the address again instead.");
  }
  const expired = statusOf(item, now) === "expired";
  if (expired && (await pendingOf(actor.accountId, now)).length >= MAX_PENDING_INVITATIONS) {
    throw new UnprocessableError(INVITATION_QUOTA.fullMessage);
  }
  await takeMailAllowance(actor.accountId, now);
  const secret = randomBytes(32).toString("base64url");
  const changes = {
    secretHash: sha256(secret),
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
    sentAt: now.toISOString(),
    sentCount: item.sentCount + 1,
  };
  const write = () =>
    db.transaction
      .write(({ invitation, invitationAddress, staffAction }) => [
        addressHeld(
          invitationAddress,
          {
            userId: actor.accountId,
            email: item.email,
            invitationId,
            expiresAt: changes.expiresAt,
          },
          now,
        ),
        // Its place as read: one it gave back is taken again (so the mark goes), and one it
        // holds must not have been given back meanwhile (docs/team.md, "Invitations").
        (item.placeGivenBackAt
          ? invitation
              .patch({ userId: actor.accountId, invitationId })
              .set(changes)
              .remove(["placeGivenBackAt"])
          : invitation.patch({ userId: actor.accountId, invitationId }).set(changes)
        )
          .where(
            (attr, op) =>
              `${op.eq(attr.status, "pending")} AND ${op.eq(attr.sentCount, item.sentCount)} AND ${
                item.placeGivenBackAt
                  ? op.exists(attr.placeGivenBackAt)
                  : op.notExists(attr.placeGivenBackAt)
              }`,
          )
          .commit(),
        staffAction
          .create(
            teamEventItem(
              { personId: actor.userId },
              {
                action: "invitation.resend",
                targetType: "invitation",
                targetId: invitationId,
                customerId: actor.accountId,
                before: { email: item.email, expiresAt: item.expiresAt },
                after: { email: item.email, expiresAt: changes.expiresAt },
              },
            ),
          )
          .commit(),
      ])
      .go();
  // One whose place was given back waits once more: it takes a place like a new one.
  const { canceled } = item.placeGivenBackAt
    ? await createWithin(actor.accountId, INVITATION_QUOTA, async () => {
        const written = await write();
        if (written.canceled) throw changedMeanwhile();
        return written;
      })
    : await write();
  if (canceled) throw changedMeanwhile();
  const sent = { ...item, ...changes };
  await mail(actor, sent, secret);
  return toTeamInvitation(sent, now);
}
