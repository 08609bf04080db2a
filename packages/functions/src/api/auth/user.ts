/**
 * GET /api/auth/user: the caller's user record, created or refreshed from the token's claims,
 * as seen in the session's account (docs/team.md): the account's plan and state, the person's
 * own name and settings, their role. Also records that they opened the portal there.
 */

import { isStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/auth";
import * as Preferences from "@portal/core/notifications/preferences";
import * as Members from "@portal/core/team/members";
import * as Users from "@portal/core/users/index";
import { api } from "../handler";

export const handler = api("GET /api/auth/user", contracts, async ({ identity, actor }) => {
  const [me] = await Promise.all([
    Users.syncFromClaims(identity.userId, identity.claims),
    Members.touch(actor),
  ]);
  return {
    ...(await Members.asSeenIn(actor, me)),
    // The mail settings are the person's for the account they act in (docs/notifications.md).
    ...(await Preferences.settingsFor(actor.accountId, me)),
    isStaff: isStaff(identity),
  };
});
