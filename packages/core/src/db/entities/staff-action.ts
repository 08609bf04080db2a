/**
 * The audit log of the provider console: one item per staff action, never changed once
 * written (no route updates or deletes it). All actions share one partition, newest last by
 * ULID; a team's volume of actions stays far below a partition's limits.
 */
import type { EntityItem } from "electrodb";
import { AUDIT_ACTOR_TYPES, STAFF_TARGET_TYPES } from "../../staff/enums";
import { newId } from "../ids";
import { CASE_SENSITIVE, type EntityOf, lazyEntity, model } from "./common";

export const StaffAction = lazyEntity({
  model: model("staffAction"),
  attributes: {
    actionId: { type: "string", required: true, readOnly: true, default: newId },
    actorId: { type: "string", required: true, readOnly: true },
    actorEmail: { type: "string", readOnly: true },
    /** Absent on staff entries (all of them before teams). */
    actorType: { type: AUDIT_ACTOR_TYPES, readOnly: true },
    /** e.g. "site.update", "ticket.reply", "ticket.update", "upsell.update", "apiKey.revoke". */
    action: { type: "string", required: true, readOnly: true },
    targetType: { type: STAFF_TARGET_TYPES, required: true, readOnly: true },
    targetId: { type: "string", required: true, readOnly: true },
    customerId: { type: "string", required: true, readOnly: true },
    /** JSON of the changed fields before and after. */
    before: { type: "string", readOnly: true },
    after: { type: "string", readOnly: true },
    at: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byAction: {
      pk: { field: "pk", composite: [], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["actionId"], casing: CASE_SENSITIVE },
    },
  },
});

export type StaffActionItem = EntityItem<EntityOf<typeof StaffAction>>;
