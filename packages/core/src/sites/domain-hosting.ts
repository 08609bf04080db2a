/**
 * The adapter-free part of custom domains on the hosting (docs/hosting.md "Custom domains over
 * HTTPS"): a domain's names, which of them point at us, and the certificate's state as kept on
 * the tenant's item and on the site. Used by Verify Domain (domain-attachment.ts) and the
 * scheduled check (hosting/custom-domains.ts).
 */
import { parse } from "tldts-icann";
import type { DnsLookups } from "../adapters/dns";
import type { CertificateState } from "../db/entities/hosting-tenant";
import { db, type HostingTenantItem, isConditionFailure } from "../db/service";
import { checkRecords, type DomainSettings, dnsRecordsFor, pointsAtUs } from "./domain-rules";

/**
 * The tenant's names: the verified domain first (it serves the site), then its partner, the
 * `www.` name of an apex or the apex of a `www.` name. A deeper name has no partner.
 */
export function domainNames(domain: string): string[] {
  const apex = parse(domain).domain;
  if (!apex) return [domain];
  if (domain === apex) return [domain, `www.${apex}`];
  if (domain === `www.${apex}`) return [domain, apex];
  return [domain];
}

/** Which of the names point at our hosting now (docs/domains.md's pointing records). */
export async function namesNotPointing(
  names: string[],
  settings: DomainSettings,
  lookups: DnsLookups,
): Promise<string[]> {
  const missing: string[] = [];
  for (const name of names) {
    const records = dnsRecordsFor(name, settings);
    const [cname, a] = await Promise.all([lookups.cname(name), lookups.a(name)]);
    const checks = checkRecords(records, {
      cname: new Map([[name, cname]]),
      a: new Map([[name, a]]),
    });
    if (!pointsAtUs(name, checks)) missing.push(name);
  }
  return missing;
}

/** The state in the record and on the site (only while the site still holds the domain). */
export async function recordState(
  tenant: HostingTenantItem,
  change: { state: CertificateState; detail?: string; tenantId?: string },
): Promise<void> {
  const at = new Date().toISOString();
  const stored = db.entities.hostingTenant
    .patch({ domain: tenant.domain, siteId: tenant.siteId })
    .set({
      state: change.state,
      checkedAt: at,
      ...(change.tenantId ? { tenantId: change.tenantId } : {}),
      ...(change.detail === undefined ? {} : { detail: change.detail }),
    });
  await (change.detail === undefined ? stored.remove(["detail"]) : stored).go();
  try {
    let patch = db.entities.site
      .patch({ userId: tenant.userId, siteId: tenant.siteId })
      .set({ certificateState: change.state });
    patch =
      change.detail === undefined
        ? patch.remove(["certificateDetail"])
        : patch.set({ certificateDetail: change.detail });
    await patch
      .where(
        (attr, op) =>
          `${op.eq(attr.customDomain, tenant.domain)} AND ${op.eq(attr.domainStatus, "active")}`,
      )
      .go();
  } catch (error) {
    // The site let the domain go meanwhile: the check takes the tenant down.
    if (!isConditionFailure(error)) throw error;
  }
}
