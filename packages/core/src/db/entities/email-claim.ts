/**
 * One item per email address in use, keyed by the lower-cased address: a conditional create
 * of it is what keeps two users from holding the same email (users.email is unique: docs/data.md).
 * It doubles as the email → user lookup, read with strong consistency.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model } from "./common";

export const EmailClaim = lazyEntity({
  model: model("emailClaim"),
  attributes: {
    /** Trimmed and lower-cased (see normalizeEmail). */
    email: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    createdAt,
  },
  indexes: {
    byEmail: {
      pk: { field: "pk", composite: ["email"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type EmailClaimItem = EntityItem<EntityOf<typeof EmailClaim>>;

/** Addresses compare without case and surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
