/** GET /api/team/accounts: every account the signed-in person belongs to (the account switcher). */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Accounts from "@portal/core/team/accounts";
import { api } from "../handler";

export const handler = api("GET /api/team/accounts", contracts, ({ actor, identity }) =>
  Accounts.myAccounts(actor, identity),
);
