/**
 * A customer's webhook endpoints (docs/developer-api.md, "Outgoing webhooks"): registering one
 * (checked by the outbound guard, within the cap), changing, turning on and removing it, reading
 * its delivery log, and the customer's own sends: a test event and the redelivery of a logged one.
 */

import { assertPublicUrl, outboundAllowHostsFromConfig } from "../adapters/outbound-guard";
import { sendWebhookDelivery } from "../adapters/webhook-deliveries";
import {
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookUpdate,
  webhookCreateSchema,
  webhookUpdateSchema,
} from "../contracts/developer";
import { db, isConditionFailure, isId, newId, type WebhookItem } from "../db/service";
import { NotFoundError, UnprocessableError } from "../errors";
import { createWithin, type Quota, release } from "./quota";
import { takeManualSend } from "./sender-share";
import { newSigningSecret } from "./signature";
import { DELIVERY_LOG_SIZE, type DeliveryMessage, toDelivery } from "./webhook-messages";

/** An endpoint a customer may have, as Stripe allows 16. */
export const MAX_ENDPOINTS = 16;
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
