/** The users behind a page of records, in one batch read: a module of its own, so a route that
 * needs only this does not carry the console's customer pages (docs/performance.md "`bundles`"). */
import { db, type UserItem } from "../db/service";

export async function usersById(ids: string[]): Promise<Map<string, UserItem>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data } = await db.entities.user.get(unique.map((userId) => ({ userId }))).go();
  return new Map(data.map((user) => [user.userId, user]));
}
