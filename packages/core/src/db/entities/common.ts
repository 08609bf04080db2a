/** Pieces every entity definition shares: the service name, timestamps, key casing. */
import { Entity, type EntityConfiguration, type Schema } from "electrodb";

/**
 * An entity's definition, built into an ElectroDB `Entity` only when a request first uses it.
 * ElectroDB checks a model against its JSON schema when the entity is made, about 5 ms an entity
 * in a Lambda: made at import, every cold start paid for all of them, though a route uses two or
 * three (db/service.ts, docs/performance.md "`cold`"). The type parameters are Entity's own, so
 * the definition's literal types reach the entity as they did.
 */
export function lazyEntity<
  A extends string,
  F extends string,
  C extends string,
  S extends Schema<A, F, C, P>,
  P extends string = string,
>(schema: S) {
  return (config?: EntityConfiguration) => new Entity<A, F, C, S, P>(schema, config);
}

/** The entity a definition builds (`EntityItem<EntityOf<typeof Site>>`). */
export type EntityOf<Define extends (config?: EntityConfiguration) => unknown> = ReturnType<Define>;

/** ElectroDB's service name; it prefixes every partition key (`$portal#…`). */
export const SERVICE = "portal";

/**
 * Key values are kept as given. ElectroDB lower-cases them by default, which would fold two
 * identity-provider ids that differ only in case (Clerk ids are case-sensitive base62) into
 * one partition: one customer could read another's items. Values that should compare without
 * case (email addresses, domains) are normalised by the code that writes them instead.
 */
export const CASE_SENSITIVE = "none";

export function model<const Name extends string>(entity: Name) {
  return { entity, service: SERVICE, version: "1" } as const;
}

const now = () => new Date().toISOString();

/** ISO timestamp set once when the item is created (a caller may pass an earlier one, e.g. imports). */
export const createdAt = {
  type: "string",
  required: true,
  readOnly: true,
  default: now,
} as const;

/** ISO timestamp refreshed by every write, whatever the caller passes. */
export const updatedAt = {
  type: "string",
  required: true,
  readOnly: true,
  watch: "*",
  default: now,
  set: now,
} as const;

/** A list of strings (tags, attachment URLs, permissions…). */
export const stringList = { type: "list", items: { type: "string" } } as const;

/**
 * The `id` every record carries (docs/data.md), kept equal to the entity's key attribute (`siteId`,
 * `ticketId`…). Keys need the long names: ElectroDB joins entities into a collection by attribute
 * name, so a ticket and its messages must both call the ticket's id `ticketId`.
 */
export function idFrom<const Key extends string>(key: Key) {
  return {
    type: "string",
    readOnly: true,
    watch: [key],
    set: (_: unknown, item: Record<string, unknown>) => item[key] as string,
  } as const;
}

/**
 * The index of an item a customer owns: partition = the owner's `userId`, sort key = the
 * item's own id (`[]` for the user item itself), in the `customer` and `dashboard`
 * collections. A collection reads one partition across entities, so every member must build
 * its key exactly alike; writing it once keeps a new entity from drifting out of the query.
 */
export function ownerIndex<const SortKey extends readonly string[]>(sortKey: SortKey) {
  return {
    collection: ["customer", "dashboard"] as const,
    pk: { field: "pk", composite: ["userId"] as const, casing: CASE_SENSITIVE },
    sk: { field: "sk", composite: sortKey, casing: CASE_SENSITIVE },
  } as const;
}
