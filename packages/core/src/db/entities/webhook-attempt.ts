/**
 * One item per outgoing webhook attempt (docs/developer-api.md "Delivered once"): claimed by
 * the queue message that posts it before the POST, marked done once the attempt is settled,
 * so a second queue message for the same attempt (a domain event handled twice, a message SQS
 * delivered twice) posts nothing. Removed by the table's TTL with the delivery log.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model } from "./common";

export const WEBHOOK_ATTEMPT_STATES = ["posting", "done"] as const;

export const WebhookAttempt = lazyEntity({
  model: model("webhookAttempt"),
  attributes: {
    webhookId: { type: "string", required: true, readOnly: true },
    /** The `webhook-id` header the attempt carries. */
    messageId: { type: "string", required: true, readOnly: true },
    attempt: { type: "number", required: true, readOnly: true },
    state: { type: WEBHOOK_ATTEMPT_STATES, required: true },
    /** The queue message holding the claim: when it comes back, its holder is gone. */
    claimedBy: { type: "string", required: true },
    /** Epoch milliseconds the claim was taken. */
    claimedAt: { type: "number", required: true },
    /** What came of the attempt once done: delivered, failed (its retry queued), skipped. */
    outcome: { type: "string" },
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

export type WebhookAttemptItem = EntityItem<EntityOf<typeof WebhookAttempt>>;
