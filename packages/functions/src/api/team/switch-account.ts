/**
 * POST /api/team/accounts/switch: checks the person belongs to the account and answers the
 * organization the SPA makes the session's active one (docs/team.md "Switching accounts").
 */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as SwitchAccount from "@portal/core/team/switch-account";
import { api } from "../handler";

export const handler = api("POST /api/team/accounts/switch", contracts, ({ actor, body }) =>
  SwitchAccount.switchTo(actor, body.accountId),
);
