/**
 * The session's choice of account (docs/team.md "Switching accounts"): the person's role there
 * and the organization the SPA makes active, made if the account has none yet.
 */
import { type PersonActor, roleIn } from "../access/actor";
import type { AccountChoice } from "../contracts/team";
import { NotFoundError } from "../errors";
import { ensureOrganization } from "./organization";
import { accountRecord } from "./people";

/**
 * POST /api/team/accounts/switch: the person's role there (NotAMemberError if none) and the
 * organization to make active; null for their own account, which the session names by having
 * none.
 */
export async function switchTo(person: PersonActor, accountId: string): Promise<AccountChoice> {
  const role = await roleIn(accountId, person.userId);
  if (accountId === person.userId) return { accountId, role, organizationId: null };
  const account = await accountRecord(accountId);
  if (!account) throw new NotFoundError("No such account");
  return { accountId, role, organizationId: await ensureOrganization(accountId) };
}
