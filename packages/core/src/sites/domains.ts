/**
 * Custom domains with state: the claim (one holder per domain, by a conditional create on
 * the domain's own key), the site's domain fields, verification by real DNS look-ups, and
 * release when the site lets the domain go or is deleted.
 *
 * DynamoDB Local has no transactions here, so changes are ordered steps that are safe to
 * repeat: claim first, then the site, then release the old claim. A claim left behind by a
 * crash between steps is recognised as stale (its site does not hold the domain) and given up
 * when someone else asks for the domain.
 */

import * as Activities from "../activities/index";
import { type DnsLookups, dnsLookupsFromConfig } from "../adapters/dns";
import type { AddDomainResponse, VerifyDomainResponse } from "../contracts/sites";
import { db, isConditionFailure, type SiteItem } from "../db/service";
import { ConflictError, NotFoundError, UnprocessableError } from "../errors";
import { emit } from "../events/emit";
import {
  checkRecords,
  type DomainSettings,
  dnsRecordsFor,
  isVerified,
  normalizeDomain,
} from "./domain-rules";
import { domainSettingsFromConfig } from "./domain-settings";
import { siteView } from "./view";

export const DOMAIN_ADDED_MESSAGE =
  "Domain successfully added to your site. Configure DNS records below.";
export const DOMAIN_TAKEN_MESSAGE = "This domain is already connected to another site";

/** A claim younger than this may belong to an add that is still running: never stale. */
const CLAIM_GRACE_MS = 5 * 60 * 1000;

async function readSite(userId: string, siteId: string): Promise<SiteItem> {
  const { data } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!data) throw new NotFoundError("Site not found");
  return data;
}

/**
 * Takes the domain for this site. Idempotent for the same site; a domain held by another
 * site (any customer's) is a ConflictError unless that claim is stale.
 */
async function claim(domain: string, userId: string, siteId: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await db.entities.domainClaim.create({ domain, userId, siteId }).go();
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { data: holder } = await db.entities.domainClaim.get({ domain }).go({ consistent: true });
    if (!holder) continue; // released in between: try again
    if (holder.userId === userId && holder.siteId === siteId) return;
    if (!(await isStale(holder)))
      throw new ConflictError(DOMAIN_TAKEN_MESSAGE, { domain: DOMAIN_TAKEN_MESSAGE });
    await release(domain, holder.userId, holder.siteId);
  }
  throw new ConflictError(DOMAIN_TAKEN_MESSAGE, { domain: DOMAIN_TAKEN_MESSAGE });
}

async function isStale(holder: {
  domain: string;
  userId: string;
  siteId: string;
  createdAt: string;
}) {
  if (Date.now() - Date.parse(holder.createdAt) < CLAIM_GRACE_MS) return false;
  const { data: site } = await db.entities.site
    .get({ userId: holder.userId, siteId: holder.siteId })
    .go({ consistent: true });
  return site?.customDomain !== holder.domain;
}

/** Gives the domain up, but only if this site still holds it (never someone else's claim). */
export async function release(domain: string, userId: string, siteId: string): Promise<void> {
  try {
    await db.entities.domainClaim
      .delete({ domain })
      .where((attr, op) => `${op.eq(attr.userId, userId)} AND ${op.eq(attr.siteId, siteId)}`)
      .go();
  } catch (error) {
    // Already gone, or held by another site now: either way not ours to delete.
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Points the site at `rawDomain` (validated and normalised), releasing its previous domain.
 * The new domain starts `pending` until verified.
 */
export async function setDomain(
  userId: string,
  site: SiteItem,
  rawDomain: string,
  settings: DomainSettings = domainSettingsFromConfig(),
): Promise<{ site: SiteItem; domain: string; changed: boolean }> {
  const domain = normalizeDomain(rawDomain, settings);
  await claim(domain, userId, site.siteId);
  if (site.customDomain === domain) return { site, domain, changed: false };

  let updated: SiteItem;
  try {
    const { data } = await db.entities.site
      .patch({ userId, siteId: site.siteId })
      .set({ customDomain: domain, domainStatus: "pending" })
      .remove(["domainVerifiedAt"])
      .go({ response: "all_new" });
    updated = data as SiteItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The site was deleted meanwhile: the claim must not outlive it.
    await release(domain, userId, site.siteId);
    throw new NotFoundError("Site not found");
  }
  if (site.customDomain) await release(site.customDomain, userId, site.siteId);
  return { site: updated, domain, changed: true };
}

/** Removes the site's custom domain and gives up its claim. */
export async function clearDomain(userId: string, site: SiteItem): Promise<SiteItem> {
  if (!site.customDomain) return site;
  const { data } = await db.entities.site
    .patch({ userId, siteId: site.siteId })
    .remove(["customDomain", "domainStatus", "domainVerifiedAt"])
    .go({ response: "all_new" });
  await release(site.customDomain, userId, site.siteId);
  return data as SiteItem;
}

/** POST /api/sites/{id}/domain */
export async function addDomain(
  userId: string,
  siteId: string,
  rawDomain: string,
): Promise<AddDomainResponse> {
  const settings = domainSettingsFromConfig();
  const current = await readSite(userId, siteId);
  const { site, domain, changed } = await setDomain(userId, current, rawDomain, settings);
  if (changed) {
    await Activities.record(userId, {
      type: "domain_added",
      description: `Custom domain ${domain} added to ${site.name}`,
      siteId,
    });
  }
  return {
    success: true,
    message: DOMAIN_ADDED_MESSAGE,
    domain,
    records: dnsRecordsFor(domain, settings),
    site: await siteView(site),
  };
}

/** POST /api/sites/{id}/verify-domain: asks DNS whether the records are in place. */
export async function verifyDomain(
  userId: string,
  siteId: string,
  lookups: DnsLookups = dnsLookupsFromConfig(),
): Promise<VerifyDomainResponse> {
  const settings = domainSettingsFromConfig();
  let site = await readSite(userId, siteId);
  const domain = site.customDomain;
  if (!domain) throw new UnprocessableError("Add a custom domain before verifying it");

  const records = dnsRecordsFor(domain, settings);
  const hosts = [...new Set(records.map((r) => r.host))];
  const [cnames, addresses] = await Promise.all([
    Promise.all(hosts.map(async (h) => [h, await lookups.cname(h)] as const)),
    Promise.all(hosts.map(async (h) => [h, await lookups.a(h)] as const)),
  ]);
  const checks = checkRecords(records, { cname: new Map(cnames), a: new Map(addresses) });
  const verified = isVerified(domain, checks);

  if (verified && site.domainStatus !== "active") {
    try {
      const { data } = await db.entities.site
        .patch({ userId, siteId })
        .set({
          domainStatus: "active",
          domainVerifiedAt: new Date().toISOString(),
          sslEnabled: true,
        })
        // Only if the domain is still the one we looked up (a concurrent change wins).
        .where((attr, op) => op.eq(attr.customDomain, domain))
        .go({ response: "all_new" });
      site = data as SiteItem;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      throw new ConflictError("The site's domain changed while it was being verified");
    }
    await Activities.record(userId, {
      type: "domain_verified",
      description: `Custom domain ${domain} verified for ${site.name}`,
      siteId,
    });
    await emit({ type: "domain.verified", userId, siteId, siteName: site.name, domain });
  }
  return { verified, domain, records, checks, site: await siteView(site) };
}
