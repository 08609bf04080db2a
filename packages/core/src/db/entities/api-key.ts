/** api_keys (docs/data.md). Only hashes are stored; the prefix finds the key for a check. */
import type { EntityItem } from "electrodb";
import { newId } from "../ids";
import {
  CASE_SENSITIVE,
  createdAt,
  type EntityOf,
  idFrom,
  lazyEntity,
  model,
  stringList,
  updatedAt,
} from "./common";

export const ApiKey = lazyEntity({
  model: model("apiKey"),
  attributes: {
    apiKeyId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("apiKeyId"),
    userId: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    keyHash: { type: "string", required: true },
    keyPrefix: { type: "string", required: true, readOnly: true },
    signingSecretHash: { type: "string" },
    permissions: { ...stringList, required: true, default: () => ["read"] },
    isActive: { type: "boolean", required: true, default: true },
    lastUsed: { type: "string" },
    expiresAt: { type: "string" },
    createdAt,
    updatedAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["apiKeyId"], casing: CASE_SENSITIVE },
    },
    /** Key prefix → key(s): the caller then compares the hash of the presented key. */
    byPrefix: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["keyPrefix"], casing: CASE_SENSITIVE },
      sk: { field: "gsi1sk", composite: ["apiKeyId"], casing: CASE_SENSITIVE },
    },
  },
});

export type ApiKeyItem = EntityItem<EntityOf<typeof ApiKey>>;

/**
 * Every attribute the write that records a key's use names (ElectroDB's patch sets the key's
 * own composite attributes and its entity markers too): the grant that lets read-only routes
 * make that write allows these and no others (stacks/grants.ts, "table:key-use"; the write is in developer/api-keys.ts).
 */
export const API_KEY_TOUCH_ATTRIBUTES = [
  "pk",
  "sk",
  "lastUsed",
  "updatedAt",
  "userId",
  "apiKeyId",
  "__edb_e__",
  "__edb_v__",
] as const;
