/**
 * Delivering webhook messages (docs/developer-api.md, "Outgoing webhooks"): the fan-out of a
 * domain event to the endpoints that follow it, and the sender's job for one message: a slot of
 * the customer's share, the Standard Webhooks signature, the POST through the outbound guard, the
 * log entry, then what follows a success or a failure (webhook-failures.ts).
 */

import { sendWebhookDelivery } from "../adapters/webhook-deliveries";
import { isWebhookEventType } from "../contracts/developer";
import type { DomainEvent } from "../contracts/events";
import { db, type WebhookItem } from "../db/service";
import { claimAttempt } from "./attempt-once";
import { type PostResult, postWebhook } from "./post";
import { claimSlot, deferSeconds, releaseSlot } from "./sender-share";
import { signedHeaders } from "./signature";
import {
  backoffSeconds,
  countFailure,
  DISABLE_AFTER_FAILURES,
  disableEndpoint,
  ignoreDeleted,
  MAX_ATTEMPTS,
} from "./webhook-failures";
import { type DeliveryMessage, deliveryExpiresAt, eventPayload } from "./webhook-messages";

/**
 * Queues one delivery per active endpoint of the event's customer that follows it. Runs in
 * the events consumer after the mail; SQS delivers at least once, so a receiver may see a
 * message twice and tells by its `webhook-id` (the event id).
 */
export async function fanOut(event: DomainEvent): Promise<number> {
  if (!isWebhookEventType(event.type)) return 0;
  const { data } = await db.entities.webhook.query
    .byOwner({ userId: event.userId })
    .go({ pages: "all" });
  const targets = data.filter((w) => w.isActive && w.events.includes(event.type));
  for (const webhook of targets) {
    await sendWebhookDelivery({
      userId: event.userId,
      webhookId: webhook.webhookId,
      messageId: event.eventId,
      eventType: event.type,
      payload: eventPayload(event),
      attempt: 1,
      trigger: "event",
    } satisfies DeliveryMessage);
  }
  return targets.length;
}

export type AttemptOutcome =
  | { outcome: "delivered"; status: number }
  | { outcome: "failed"; reason: string; retryIn?: number; disabled: boolean }
  | { outcome: "deferred"; retryIn: number }
  | { outcome: "skipped"; reason: string };

export interface AttemptOptions {
  allowHosts?: readonly string[];
  now?: () => Date;
  /** The POST's overall deadline; post.ts's POST_DEADLINE_MS unless a test shortens it. */
  deadlineMs?: number;
  /** The SQS message id carrying this attempt: it names the attempt's claim. */
  receipt?: string;
}

/**
 * The worker's job for one message: take one of the customer's sender slots (or put the
 * message back for later when they are all held), sign, POST through the guard, log the
 * attempt, then settle the endpoint's failure count, queue the next try or turn it off.
 */
export async function attempt(
  message: DeliveryMessage,
  opts: AttemptOptions = {},
): Promise<AttemptOutcome> {
  const now = opts.now ?? (() => new Date());
  const { userId, webhookId } = message;
  const { data: webhook } = await db.entities.webhook
    .get({ userId, webhookId })
    .go({ consistent: true });
  if (!webhook) return { outcome: "skipped", reason: "endpoint deleted" };
  if (!webhook.isActive) return { outcome: "skipped", reason: "endpoint disabled" };

  // Posted once per attempt, whatever the queue repeats (attempt-once.ts).
  const claim = await claimAttempt(
    message,
    opts.receipt,
    deliveryExpiresAt(now()),
    now().getTime(),
  );
  if (!claim) return { outcome: "skipped", reason: "attempted by another message" };
  const slot = await claimSlot(userId, now().getTime());
  if (!slot) {
    await claim.release();
    // Not an attempt: nothing is logged and no failure counted; it waits its turn.
    const deferrals = (message.deferrals ?? 0) + 1;
    const retryIn = deferSeconds(deferrals);
    await sendWebhookDelivery({ ...message, deferrals } satisfies DeliveryMessage, retryIn);
    return { outcome: "deferred", retryIn };
  }
  try {
    const outcome = await attemptHolding(webhook, message, opts);
    await claim.settle(outcome.outcome);
    return outcome;
  } catch (error) {
    await claim.release();
    throw error;
  } finally {
    await releaseSlot(slot);
  }
}

async function attemptHolding(
  webhook: WebhookItem,
  message: DeliveryMessage,
  opts: AttemptOptions,
): Promise<AttemptOutcome> {
  const now = opts.now ?? (() => new Date());
  const { userId, webhookId } = message;
  const body = JSON.stringify(message.payload);
  const sentAt = now();
  const headers = signedHeaders(
    webhook.secret,
    message.messageId,
    Math.floor(sentAt.getTime() / 1000),
    body,
  );
  const result: PostResult = await postWebhook(webhook.url, { ...headers }, body, {
    allowHosts: opts.allowHosts,
    deadlineMs: opts.deadlineMs,
  });

  await db.entities.webhookDelivery
    .create({
      userId,
      webhookId,
      messageId: message.messageId,
      eventType: message.eventType,
      attempt: message.attempt,
      trigger: message.trigger,
      payload: message.payload,
      durationMs: result.durationMs,
      ...(result.status !== undefined ? { responseStatus: result.status } : {}),
      ...(result.body ? { responseBody: result.body } : {}),
      ...(result.ok ? { deliveredAt: now().toISOString() } : {}),
      ...(result.error ? { failureReason: result.error } : {}),
      expiresAt: deliveryExpiresAt(sentAt),
    })
    .go();

  if (result.ok) {
    await db.entities.webhook
      .patch({ userId, webhookId })
      .set({ failureCount: 0, lastTriggered: sentAt.toISOString() })
      .go({ response: "none" })
      .catch(ignoreDeleted);
    return { outcome: "delivered", status: result.status ?? 0 };
  }

  const reason = result.error ?? "Delivery failed";
  const failures = await countFailure(userId, webhookId, sentAt);
  if (failures === undefined) return { outcome: "skipped", reason: "endpoint deleted" };
  if (failures >= DISABLE_AFTER_FAILURES) {
    await disableEndpoint(webhook, failures, reason, now());
    return { outcome: "failed", reason, disabled: true };
  }
  // Redeliveries are one try, as a person asked for it; events and tests are retried.
  if (message.trigger !== "redeliver" && message.attempt < MAX_ATTEMPTS) {
    const retryIn = backoffSeconds(message.attempt + 1);
    const { deferrals: _waited, ...next } = message;
    await sendWebhookDelivery({ ...next, attempt: message.attempt + 1 }, retryIn);
    return { outcome: "failed", reason, retryIn, disabled: false };
  }
  return { outcome: "failed", reason, disabled: false };
}
