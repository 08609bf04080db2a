/** GET /api/team: the session's account, its people and its invitations (docs/team.md). */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Members from "@portal/core/team/members";
import { api } from "../handler";

export const handler = api("GET /api/team", contracts, ({ actor }) => Members.team(actor));
