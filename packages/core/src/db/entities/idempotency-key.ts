/**
 * One item per Idempotency-Key a caller sent with a write (docs/security.md, "Idempotency
 * keys"): claimed, with a lease, by the request that runs the write; `done` with the answer it
 * gave once that answer is known, so the same key sent again is answered from here instead of
 * writing again. Kept per caller (`userId` in the key): another account's request with the same
 * key never reads it. Removed by the table's TTL a day after it was first sent, and by the
 * account's erasure.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model } from "./common";

export const IDEMPOTENCY_STATES = ["running", "done"] as const;

export const IdempotencyKey = lazyEntity({
  model: model("idempotencyKey"),
  attributes: {
    /** The verified caller (session or API key's customer): the key's scope. */
    userId: { type: "string", required: true, readOnly: true },
    /** SHA-256 of the key as sent, hex: the key itself is not kept. */
    keyHash: { type: "string", required: true, readOnly: true },
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    fingerprint: { type: "string", required: true, readOnly: true },
    state: { type: IDEMPOTENCY_STATES, required: true },
    /** The request holding the claim: only it may record the answer. */
    leaseId: { type: "string" },
    /** Epoch ms after which a request with the key may run it again (its holder is gone). */
    leaseUntil: { type: "number" },
    /** Epoch ms the key was first sent: the time part of the ids its requests make. */
    firstAt: { type: "number", required: true, readOnly: true },
    /** The answer, once done: its status, content type and body as sent. */
    status: { type: "number" },
    contentType: { type: "string" },
    body: { type: "string" },
    /** Epoch seconds: the table's TTL removes the item then. */
    expiresAt: { type: "number", required: true },
    createdAt,
  },
  indexes: {
    byKey: {
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["keyHash"], casing: CASE_SENSITIVE },
    },
  },
});

/**
 * Every attribute the writes of a key's claim and answer name (the item's own, its keys and
 * ElectroDB's markers): the grant that lets a route without table:write keep keys allows these
 * and no others (stacks/grants.ts, "table:idempotency").
 */
export const IDEMPOTENCY_KEY_ATTRIBUTES = [
  "pk",
  "sk",
  "userId",
  "keyHash",
  "fingerprint",
  "state",
  "leaseId",
  "leaseUntil",
  "firstAt",
  "status",
  "contentType",
  "body",
  "expiresAt",
  "createdAt",
  "__edb_e__",
  "__edb_v__",
] as const;

export type IdempotencyKeyItem = EntityItem<EntityOf<typeof IdempotencyKey>>;
