/** POST /api/team/invitations/{id}/resend: the invitation again, with a new link and 7 more days. */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Invite from "@portal/core/team/invite";
import { api } from "../handler";

export const handler = api(
  "POST /api/team/invitations/{id}/resend",
  contracts,
  ({ actor, params }) => Invite.resend(actor, params.id),
);
