/**
 * Outgoing webhooks (docs/developer-api.md): a customer's endpoints, the domain events they
 * follow, and the delivery of each message through the WebhookDeliveries queue, signed the
 * Standard Webhooks way, retried with exponential backoff, logged attempt by attempt, and
 * turned off after a run of failures (the customer is mailed: `webhook.disabled`).
 *
 * The one import path for workers (`import * as Webhooks from ".../webhooks"`); each concern
 * lives in a module of its own, and a route imports the module that holds what it calls, so it
 * carries nothing else (docs/performance.md "Routes carry only what they call"):
 * - webhook-endpoints.ts: listing and removing endpoints, their log, test events and redeliveries
 * - webhook-registration.ts: registering and changing an endpoint (the outbound guard's check)
 * - webhook-messages.ts: the queued message and the logged delivery
 * - webhook-delivery.ts: fanning an event out and one attempt to deliver a message
 * - webhook-failures.ts: backoff, the failure count and turning an endpoint off
 */

export { type AttemptOptions, type AttemptOutcome, attempt, fanOut } from "./webhook-delivery";
export {
  deliveries,
  list,
  redeliver,
  remove,
  sendTest,
  toWebhook,
} from "./webhook-endpoints";
export { backoffSeconds, DISABLE_AFTER_FAILURES, MAX_ATTEMPTS } from "./webhook-failures";
export {
  DELIVERY_LOG_SIZE,
  DELIVERY_RETENTION_DAYS,
  type DeliveryMessage,
  deliveryExpiresAt,
  deliveryMessageSchema,
  eventPayload,
  toDelivery,
} from "./webhook-messages";
export { create, MAX_ENDPOINTS, update } from "./webhook-registration";
