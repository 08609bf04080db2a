/**
 * Outgoing webhooks (docs/developer-api.md): a customer's endpoints, the domain events they
 * follow, and the delivery of each message through the WebhookDeliveries queue, signed the
 * Standard Webhooks way, retried with exponential backoff, logged attempt by attempt, and
 * turned off after a run of failures (the customer is mailed: `webhook.disabled`).
 */
import * as z from "zod";
import { assertPublicUrl, outboundAllowHostsFromConfig } from "../adapters/outbound-guard";
import { sendWebhookDelivery } from "../adapters/webhook-deliveries";
import {
  isWebhookEventType,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookUpdate,
  webhookCreateSchema,
  webhookUpdateSchema,
} from "../contracts/developer";
import type { DomainEvent } from "../contracts/events";
import {
  db,
  isConditionFailure,
  isId,
  newId,
  type WebhookDeliveryItem,
  type WebhookItem,
} from "../db/service";
import { NotFoundError, UnprocessableError } from "../errors";
import { emit } from "../events/emit";
import { type PostResult, postWebhook } from "./post";
import { createWithin, type Quota, release } from "./quota";
import { claimSlot, deferSeconds, releaseSlot, takeManualSend } from "./sender-share";
import { newSigningSecret, signedHeaders } from "./signature";

/** Tries of one message: the first and five retries. */
export const MAX_ATTEMPTS = 6;
/** Failed attempts in a row (across messages) after which the endpoint is turned off. */
export const DISABLE_AFTER_FAILURES = 15;
/** An endpoint a customer may have, as Stripe allows 16. */
export const MAX_ENDPOINTS = 16;
/** Deliveries the log shows per endpoint, newest first. */
export const DELIVERY_LOG_SIZE = 50;
/** Days a delivery record is kept (then the table's TTL removes it): the log's history. */
export const DELIVERY_RETENTION_DAYS = 30;

/** The epoch second a delivery logged at `at` expires (the table's TTL attribute). */
export function deliveryExpiresAt(at: Date): number {
  return Math.floor(at.getTime() / 1000) + DELIVERY_RETENTION_DAYS * 86_400;
}

const ENDPOINT_QUOTA: Quota = {
  counted: "webhooks",
  max: MAX_ENDPOINTS,
  countItems: async (userId) =>
    (
      await db.entities.webhook.query
        .byOwner({ userId })
        .go({ pages: "all", attributes: ["webhookId"] })
    ).data.length,
  fullMessage: `You can have at most ${MAX_ENDPOINTS} webhook endpoints.`,
};

/**
 * Seconds before attempt `next` (2, 3, …): 30 s, 2 min, 8 min, then the queue's 15-minute
 * ceiling, so a message is given up about 40 minutes after its first try.
 */
export function backoffSeconds(next: number): number {
  return Math.min(900, 30 * 4 ** (next - 2));
}

/** One attempt to deliver one message, as it travels on the queue. */
export const deliveryMessageSchema = z.object({
  userId: z.string().min(1),
  webhookId: z.string().min(1),
  /** The `webhook-id` header: the same for every attempt and redelivery. */
  messageId: z.string().min(1),
  eventType: z.string().min(1),
  payload: z.record(z.string(), z.unknown()),
  attempt: z.number().int().min(1),
  trigger: z.enum(["event", "test", "redeliver"]),
  /** Times this attempt was put back because its customer's senders were all busy. */
  deferrals: z.number().int().min(0).optional(),
});
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;

export function toWebhook(item: WebhookItem): Webhook {
  return {
    id: item.webhookId,
    url: item.url,
    description: item.description ?? null,
    events: item.events,
    isActive: item.isActive,
    failureCount: item.failureCount,
    lastTriggered: item.lastTriggered ?? null,
    disabledReason: item.disabledReason ?? null,
    disabledAt: item.disabledAt ?? null,
    createdAt: item.createdAt,
  };
}

