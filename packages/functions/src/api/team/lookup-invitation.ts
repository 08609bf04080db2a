/**
 * GET /api/invitations/{token}: what the invitation page shows before anyone signs in. Public:
 * the link's secret is the authority (docs/team.md "Invitations").
 */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Invitations from "@portal/core/team/invitation-records";
import { publicApi } from "../public-handler";

export const handler = publicApi("GET /api/invitations/{token}", contracts, ({ params }) =>
  Invitations.lookup(params.token),
);
