/**
 * One item per domain event the notifications consumer has taken on (docs/notifications.md):
 * created conditionally before the mail goes out, so a redelivered event finds it and sends
 * nothing. `sending` becomes `sent` once SES accepted the mail; a claim left `sending` by a
 * crash may be taken over after a while. The console lists an account's items newest first
 * (docs/console.md, "Mail sent").
 */
import type { EntityItem } from "electrodb";
import { MAILED_EVENT_STATES } from "../../notifications/enums";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model } from "./common";

export const MailedEvent = lazyEntity({
  model: model("mailedEvent"),
  attributes: {
    eventId: { type: "string", required: true, readOnly: true },
    /** The account the event is about (its claims are listed under it). */
    userId: { type: "string", required: true, readOnly: true },
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
    /**
     * An account's mail by when it was claimed (the console's "Mail sent"). The claim's create
     * writes both composites; its patches change neither, so they leave the keys alone. Items
     * from before this index get the keys from staff/customer-mail-backfill.ts.
     */
    byAccount: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "gsi1sk", composite: ["createdAt"], casing: CASE_SENSITIVE },
    },
  },
});

export type MailedEventItem = EntityItem<EntityOf<typeof MailedEvent>>;
