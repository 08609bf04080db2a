/**
 * webhooks and webhook_deliveries (docs/data.md). The first design gave webhooks no owner field;
 * they get `userId` here because every customer-owned item lives under its owner's partition.
 */
import type { EntityItem } from "electrodb";
import { newId } from "../ids";
import {
  CASE_SENSITIVE,
  createdAt,
  type EntityOf,
  idFrom,
  lazyEntity,
  model,
  stringList,
} from "./common";

export const Webhook = lazyEntity({
  model: model("webhook"),
  attributes: {
    webhookId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("webhookId"),
    userId: { type: "string", required: true, readOnly: true },
    url: { type: "string", required: true },
    description: { type: "string" },
    events: { ...stringList, required: true },
    secret: { type: "string", required: true },
    isActive: { type: "boolean", required: true, default: true },
    lastTriggered: { type: "string" },
    failureCount: { type: "number", required: true, default: 0 },
    /** Set when the portal turned the endpoint off after a run of failures. */
    disabledReason: { type: "string" },
    disabledAt: { type: "string" },
    createdAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["webhookId"], casing: CASE_SENSITIVE },
    },
  },
});

export const WebhookDelivery = lazyEntity({
  model: model("webhookDelivery"),
  attributes: {
    deliveryId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("deliveryId"),
    webhookId: { type: "string", required: true, readOnly: true },
    /** The webhook owner's id (denormalised so the delivery sits in the owner's partition). */
    userId: { type: "string", required: true, readOnly: true },
    eventType: { type: "string", required: true },
    /** The `webhook-id` header: shared by every attempt and redelivery of one message. */
    messageId: { type: "string" },
    /** 1 for a message's first try, 2, 3… for the automatic retries. */
    attempt: { type: "number", required: true, default: 1 },
    trigger: { type: ["event", "test", "redeliver"] as const, required: true, default: "event" },
    payload: { type: "any", required: true },
    durationMs: { type: "number" },
    responseStatus: { type: "number" },
    responseBody: { type: "string" },
    deliveredAt: { type: "string" },
    failureReason: { type: "string" },
    /** Epoch seconds: the table's TTL removes the record then (docs/developer-api.md). */
    expiresAt: { type: "number" },
    createdAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["webhookId", "deliveryId"], casing: CASE_SENSITIVE },
    },
    /** Webhook → its deliveries, oldest first, for a sender that only holds the webhook id. */
    byWebhook: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["webhookId"], casing: CASE_SENSITIVE },
      sk: { field: "gsi1sk", composite: ["deliveryId"], casing: CASE_SENSITIVE },
    },
  },
});

export type WebhookItem = EntityItem<EntityOf<typeof Webhook>>;
export type WebhookDeliveryItem = EntityItem<EntityOf<typeof WebhookDelivery>>;
