/** GET /api/auth/user: the caller's user record, created or refreshed from the token's claims. */

import { isStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/auth";
import * as Users from "@portal/core/users/index";
import { api } from "../handler";

export const handler = api("GET /api/auth/user", contracts, async ({ identity, actor }) => ({
  ...(await Users.syncFromClaims(identity.userId, identity.claims)),
  isStaff: isStaff(identity),
  accountId: actor.accountId,
  role: actor.role,
}));
