/**
 * The notifications consumer's work for one domain event: at most one mail per event and
 * recipient, whatever the queue redelivers (docs/notifications.md). The recipients are the
 * account's members the event is for, each by their own settings (recipients.ts); for each:
 *
 * 1. Claim the event for them with a conditional create (mailedEvent). A claim that exists and
 *    is `sent` or `skipped` means this recipient was handled: nothing more happens.
 * 2. Read their settings now, so the preferences in force when the mail goes out are obeyed.
 * 3. Render, send through SES, mark the claim `sent`.
 *
 * A recipient whose mail fails does not hold up the others; the event is retried afterwards,
 * and the claims of those already mailed keep them from a second mail.
 *
 * SES's throttling (TooManyRequestsException) is retried by the SDK; if sending still fails the
 * claim is released and the error thrown, so the queue retries it. A mail SES rejects for good
 * is recorded as `rejected` and not retried, and an address that bounced or complained gets no
 * more mail (docs/notifications.md, "Bounces and complaints"). A
 * claim still `sending` (another delivery is at it, or one crashed) is left alone until it is
 * older than STALE_CLAIM_MS, then taken over; at once when the queue message that made it is
 * the one back (SQS shows a message again only after its receiver's visibility timeout, so
 * that receiver is gone: a process killed mid-send, docs/notifications.md).
 */
import * as Mailer from "../adapters/mailer";
import { displayName } from "../attribution/people";
import type { DomainEvent } from "../contracts/events";
import { isConditionFailure } from "../db/errors";
import { db, type MailedEventItem, type UserItem } from "../db/service";
import { appUrl, productName, unsubscribeUrl } from "./mail-settings";
import { settingsIn } from "./preferences";
import { type MailRecipient, recipientsOf } from "./recipients";
import { renderMail } from "./render";
import { decide } from "./rules";

/** Longer than one delivery can take (the consumer's timeout), shorter than the retries. */
export const STALE_CLAIM_MS = 2 * 60_000;

export type DeliveryOutcome =
  | { outcome: "sent"; messageId: string }
  | { outcome: "skipped"; reason: string }
  | { outcome: "rejected"; reason: string }
  | { outcome: "duplicate" };

/**
 * SES refused this mail for good (MessageRejected: a virus, an address on the account's
 * suppression list…): sending it again would be refused again, so it is recorded, not retried,
 * and the queue moves on.
 */
function isRejected(error: unknown): error is Error {
  return error instanceof Error && error.name === "MessageRejected";
}

export class ClaimBusy extends Error {}

/** The queue message being handled: its id names the claim it makes. */
export interface Receipt {
  messageId: string;
}

