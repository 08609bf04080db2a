/** DELETE /api/team/invitations/{id}: the invitation's link stops working. */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Invitations from "@portal/core/team/invitation-records";
import { api } from "../handler";

export const handler = api("DELETE /api/team/invitations/{id}", contracts, ({ actor, params }) =>
  Invitations.revoke(actor, params.id),
);
