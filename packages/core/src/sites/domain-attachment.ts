/**
 * Verify Domain's side of the hosting (docs/hosting.md "Custom domains over HTTPS"): a verified
 * domain is recorded for the hosting, with its names and where its certificate will stand by
 * DNS now; hosting/custom-domains.ts's scheduled check makes its CloudFront tenant and routing
 * entries. Kept apart from that module so the verify route carries no CloudFront client.
 */
import { type DnsLookups, dnsLookupsFromConfig } from "../adapters/dns";
import type { VerifyDomainResponse } from "../contracts/sites";
import { db, isConditionFailure, type SiteItem } from "../db/service";
import { domainNames, namesNotPointing, recordState } from "./domain-hosting";
import { domainSettingsFromConfig } from "./domain-settings";
import * as Domains from "./domains";
import { siteView } from "./view";

/** Records the site's verified domain for the hosting, once; its state by DNS now. */
export async function recordAttachment(site: SiteItem, lookups: DnsLookups): Promise<void> {
  const domain = site.customDomain;
  if (!domain || site.domainStatus !== "active") return;
  const names = domainNames(domain);
  const missing = await namesNotPointing(names, domainSettingsFromConfig(), lookups);
  const state = missing.length > 0 ? "waiting_dns" : "issuing";
  try {
    const { data } = await db.entities.hostingTenant
      .create({ domain, userId: site.userId, siteId: site.siteId, names, state })
      .go();
    await recordState(data, { state, ...(missing.length ? { detail: missing.join(",") } : {}) });
  } catch (error) {
    // Recorded before (verified again): the check keeps it up to date.
    if (!isConditionFailure(error)) throw error;
  }
}

/** POST /api/sites/{id}/verify-domain: Verify Domain, then the domain is recorded for hosting. */
export async function verifyAndAttach(
  userId: string,
  siteId: string,
  lookups: DnsLookups = dnsLookupsFromConfig(),
): Promise<VerifyDomainResponse> {
  const result = await Domains.verifyDomain(userId, siteId, lookups);
  if (!result.verified) return result;
  const { data: site } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!site) return result;
  await recordAttachment(site, lookups);
  const { data: recorded } = await db.entities.site
    .get({ userId, siteId })
    .go({ consistent: true });
  return recorded ? { ...result, site: await siteView(recorded) } : result;
}