async function claim(
  event: DomainEvent,
  claimId: string,
  now: Date,
  receipt?: Receipt,
): Promise<boolean> {
  const item = {
    eventId: claimId,
    userId: event.userId,
    type: event.type,
    state: "sending" as const,
    claimedAt: now.toISOString(),
    ...(receipt ? { claimedBy: receipt.messageId } : {}),
  };
  try {
    await db.entities.mailedEvent.create(item).go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { data: existing } = await db.entities.mailedEvent
    .get({ eventId: claimId })
    .go({ consistent: true });
  if (!existing) return claim(event, claimId, now, receipt); // released in between: try again
  if (existing.state !== "sending") return false;
  const backAgain = !!receipt && existing.claimedBy === receipt.messageId;
  if (!backAgain && now.getTime() - Date.parse(existing.claimedAt) < STALE_CLAIM_MS) {
    throw new ClaimBusy(`Event ${claimId} is being mailed by another delivery`);
  }
  try {
    // Take over a stale claim, unless someone else just did.
    await db.entities.mailedEvent
      .patch({ eventId: claimId })
      .set({ claimedAt: item.claimedAt, ...(receipt ? { claimedBy: receipt.messageId } : {}) })
      .where(
        (attr, op) =>
          `${op.eq(attr.state, "sending")} AND ${op.eq(attr.claimedAt, existing.claimedAt)}`,
      )
      .go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw new ClaimBusy(`Event ${claimId} was taken over by another delivery`);
  }
}

async function settle(
  eventId: string,
  fields: Partial<Pick<MailedEventItem, "state" | "reason" | "messageId">>,
) {
  await db.entities.mailedEvent.patch({ eventId }).set(fields).go();
}

/**
 * Mails the event to each of its recipients. Answers the first recipient's outcome (the
 * account's first owner's, when they are one), and with more than one recipient every
 * recipient's under `recipients`.
 */
export async function deliver(
  event: DomainEvent,
  now = new Date(),
  receipt?: Receipt,
): Promise<DeliveryOutcome & { recipients?: Array<DeliveryOutcome & { to: string }> }> {
  const { recipients, people } = await recipientsOf(event);
  const actor = event.actorId ? people.get(event.actorId) : undefined;
  const outcomes: Array<DeliveryOutcome & { to: string }> = [];
  let failure: unknown;
  for (const recipient of recipients) {
    try {
      const outcome = await deliverTo(event, recipient, actor, now, receipt);
      outcomes.push({ ...outcome, to: recipient.personId });
    } catch (error) {
      failure ??= error;
    }
  }
  // The queue tries the event again; the recipients mailed already have their claims.
  if (failure) throw failure;
  const [first] = outcomes;
  if (!first) throw new Error(`Event ${event.eventId} has no recipient`);
  const { to: _to, ...outcome } = first;
  return outcomes.length > 1 ? { ...outcome, recipients: outcomes } : outcome;
}

async function deliverTo(
  event: DomainEvent,
  recipient: MailRecipient,
  actor: UserItem | undefined,
  now: Date,
  receipt?: Receipt,
): Promise<DeliveryOutcome> {
  const { claimId, person: user } = recipient;
  if (!(await claim(event, claimId, now, receipt))) return { outcome: "duplicate" };
  let messageId: string;
  try {
    const decision = !user
      ? { send: false as const, reason: "no such user" }
      : user.mailSuppressedReason
        ? // SES reported a bounce or complaint for the address (docs/notifications.md).
          {
            send: false as const,
            reason: `mail to this address is off after a ${user.mailSuppressedReason}`,
          }
        : decide(event, settingsIn(event.userId, user, recipient.membership));
    if (!user || !decision.send) {
      const reason = decision.send ? "no such user" : decision.reason;
      await settle(claimId, { state: "skipped", reason });
      return { outcome: "skipped", reason };
    }
    const unsubscribe = unsubscribeUrl(event.userId, user.userId);
    const mail = renderMail(event, user, {
      appUrl: appUrl(),
      productName: productName(),
      unsubscribeUrl: unsubscribe,
      // Another member's action is named; one's own says "You".
      ...(actor && actor.userId !== user.userId ? { actorName: displayName(actor) } : {}),
    });
    messageId = await Mailer.sendMail({
      to: user.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      unsubscribeUrl: unsubscribe,
      eventId: claimId,
    });
  } catch (error) {
    if (isRejected(error)) {
      const reason = `rejected by SES: ${error.message}`;
      await settle(claimId, { state: "rejected", reason });
      return { outcome: "rejected", reason };
    }
    // Not sent: release the claim so the queue's retry can take it again.
    await db.entities.mailedEvent
      .delete({ eventId: claimId })
      .where((attr, op) => op.eq(attr.state, "sending"))
      .go()
      .catch(() => {});
    throw error;
  }
  // SES has the mail. Failing now must not fail the message: a retry would send it again.
  await settle(claimId, { state: "sent", messageId }).catch((error) =>
    process.stdout.write(
      `${JSON.stringify({ level: "error", msg: "mail sent but not marked", eventId: claimId, error: String(error) })}\n`,
    ),
  );
  return { outcome: "sent", messageId };
}
