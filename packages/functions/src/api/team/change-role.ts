/** PATCH /api/team/members/{userId}: an owner sets a person's role (docs/team.md "Roles"). */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Changes from "@portal/core/team/membership-changes";
import { api } from "../handler";

export const handler = api(
  "PATCH /api/team/members/{userId}",
  contracts,
  ({ actor, params, body }) => Changes.changeRole(actor, params.userId, body.role),
);
