/**
 * Outgoing webhooks (docs/developer-api.md): a customer's endpoints, the domain events they
 * follow, and the delivery of each message through the WebhookDeliveries queue, signed the
 * Standard Webhooks way, retried with exponential backoff, logged attempt by attempt, and
 * turned off after a run of failures (the customer is mailed: `webhook.disabled`).
 *
 * The one import path for handlers and workers (`import * as Webhooks from ".../webhooks"`);
 * each concern lives in a module of its own:
 * - webhook-endpoints.ts: managing endpoints, their log, test events and redeliveries
 * - webhook-messages.ts: the queued message and the logged delivery
 * - webhook-delivery.ts: fanning an event out and one attempt to deliver a message
 * - webhook-failures.ts: backoff, the failure count and turning an endpoint off
 */

export { type AttemptOptions, type AttemptOutcome, attempt, fanOut } from "./webhook-delivery";
export {
  create,
  deliveries,
  list,
  MAX_ENDPOINTS,
  redeliver,
  remove,
  sendTest,
  toWebhook,
  update,
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
