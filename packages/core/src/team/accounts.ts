/**
 * The accounts one person belongs to, and the session's choice of one (docs/team.md
 * "Switching accounts"). The choice is the session's active organization at the identity
 * provider, never a request parameter: this answers which organization to make active, and the
 * session's next token names it (adapters/identity.ts); every request then checks the
 * membership again (access/actor.ts).
 */
import type { PersonActor } from "../access/actor";
import { hasValidPlan } from "../access/entitlements";
import type { SessionIdentity } from "../adapters/identity";
import type { AccountSummary, MyAccounts } from "../contracts/team";
import { db, type UserItem } from "../db/service";
import { accountName } from "./people";

/** GET /api/team/accounts */
export async function myAccounts(
  person: PersonActor,
  identity: Pick<SessionIdentity, "accountId">,
): Promise<MyAccounts> {
  const current = identity.accountId ?? person.userId;
  const { data: memberships } = await db.entities.membership.query
    .byMember({ memberId: person.userId })
    .go({ pages: "all" });
  const own = memberships.find((item) => item.userId === person.userId);
  const others = memberships.filter((item) => item.userId !== person.userId && !item.removedAt);
  const ids = [person.userId, ...others.map((item) => item.userId)];
  const { data: records } = await db.entities.user.get(ids.map((userId) => ({ userId }))).go();
  const byId = new Map<string, UserItem>(records.map((record) => [record.userId, record]));
  const accounts: AccountSummary[] = others.map((item) => ({
    accountId: item.userId,
    name: accountName(byId.get(item.userId)),
    role: item.role,
    current: item.userId === current,
    organizationId: byId.get(item.userId)?.organizationId ?? null,
  }));
  // One's own account: unless they left it; shown when it has a plan, is the current one, or
  // is the only one (an invited person who never bought a plan has nothing there).
  const ownRecord = byId.get(person.userId);
  const ownShown =
    !own?.removedAt &&
    (current === person.userId ||
      accounts.length === 0 ||
      (!!ownRecord && (ownRecord.subscriptionActive || hasValidPlan(ownRecord))));
  if (ownShown) {
    accounts.unshift({
      accountId: person.userId,
      name: accountName(ownRecord),
      role: own?.role ?? "owner",
      current: current === person.userId,
      organizationId: null,
    });
  }
  return { accounts };
}
