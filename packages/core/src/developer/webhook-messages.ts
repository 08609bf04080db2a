/**
 * What travels on the WebhookDeliveries queue (one attempt to deliver one message) and what the
 * delivery log keeps of each attempt (docs/developer-api.md, "Outgoing webhooks"). Shared by the
 * endpoint management (tests and redeliveries are queued as messages, the log is read back) and
 * the delivery itself.
 */
import type { WebhookDelivery } from "../contracts/developer";
import type { DomainEvent } from "../contracts/events";
import * as z from "../contracts/zod";
import type { WebhookDeliveryItem } from "../db/service";

/** Deliveries the log shows per endpoint, newest first. */
export const DELIVERY_LOG_SIZE = 50;
/** Days a delivery record is kept (then the table's TTL removes it): the log's history. */
export const DELIVERY_RETENTION_DAYS = 30;

/** The epoch second a delivery logged at `at` expires (the table's TTL attribute). */
export function deliveryExpiresAt(at: Date): number {
  return Math.floor(at.getTime() / 1000) + DELIVERY_RETENTION_DAYS * 86_400;
}

/** One attempt to deliver one message, as it travels on the queue. */
export const deliveryMessageSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  webhookId: z.string().check(z.minLength(1)),
  /** The `webhook-id` header: the same for every attempt and redelivery. */
  messageId: z.string().check(z.minLength(1)),
  eventType: z.string().check(z.minLength(1)),
  payload: z.record(z.string(), z.unknown()),
  attempt: z.number().check(z.int(), z.gte(1)),
  trigger: z.enum(["event", "test", "redeliver"]),
  /** Times this attempt was put back because its customer's senders were all busy. */
  deferrals: z.optional(z.number().check(z.int(), z.gte(0))),
});
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;

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

/**
 * The body receivers get for a domain event: Standard Webhooks' `{ type, timestamp, data }`,
 * where data is the event's own facts (not the ids the portal keeps for itself).
 */
export function eventPayload(event: DomainEvent): Record<string, unknown> {
  const { eventId: _id, userId: _user, type, occurredAt, ...data } = event;
  return { type, timestamp: occurredAt, data };
}
