/** GET /api/auth/user: the caller's user record, created or refreshed from the token's claims. */
import * as Users from "@portal/core/users/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) =>
  Users.syncFromClaims(identity.userId, identity.claims),
);
