/** POST /api/invitations/{token}/accept: the signed-in person joins the invitation's account. */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Accept from "@portal/core/team/accept";
import { api } from "../handler";

export const handler = api(
  "POST /api/invitations/{token}/accept",
  contracts,
  ({ actor, identity, params }) => Accept.accept(actor, identity.claims, params.token),
);
