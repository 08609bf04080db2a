/**
 * The names of the people records point at, read when a response is made (docs/team.md, "Who
 * did it"; docs/decisions.md): a record keeps only the person's id, and one batch read of their
 * person records gives every name a page shows. A renamed member shows their new name, a
 * member who left still shows theirs, and a person who erased themselves (their record gone, and
 * with it every membership) shows FORMER_MEMBER without any account's records being rewritten.
 */
import { FORMER_MEMBER, type MemberRef } from "../contracts/attribution";
import { db, type UserItem } from "../db/service";
import { usersById } from "../staff/users";
import { personName } from "../team/people";

/** People by id, as personRef reads them. */
export type People = ReadonlyMap<string, MemberRef>;

export const NO_PEOPLE: People = new Map();

/** A person's name as the portal shows it: first and last name, else their e-mail address. */
export function displayName(user: Pick<UserItem, "firstName" | "lastName" | "email">): string {
  return personName(user) ?? user.email;
}

/**
 * The people these ids name, in one batch read of their records; ids that are absent or repeated
 * are skipped. A person who joined an account and acted before their first sign-in made their
 * record (the SPA's user sync) is named from one of their membership items, which hold the name
 * and address their invitation's acceptance gave; anyone with neither is gone.
 */
export async function peopleByIds(ids: Iterable<string | null | undefined>): Promise<People> {
  const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
  const users = await usersById(wanted);
  const people = new Map(
    [...users.values()].map((user) => [user.userId, { id: user.userId, name: displayName(user) }]),
  );
  const missing = wanted.filter((id) => !people.has(id));
  const joined = await Promise.all(
    missing.map(async (memberId) => {
      const { data } = await db.entities.membership.query.byMember({ memberId }).go({ limit: 1 });
      return data[0];
    }),
  );
  for (const item of joined) {
    if (item) people.set(item.memberId, { id: item.memberId, name: item.name ?? item.email });
  }
  return people;
}

/** The person `id` names (null: nobody), FORMER_MEMBER when their record is gone. */
export function personRef(id: string | null | undefined, people: People): MemberRef | null {
  if (!id) return null;
  return people.get(id) ?? { id, name: FORMER_MEMBER };
}
