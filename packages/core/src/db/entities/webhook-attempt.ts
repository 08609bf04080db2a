/**
 * One item per outgoing webhook attempt that was made (docs/developer-api.md "Delivered
 * once"): written once the attempt is settled, so a second queue message for the same
 * attempt (a domain event handled twice, a message SQS delivered twice) finds it and posts
 * nothing. Removed by the table's TTL with the delivery log.
 */
import { Entity, type EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, model } from "./common";

export const WebhookAttempt = new Entity({
  model: model("webhookAttempt"),
  attributes: {
    webhookId: { type: "string", required: true, readOnly: true },
    /** The `webhook-id` header the attempt carried. */
    messageId: { type: "string", required: true, readOnly: true },
    attempt: { type: "number", required: true, readOnly: true },
    /** What came of it: delivered, failed (its retry queued), skipped. */
    outcome: { type: "string", required: true },
    /** Epoch seconds: the table's TTL removes the marker then. */
    expiresAt: { type: "number", required: true },
    createdAt,
  },
  indexes: {
    byAttempt: {
      pk: {
        field: "pk",
        composite: ["webhookId", "messageId", "attempt"],
        casing: CASE_SENSITIVE,
      },
      sk: { field: "sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type WebhookAttemptItem = EntityItem<typeof WebhookAttempt>;
