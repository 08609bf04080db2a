/**
 * One of the caller's sites as stored: the read every site route starts with, in a module of its
 * own so a route that needs only this (uptime, screenshot requests) does not carry the rest of
 * the sites module (docs/performance.md "Routes carry only what they call").
 */
import { db, isId, type SiteItem } from "../db/service";
import { NotFoundError } from "../errors";

/** One of the caller's sites as stored; NotFoundError for garbage ids and others' sites. */
export async function getItem(userId: string, siteId: string): Promise<SiteItem> {
  if (!isId(siteId)) throw new NotFoundError("Site not found");
  const { data } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!data) throw new NotFoundError("Site not found");
  return data;
}
