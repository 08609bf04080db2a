/**
 * A customer's sites: list, read, settings updates and custom domains. Every function takes the
 * caller's id first and reads through the owner's partition, so another customer's site id is
 * simply not found (404). Deletion (remove.ts) and screenshot requests (refresh.ts) are modules
 * of their own, so the routes that list or update sites do not carry what erases a site
 * (docs/performance.md "Routes carry only what they call").
 */
import * as Activities from "../activities/index";
import type { AddDomainResponse, Site, SiteUpdate, VerifyDomainResponse } from "../contracts/sites";
import { db, isConditionFailure, type SiteItem } from "../db/service";
import { NotFoundError } from "../errors";
import * as Domains from "./domains";
import { getItem } from "./item";
import { seoPackagesOf, siteView, toSiteView } from "./view";

export { getItem } from "./item";
export { deriveCategory, toSiteView } from "./view";

/** The caller's sites, oldest first (ids are ULIDs, so key order is creation order). */
export async function list(userId: string): Promise<Site[]> {
  const [{ data }, seoPackages] = await Promise.all([
    db.entities.site.query.byOwner({ userId }).go({ pages: "all" }),
    seoPackagesOf(userId),
  ]);
  return Promise.all(data.map((site) => toSiteView(site, seoPackages.get(site.siteId) ?? null)));
}

export async function get(userId: string, siteId: string): Promise<Site> {
  return siteView(await getItem(userId, siteId));
}

/** Fields whose empty value means "none": stored as absent rather than as "". */
const CLEARABLE = ["description", "logoUrl", "faviconUrl"] as const;

/**
 * PATCH /api/sites/{id}: the settings page's fields only (the contract refuses any other).
 * A changed custom domain goes through the same claim as Add Domain, first, so a refused
 * domain leaves every other field as it was.
 */
/** The account's site changed by the member `by` (named on the activity, docs/team.md). */
export async function update(
  userId: string,
  siteId: string,
  patch: SiteUpdate,
  by: string,
): Promise<Site> {
  let site = await getItem(userId, siteId);
  const { customDomain, ...fields } = patch;

  if (customDomain !== undefined) {
    const wanted = customDomain.trim().toLowerCase().replace(/\.$/, "");
    if (wanted === "") site = await Domains.clearDomain(userId, site);
    else if (wanted !== site.customDomain) {
      site = (await Domains.setDomain(userId, site, customDomain)).site;
    }
  }

  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if ((CLEARABLE as readonly string[]).includes(name) && value === "") remove.push(name);
    else set[name] = value;
  }
  if (Object.keys(set).length > 0 || remove.length > 0) {
    try {
      let change = db.entities.site.patch({ userId, siteId }).set(set);
      if (remove.length > 0) change = change.remove(remove as (typeof CLEARABLE)[number][]);
      const { data } = await change.go({ response: "all_new" });
      site = data as SiteItem;
    } catch (error) {
      if (isConditionFailure(error)) throw new NotFoundError("Site not found");
      throw error;
    }
  }
  await Activities.record(userId, {
    type: "site_updated",
    description: `Settings updated for ${site.name}`,
    siteId,
    actorId: by,
  });
  return siteView(site);
}

export async function addDomain(
  userId: string,
  siteId: string,
  domain: string,
  by: string,
): Promise<AddDomainResponse> {
  await getItem(userId, siteId); // 404 for garbage ids before any work
  return Domains.addDomain(userId, siteId, domain, by);
}

export async function verifyDomain(userId: string, siteId: string): Promise<VerifyDomainResponse> {
  await getItem(userId, siteId);
  return Domains.verifyDomain(userId, siteId);
}
