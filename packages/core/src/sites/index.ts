/**
 * A customer's sites: list, read, settings updates, deletion, custom domains and screenshot
 * requests. Every function takes the caller's id first and reads through the owner's
 * partition, so another customer's site id is simply not found (404).
 */
import type { Site } from "../contracts/sites";
import { db, isId, type SiteItem } from "../db/service";
import { NotFoundError } from "../errors";
import { toSiteView } from "./view";

export { deriveCategory, toSiteView } from "./view";

/** The caller's sites, oldest first (ids are ULIDs, so key order is creation order). */
export async function list(userId: string): Promise<Site[]> {
  const { data } = await db.entities.site.query.byOwner({ userId }).go({ pages: "all" });
  return Promise.all(data.map(toSiteView));
}

/** One of the caller's sites as stored; NotFoundError for garbage ids and others' sites. */
export async function getItem(userId: string, siteId: string): Promise<SiteItem> {
  if (!isId(siteId)) throw new NotFoundError("Site not found");
  const { data } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!data) throw new NotFoundError("Site not found");
  return data;
}

export async function get(userId: string, siteId: string): Promise<Site> {
  return toSiteView(await getItem(userId, siteId));
}
