/**
 * The notifications consumer's work for one domain event: at most one mail per event id,
 * whatever the queue redelivers (docs/notifications.md).
 *
 * 1. Claim the event id with a conditional create (mailedEvent). A claim that exists and is
 *    `sent` or `skipped` means this event was handled: nothing more happens.
 * 2. Read the user now, so the preferences in force when the mail goes out are the ones obeyed.
 * 3. Render, send through SES, mark the claim `sent`.
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
import type { DomainEvent } from "../contracts/events";
import { isConditionFailure } from "../db/errors";
import { db, type MailedEventItem } from "../db/service";
import { appUrl, productName, unsubscribeUrl } from "./mail-settings";
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

async function claim(event: DomainEvent, now: Date, receipt?: Receipt): Promise<boolean> {
  const item = {
    eventId: event.eventId,
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
    .get({ eventId: event.eventId })
    .go({ consistent: true });
  if (!existing) return claim(event, now, receipt); // released in between: try again
  if (existing.state !== "sending") return false;
  const backAgain = !!receipt && existing.claimedBy === receipt.messageId;
  if (!backAgain && now.getTime() - Date.parse(existing.claimedAt) < STALE_CLAIM_MS) {
    throw new ClaimBusy(`Event ${event.eventId} is being mailed by another delivery`);
  }
  try {
    // Take over a stale claim, unless someone else just did.
    await db.entities.mailedEvent
      .patch({ eventId: event.eventId })
      .set({ claimedAt: item.claimedAt, ...(receipt ? { claimedBy: receipt.messageId } : {}) })
      .where(
        (attr, op) =>
          `${op.eq(attr.state, "sending")} AND ${op.eq(attr.claimedAt, existing.claimedAt)}`,
      )
      .go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw new ClaimBusy(`Event ${event.eventId} was taken over by another delivery`);
  }
}

async function settle(
  eventId: string,
  fields: Partial<Pick<MailedEventItem, "state" | "reason" | "messageId">>,
) {
  await db.entities.mailedEvent.patch({ eventId }).set(fields).go();
}

export async function deliver(
  event: DomainEvent,
  now = new Date(),
  receipt?: Receipt,
): Promise<DeliveryOutcome> {
  if (!(await claim(event, now, receipt))) return { outcome: "duplicate" };
  let messageId: string;
  try {
    const { data: user } = await db.entities.user
      .get({ userId: event.userId })
      .go({ consistent: true });
    const decision = !user
      ? { send: false as const, reason: "no such user" }
      : user.mailSuppressedReason
        ? // SES reported a bounce or complaint for the address (docs/notifications.md).
          {
            send: false as const,
            reason: `mail to this address is off after a ${user.mailSuppressedReason}`,
          }
        : decide(event, user);
    if (!user || !decision.send) {
      const reason = decision.send ? "no such user" : decision.reason;
      await settle(event.eventId, { state: "skipped", reason });
      return { outcome: "skipped", reason };
    }
    const unsubscribe = unsubscribeUrl(user.userId);
    const mail = renderMail(event, user, {
      appUrl: appUrl(),
      productName: productName(),
      unsubscribeUrl: unsubscribe,
    });
    messageId = await Mailer.sendMail({
      to: user.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      unsubscribeUrl: unsubscribe,
      eventId: event.eventId,
    });
  } catch (error) {
    if (isRejected(error)) {
      const reason = `rejected by SES: ${error.message}`;
      await settle(event.eventId, { state: "rejected", reason });
      return { outcome: "rejected", reason };
    }
    // Not sent: release the claim so the queue's retry can take it again.
    await db.entities.mailedEvent
      .delete({ eventId: event.eventId })
      .where((attr, op) => op.eq(attr.state, "sending"))
      .go()
      .catch(() => {});
    throw error;
  }
  // SES has the mail. Failing now must not fail the message: a retry would send it again.
  await settle(event.eventId, { state: "sent", messageId }).catch((error) =>
    process.stdout.write(
      `${JSON.stringify({ level: "error", msg: "mail sent but not marked", eventId: event.eventId, error: String(error) })}\n`,
    ),
  );
  return { outcome: "sent", messageId };
}
