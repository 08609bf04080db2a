/**
 * A customer's webhook endpoints (docs/developer-api.md, "Outgoing webhooks"): listing and
 * removing them, reading an endpoint's delivery log, and the customer's own sends: a test event
 * and the redelivery of a logged one. Registering and changing one, which the outbound guard
 * checks, is webhook-registration.ts: only those routes carry the guard.
 */

import { sendWebhookDelivery } from "../adapters/webhook-deliveries";
import { WEBHOOK_TEST_EVENT, type Webhook, type WebhookDelivery } from "../contracts/developer";
import { db, isConditionFailure, isId, newId, type WebhookItem } from "../db/service";
import { NotFoundError, UnprocessableError } from "../errors";
import { release } from "./quota";
import { takeManualSend } from "./sender-share";
import { DELIVERY_LOG_SIZE, type DeliveryMessage, toDelivery } from "./webhook-messages";

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

/** One of the customer's endpoints as stored; NotFoundError for garbage ids and others'. */
export async function getItem(userId: string, webhookId: string): Promise<WebhookItem> {
  if (!isId(webhookId)) throw new NotFoundError("Webhook endpoint not found");
  const { data } = await db.entities.webhook.get({ userId, webhookId }).go({ consistent: true });
  if (!data) throw new NotFoundError("Webhook endpoint not found");
  return data;
}

export async function list(userId: string): Promise<Webhook[]> {
  const { data } = await db.entities.webhook.query.byOwner({ userId }).go({ order: "desc" });
  return data.map(toWebhook);
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
