/**
 * The console's audit log: every staff write records who, what, which record, before/after; so
 * do the changes to a customer's team that no staff member made (an owner's invitations, role
 * changes, hand-overs and removals, a member leaving, an account losing its last owner:
 * docs/team.md), naming the member or the system that acted.
 */
import type { Actor } from "../access/actor";
import { type People, peopleByIds, personRef } from "../attribution/people";
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

/** The fields of an entry whoever the actor. */
function entryFields(entry: ActionRecord) {
  return {
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    customerId: entry.customerId,
    before: entry.before ? JSON.stringify(entry.before) : undefined,
    after: entry.after ? JSON.stringify(entry.after) : undefined,
  };
}

/** The audit item of an action, for `staffAction.create` alone or inside a transaction. */
export function actionItem(actor: StaffActor, entry: ActionRecord) {
  return { actorId: actor.userId, actorEmail: actor.email, ...entryFields(entry) };
}

/**
 * The audit item of a change to a customer's team that no staff member made: `personId` the
 * member who acted (an owner inviting or removing someone, a member leaving), or `source` the
 * system that did. For `staffAction.create` alone or inside the change's transaction.
 */
export function teamEventItem(by: { personId: string } | { source: string }, entry: ActionRecord) {
  return {
    ...("personId" in by
      ? { actorType: "member" as const, actorId: by.personId }
      : { actorType: "system" as const, actorId: by.source }),
    ...entryFields(entry),
  };
}

/** Records a `teamEventItem` on its own, for a change that is not one transaction. */
export async function recordTeamEvent(
  by: { personId: string } | { source: string },
  entry: ActionRecord,
): Promise<void> {
  await db.entities.staffAction.create(teamEventItem(by, entry)).go({ response: "none" });
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

/** The name an entry's actor goes by in the log. */
function actorName(item: StaffActionItem, people: People): string {
  const type = item.actorType ?? "staff";
  if (type === "system") return "System";
  if (type === "member") return personRef(item.actorId, people)?.name ?? "";
  return item.actorEmail ?? item.actorId;
}

function toEntry(item: StaffActionItem, people: People): AuditEntry {
  const parse = (value: string | undefined) =>
    value ? (JSON.parse(value) as Record<string, unknown>) : null;
  return {
    id: item.actionId,
    actorType: item.actorType ?? "staff",
    actorId: item.actorId,
    actorEmail: item.actorEmail ?? null,
    actorName: actorName(item, people),
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
  // Customer members are named as they are now, in one read for the page.
  const people = await peopleByIds(
    data.filter((item) => item.actorType === "member").map((item) => item.actorId),
  );
  return { items: data.map((item) => toEntry(item, people)), cursor: cursor ?? null };
}
