/** POST /api/team/invitations: an owner invites an address with a role; the mail goes out. */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Invite from "@portal/core/team/invite";
import { api } from "../handler";

export const handler = api("POST /api/team/invitations", contracts, ({ actor, body }) =>
  Invite.create(actor, body),
);
