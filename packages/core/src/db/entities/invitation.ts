/**
 * Invitations to a customer account (docs/team.md): by e-mail, with a role, single use, bound
 * to that address, valid 7 days, revocable. In the account's partition (the `customer`
 * collection). Only the hash of the link's secret is stored; the link names the account and
 * the invitation, so looking one up is a strongly consistent GetItem (team/invitations.ts).
 */
import type { EntityItem } from "electrodb";
import { ROLES } from "../../access/roles";
import { newId } from "../ids";
import {
  CASE_SENSITIVE,
  createdAt,
  type EntityOf,
  idFrom,
  lazyEntity,
  model,
  updatedAt,
} from "./common";

export const INVITATION_STATES = ["pending", "accepted", "revoked"] as const;

export const Invitation = lazyEntity({
  model: model("invitation"),
  attributes: {
    /** The account's id (the partition of its data). */
    userId: { type: "string", required: true, readOnly: true },
    invitationId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("invitationId"),
    /** Trimmed and lower-cased: the only address that may accept it. */
    email: { type: "string", required: true, readOnly: true },
    role: { type: ROLES, required: true, readOnly: true },
    /** SHA-256 (hex) of the link's secret; a resend replaces it, so an older link stops working. */
    secretHash: { type: "string", required: true },
    /** The owner who invited, and their name then (the mail and the acceptance page say it). */
    invitedBy: { type: "string", required: true, readOnly: true },
    invitedByName: { type: "string" },
    status: { type: INVITATION_STATES, required: true, default: "pending" },
    expiresAt: { type: "string", required: true },
    /** How many mails were sent for it, and the last one's time. */
    sentCount: { type: "number", required: true, default: 1 },
    sentAt: { type: "string", required: true },
    acceptedBy: { type: "string" },
    acceptedAt: { type: "string" },
    revokedAt: { type: "string" },
    /**
     * When its place under the pending cap was given back (accepted, revoked, or found expired):
     * set once, conditionally, so a place is never given back twice; a resend of an expired one
     * takes a place again and removes it (docs/team.md, "Invitations").
     */
    placeGivenBackAt: { type: "string" },
    createdAt,
    updatedAt,
  },
  indexes: {
    byAccount: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["invitationId"], casing: CASE_SENSITIVE },
    },
  },
});

export type InvitationItem = EntityItem<EntityOf<typeof Invitation>>;
