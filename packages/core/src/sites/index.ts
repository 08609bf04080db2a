/**
 * A customer's sites: list, read, settings updates, deletion, custom domains and screenshot
 * requests. Every function takes the caller's id first and reads through the owner's
 * partition, so another customer's site id is simply not found (404).
 */
import * as Activities from "../activities/index";
import type {
  AddDomainResponse,
  RefreshScreenshotResponse,
  RefreshScreenshotsResponse,
  Site,
  SiteUpdate,
  VerifyDomainResponse,
} from "../contracts/sites";
import { db, isConditionFailure, isId, type SiteItem } from "../db/service";
import { NotFoundError } from "../errors";
import * as Domains from "./domains";
import { eraseSite } from "./erase";
import * as Screenshots from "./screenshots";
import { seoPackagesOf, siteView, toSiteView } from "./view";

export { deriveCategory, toSiteView } from "./view";

/** The caller's sites, oldest first (ids are ULIDs, so key order is creation order). */
export async function list(userId: string): Promise<Site[]> {
  const [{ data }, seoPackages] = await Promise.all([
    db.entities.site.query.byOwner({ userId }).go({ pages: "all" }),
    seoPackagesOf(userId),
  ]);
  return Promise.all(data.map((site) => toSiteView(site, seoPackages.get(site.siteId) ?? null)));
}

/** One of the caller's sites as stored; NotFoundError for garbage ids and others' sites. */
export async function getItem(userId: string, siteId: string): Promise<SiteItem> {
  if (!isId(siteId)) throw new NotFoundError("Site not found");
  const { data } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!data) throw new NotFoundError("Site not found");
  return data;
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
export async function update(userId: string, siteId: string, patch: SiteUpdate): Promise<Site> {
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
  });
  return siteView(site);
}

/** DELETE /api/sites/{id}: the site and everything stored for it (erase.ts). */
export async function remove(userId: string, siteId: string): Promise<void> {
  const site = await getItem(userId, siteId);
  await eraseSite(site);
  await Activities.record(userId, {
    type: "site_deleted",
    description: `Site ${site.name} deleted`,
    siteId,
  });
}

export async function addDomain(
  userId: string,
  siteId: string,
  domain: string,
): Promise<AddDomainResponse> {
  await getItem(userId, siteId); // 404 for garbage ids before any work
  return Domains.addDomain(userId, siteId, domain);
}

export async function verifyDomain(userId: string, siteId: string): Promise<VerifyDomainResponse> {
  await getItem(userId, siteId);
  return Domains.verifyDomain(userId, siteId);
}

export function refreshScreenshots(userId: string): Promise<RefreshScreenshotsResponse> {
  return Screenshots.requestAll(userId);
}

export async function refreshScreenshot(
  userId: string,
  siteId: string,
): Promise<RefreshScreenshotResponse> {
  return Screenshots.requestOne(await getItem(userId, siteId));
}
