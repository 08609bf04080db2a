/**
 * One item per domain event the notifications consumer has taken on (docs/notifications.md):
 * created conditionally before the mail goes out, so a redelivered event finds it and sends
 * nothing. `sending` becomes `sent` once SES accepted the mail; a claim left `sending` by a
 * crash may be taken over after a while.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model } from "./common";

export const MAILED_EVENT_STATES = ["sending", "sent", "skipped", "rejected"] as const;

export const MailedEvent = lazyEntity({
  model: model("mailedEvent"),
  attributes: {
    eventId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true },
    type: { type: "string", required: true },
    state: { type: MAILED_EVENT_STATES, required: true },
    /** Why nothing was sent (preferences, no mail for the event) when state is skipped. */
    reason: { type: "string" },
    /** The message id SES answered. */
    messageId: { type: "string" },
    claimedAt: { type: "string", required: true },
    /** The queue message that holds the claim: when it comes back, its holder is gone. */
    claimedBy: { type: "string" },
    createdAt,
  },
  indexes: {
    byEventId: {
      pk: { field: "pk", composite: ["eventId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type MailedEventItem = EntityItem<EntityOf<typeof MailedEvent>>;
