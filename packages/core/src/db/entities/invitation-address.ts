/**
 * One item per address an account's invitation is pending for (docs/team.md "Invitations"):
 * its conditional write, in the same transaction as the invitation's, is what keeps two invites
 * to one address sent at once from both being created. It names the invitation holding the
 * address and until when; accepting or revoking that invitation deletes it, and an expired one
 * may be taken over. In the account's partition (the `customer` collection), so erasing the
 * account erases it.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, type EntityOf, lazyEntity, model } from "./common";

export const InvitationAddress = lazyEntity({
  model: model("invitationAddress"),
  attributes: {
    /** The account's id (the partition of its data). */
    userId: { type: "string", required: true, readOnly: true },
    /** Trimmed and lower-cased, as the invitation's. */
    email: { type: "string", required: true, readOnly: true },
    invitationId: { type: "string", required: true },
    /** The invitation's own `expiresAt`: after it, another invitation may take the address. */
    expiresAt: { type: "string", required: true },
  },
  indexes: {
    byAccount: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["email"], casing: CASE_SENSITIVE },
    },
  },
});

export type InvitationAddressItem = EntityItem<EntityOf<typeof InvitationAddress>>;
