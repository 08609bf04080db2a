/**
 * The people of a customer account (docs/team.md, docs/data.md): one item per person and
 * account, in the account's partition (the `customer` collection, so the account's data export
 * and erasure find them), and on gsi1 by the person, for the accounts one person belongs to.
 *
 * `userId` is the ACCOUNT's id, as in every customer item: for the account its first owner
 * signed up with, that owner's user id. `memberId` is the person's user id (Clerk's `sub`).
 * Every request reads the caller's item with one strongly consistent GetItem (access/actor.ts):
 * a removed member is refused at their next request whatever their session token says.
 */
import type { EntityItem } from "electrodb";
import { ROLES } from "../../access/roles";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model, updatedAt } from "./common";

export const Membership = lazyEntity({
  model: model("membership"),
  attributes: {
    /** The account's id (the partition of its data). */
    userId: { type: "string", required: true, readOnly: true },
    /** The person's user id. */
    memberId: { type: "string", required: true, readOnly: true },
    role: { type: ROLES, required: true },
    /** The address and name the person had when last seen (their session's claims). */
    email: { type: "string", required: true },
    name: { type: "string" },
    /** The invitation the person joined with; absent for the account's first owner. */
    invitationId: { type: "string", readOnly: true },
    joinedAt: { type: "string", required: true, readOnly: true },
    /** The last time the person opened the portal in this account (the SPA's user sync). */
    lastActiveAt: { type: "string" },
    /**
     * Set when the account's first owner (whose user id the account's id is) left or was
     * removed: without it, the missing item would read as "the sole owner of their own account"
     * (access/actor.ts). Other people's items are deleted instead.
     */
    removedAt: { type: "string" },
    /**
     * The person's mail settings for this account (docs/notifications.md, "Preferences"); one
     * left unset is their own record's. Their settings for their own account (whose id is
     * theirs) are on their user record, where they always were.
     */
    emailNotifications: { type: "boolean" },
    marketingEmails: { type: "boolean" },
    monthlyReport: { type: "boolean" },
    createdAt,
    updatedAt,
  },
  indexes: {
    byAccount: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["memberId"], casing: CASE_SENSITIVE },
    },
    /** Person → the accounts they belong to (the account switcher). */
    byMember: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["memberId"], casing: CASE_SENSITIVE },
      sk: { field: "gsi1sk", composite: ["userId"], casing: CASE_SENSITIVE },
    },
  },
});

export type MembershipItem = EntityItem<EntityOf<typeof Membership>>;
