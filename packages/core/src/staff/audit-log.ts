/** The console's audit log: every staff write records who, what, which record, before/after. */
import type { Actor } from "../access/actor";
import type { AuditEntry } from "../contracts/staff";
import type { StaffActionItem } from "../db/entities/staff-action";
import { db } from "../db/service";
import { PAGE_SIZE } from "./paging";

export type StaffActor = Extract<Actor, { type: "staff" }>;

export interface ActionRecord {
  action: string;
  targetType: AuditEntry["targetType"];
  targetId: string;
  customerId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audit item of an action, for `staffAction.create` alone or inside a transaction. */
export function actionItem(actor: StaffActor, entry: ActionRecord) {
  return {
    actorId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    customerId: entry.customerId,
    before: entry.before ? JSON.stringify(entry.before) : undefined,
    after: entry.after ? JSON.stringify(entry.after) : undefined,
  };
}

/**
 * Records an action on its own. A change and its entry belong in one transaction instead
 * (`db.transaction.write` with `actionItem`), so no change is ever unaudited.
 */
export async function recordAction(actor: StaffActor, entry: ActionRecord): Promise<void> {
  await db.entities.staffAction.create(actionItem(actor, entry)).go({ response: "none" });
}

/** The fields of `before` that `after` changes, as the log shows them. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const keys = Object.keys(after).filter((key) => after[key] !== before[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

function toEntry(item: StaffActionItem): AuditEntry {
  const parse = (value: string | undefined) =>
    value ? (JSON.parse(value) as Record<string, unknown>) : null;
  return {
    id: item.actionId,
    actorId: item.actorId,
    actorEmail: item.actorEmail ?? null,
    action: item.action,
    targetType: item.targetType,
    targetId: item.targetId,
    customerId: item.customerId,
    before: parse(item.before),
    after: parse(item.after),
    at: item.at,
  };
}

export async function list(filter: {
  cursor?: string;
  targetType?: AuditEntry["targetType"];
  actorId?: string;
  customerId?: string;
}): Promise<{ items: AuditEntry[]; cursor: string | null }> {
  const { data, cursor } = await db.entities.staffAction.query
    .byAction({})
    .where((attr, op) =>
      [
        filter.targetType ? op.eq(attr.targetType, filter.targetType) : "",
        filter.actorId ? op.eq(attr.actorId, filter.actorId) : "",
        filter.customerId ? op.eq(attr.customerId, filter.customerId) : "",
      ]
        .filter(Boolean)
        .join(" AND "),
    )
    .go({ order: "desc", count: PAGE_SIZE, limit: PAGE_SIZE, cursor: filter.cursor ?? null });
  return { items: data.map(toEntry), cursor: cursor ?? null };
}