export function toDelivery(item: WebhookDeliveryItem): WebhookDelivery {
  return {
    id: item.deliveryId,
    webhookId: item.webhookId,
    messageId: item.messageId ?? item.deliveryId,
    eventType: item.eventType,
    attempt: item.attempt,
    trigger: item.trigger,
    payload: item.payload,
    ok: !!item.deliveredAt,
    responseStatus: item.responseStatus ?? null,
    responseBody: item.responseBody ?? null,
    durationMs: item.durationMs ?? null,
    deliveredAt: item.deliveredAt ?? null,
    failureReason: item.failureReason ?? null,
    createdAt: item.createdAt,
  };
}

/** The guard's verdict on where an endpoint points: refused before anything is stored. */
async function requireReachable(url: string) {
  await assertPublicUrl(url, { allowHosts: await outboundAllowHostsFromConfig() });
}

async function getItem(userId: string, webhookId: string): Promise<WebhookItem> {
  if (!isId(webhookId)) throw new NotFoundError("Webhook endpoint not found");
  const { data } = await db.entities.webhook.get({ userId, webhookId }).go({ consistent: true });
  if (!data) throw new NotFoundError("Webhook endpoint not found");
  return data;
}

export async function list(userId: string): Promise<Webhook[]> {
  const { data } = await db.entities.webhook.query.byOwner({ userId }).go({ order: "desc" });
  return data.map(toWebhook);
}

/** Registers an endpoint; the answer holds its signing secret, shown this once. */
export async function create(userId: string, input: WebhookCreate) {
  const { url, events, description } = webhookCreateSchema.parse(input);
  await requireReachable(url);
  const secret = newSigningSecret();
  const { data } = await createWithin(userId, ENDPOINT_QUOTA, () =>
    db.entities.webhook
      .create({ userId, url, events, secret, ...(description ? { description } : {}) })
      .go(),
  );
  return { secret, webhook: toWebhook(data as WebhookItem) };
}

/** Changes the URL or events, or turns the endpoint on or off (on again clears the failures). */
export async function update(userId: string, webhookId: string, input: WebhookUpdate) {
  const patch = webhookUpdateSchema.parse(input);
  await getItem(userId, webhookId);
  if (patch.url) await requireReachable(patch.url);
  const enabling = patch.isActive === true;
  const { data } = await db.entities.webhook
    .patch({ userId, webhookId })
    .set({ ...patch, ...(enabling ? { failureCount: 0 } : {}) })
    .remove(enabling ? ["disabledAt", "disabledReason"] : [])
    .go({ response: "all_new" });
  return toWebhook(data as WebhookItem);
}

/** Removes the endpoint, and its place under the cap; its delivery log goes with it. */
export async function remove(userId: string, webhookId: string): Promise<void> {
  await getItem(userId, webhookId);
  try {
    // `remove` is a delete on the condition that the item exists: only one of two removals
    // at once gives the place back.
    await db.entities.webhook.remove({ userId, webhookId }).go();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("Webhook endpoint not found");
    throw error;
  }
  await release(userId, "webhooks");
  const { data } = await db.entities.webhookDelivery.query
    .byOwner({ userId, webhookId })
    .go({ pages: "all", attributes: ["userId", "webhookId", "deliveryId"] });
  if (data.length > 0) await db.entities.webhookDelivery.delete(data).go();
}

export async function deliveries(userId: string, webhookId: string): Promise<WebhookDelivery[]> {
  await getItem(userId, webhookId);
  const { data } = await db.entities.webhookDelivery.query
    .byOwner({ userId, webhookId })
    .go({ order: "desc", limit: DELIVERY_LOG_SIZE });
  return data.map(toDelivery);
}

function requireActive(webhook: WebhookItem) {
  if (!webhook.isActive) {
    throw new UnprocessableError("This endpoint is disabled. Turn it on first.");
  }
}

