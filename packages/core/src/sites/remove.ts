/**
 * DELETE /api/sites/{id}: a customer deletes one of their sites, and with it everything stored
 * for it (erase.ts). Its own module: only this route carries the erasure's buckets.
 */
import * as Activities from "../activities/index";
import { eraseSite } from "./erase";
import { getItem } from "./item";

/** DELETE /api/sites/{id}: the site and everything stored for it (erase.ts). */
export async function remove(userId: string, siteId: string, by: string): Promise<void> {
  const site = await getItem(userId, siteId);
  await eraseSite(site);
  await Activities.record(userId, {
    type: "site_deleted",
    description: `Site ${site.name} deleted`,
    siteId,
    actorId: by,
  });
}