/** "Send test event": a `webhook.test` message, whatever events the endpoint follows. */
export async function sendTest(userId: string, webhookId: string, now = new Date()) {
  const webhook = await getItem(userId, webhookId);
  requireActive(webhook);
  await takeManualSend(userId, now);
  const messageId = `msg_${newId()}`;
  await sendWebhookDelivery({
    userId,
    webhookId,
    messageId,
    eventType: WEBHOOK_TEST_EVENT,
    payload: {
      type: WEBHOOK_TEST_EVENT,
      timestamp: now.toISOString(),
      data: { webhookId, message: "A test event from your portal's Developer settings." },
    },
    attempt: 1,
    trigger: "test",
  } satisfies DeliveryMessage);
  return { messageId, queued: true as const };
}

/** Sends a logged message again, as it was (same `webhook-id`), once, with a fresh signature. */
export async function redeliver(
  userId: string,
  webhookId: string,
  deliveryId: string,
  now = new Date(),
) {
  const webhook = await getItem(userId, webhookId);
  requireActive(webhook);
  if (!isId(deliveryId)) throw new NotFoundError("Delivery not found");
  const { data: original } = await db.entities.webhookDelivery
    .get({ userId, webhookId, deliveryId })
    .go({ consistent: true });
  if (!original) throw new NotFoundError("Delivery not found");
  await takeManualSend(userId, now);
  const messageId = original.messageId ?? original.deliveryId;
  await sendWebhookDelivery({
    userId,
    webhookId,
    messageId,
    eventType: original.eventType,
    payload: original.payload as Record<string, unknown>,
    attempt: 1,
    trigger: "redeliver",
  } satisfies DeliveryMessage);
  return { messageId, queued: true as const };
}

/**
 * The body receivers get for a domain event: Standard Webhooks' `{ type, timestamp, data }`,
 * where data is the event's own facts (not the ids the portal keeps for itself).
 */
export function eventPayload(event: DomainEvent): Record<string, unknown> {
  const { eventId: _id, userId: _user, type, occurredAt, ...data } = event;
  return { type, timestamp: occurredAt, data };
}

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

  const slot = await claimSlot(userId, now().getTime());
  if (!slot) {
    // Not an attempt: nothing is logged and no failure counted; it waits its turn.
    const deferrals = (message.deferrals ?? 0) + 1;
    const retryIn = deferSeconds(deferrals);
    await sendWebhookDelivery({ ...message, deferrals } satisfies DeliveryMessage, retryIn);
    return { outcome: "deferred", retryIn };
  }
  try {
    return await attemptHolding(webhook, message, opts);
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
    await disable(webhook, failures, reason, now());
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

function ignoreDeleted(error: unknown) {
  if (!isConditionFailure(error)) throw error;
}

/** Adds one failure atomically; undefined when the endpoint is gone. */
async function countFailure(userId: string, webhookId: string, at: Date) {
  try {
    const { data } = await db.entities.webhook
      .patch({ userId, webhookId })
      .add({ failureCount: 1 })
      .set({ lastTriggered: at.toISOString() })
      .go({ response: "all_new" });
    return (data as WebhookItem).failureCount;
  } catch (error) {
    ignoreDeleted(error);
    return undefined;
  }
}

/** Turns the endpoint off once (a condition on isActive) and tells the customer. */
async function disable(webhook: WebhookItem, failures: number, reason: string, at: Date) {
  const disabledReason = `Turned off after ${failures} failed deliveries in a row`;
  try {
    await db.entities.webhook
      .patch({ userId: webhook.userId, webhookId: webhook.webhookId })
      .set({ isActive: false, disabledAt: at.toISOString(), disabledReason })
      .where((attr, op) => op.eq(attr.isActive, true))
      .go({ response: "none" });
  } catch (error) {
    // Already off (another attempt got there first) or deleted: told once, by that one.
    ignoreDeleted(error);
    return;
  }
  await emit({
    type: "webhook.disabled",
    eventId: `webhook.disabled:${webhook.webhookId}:${at.toISOString()}`,
    userId: webhook.userId,
    webhookId: webhook.webhookId,
    url: webhook.url,
    failureCount: failures,
    lastFailure: reason,
  });
}
