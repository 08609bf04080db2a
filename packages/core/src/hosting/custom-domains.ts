/**
 * Custom domains on the hosting (docs/hosting.md "Custom domains over HTTPS"): a verified domain
 * gets a CloudFront distribution tenant for it and its www/apex partner, with a managed
 * certificate, and routing entries (the domain serves the site, the partner redirects to it).
 * The tenant and its certificate's state are kept as a `hostingTenant` item and copied onto the
 * site for its view; the scheduled check (checkTenants) follows the certificate, retries what
 * could not be done at once, and takes down the tenants of domains the sites no longer hold
 * (removed, changed, site deleted).
 */
import { parse } from "tldts-icann";
import { type DnsLookups, dnsLookupsFromConfig } from "../adapters/dns";
import { writeEntries } from "../adapters/edge-routes";
import {
  certificateDetails,
  createTenant,
  removeTenant,
  TenantLimitError,
  TenantNameTakenError,
} from "../adapters/hosting-tenants";
import { emitMetric } from "../adapters/metrics";
import type { VerifyDomainResponse } from "../contracts/sites";
import type { CertificateState } from "../db/entities/hosting-tenant";
import { db, type HostingTenantItem, isConditionFailure, type SiteItem } from "../db/service";
import type { CertificateFailure } from "../sites/certificate-state";
import {
  checkRecords,
  type DomainSettings,
  dnsRecordsFor,
  pointsAtUs,
} from "../sites/domain-rules";
import { domainSettingsFromConfig } from "../sites/domain-settings";
import * as Domains from "../sites/domains";
import { siteView } from "../sites/view";
import { writeLive } from "./routing-entries";

/** A tenant whose certificate is not issued this long after it was made counts as stuck. */
export const STUCK_AFTER_MS = 24 * 60 * 60 * 1000;
/** The metric the certificates alarm reads (stacks/Monitoring.ts HOSTING_METRICS). */
export const CERTIFICATES_STUCK_METRIC = "CertificatesStuck";

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

const redirectEntry = (to: string) => JSON.stringify({ r: to });

/** The site's current record for the domain (not one being taken down), if any. */
async function recordsOf(domain: string): Promise<HostingTenantItem[]> {
  const { data } = await db.entities.hostingTenant.query
    .byDomain({})
    .begins({ domain })
    .go({ pages: "all" });
  return data.filter((r) => r.domain === domain);
}

/** Which of the names point at our hosting now (docs/domains.md's pointing records). */
async function namesNotPointing(
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
async function record(
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

/** Where the certificate stands, from CloudFront and, while it waits, from DNS. */
async function refresh(
  tenant: HostingTenantItem & { tenantId: string },
  lookups: DnsLookups,
  settings: DomainSettings,
): Promise<CertificateState> {
  const details = await certificateDetails(tenant.tenantId);
  if (!details) {
    // The tenant is gone (deleted by hand): made again by the next check.
    await db.entities.hostingTenant
      .patch({ domain: tenant.domain, siteId: tenant.siteId })
      .remove(["tenantId"])
      .go();
    await record(tenant, { state: "waiting_dns" });
    return "waiting_dns";
  }
  if (details.status === "issued") {
    await record(tenant, { state: "active" });
    return "active";
  }
  if (details.status === "pending-validation") {
    const missing = await namesNotPointing(tenant.names, settings, lookups);
    if (missing.length > 0) {
      await record(tenant, { state: "waiting_dns", detail: missing.join(",") });
      return "waiting_dns";
    }
    await record(tenant, { state: "issuing" });
    return "issuing";
  }
  const reason: CertificateFailure =
    details.status === "validation-timed-out" ||
    details.status === "revoked" ||
    details.status === "expired"
      ? details.status
      : "failed";
  await record(tenant, { state: "failed", detail: reason });
  return "failed";
}

/** Makes the record's tenant; what CloudFront refuses is recorded in words. */
async function makeTenant(
  tenant: HostingTenantItem,
  lookups: DnsLookups,
  settings: DomainSettings,
): Promise<CertificateState> {
  try {
    const made = await createTenant(tenant.names);
    await db.entities.hostingTenant
      .patch({ domain: tenant.domain, siteId: tenant.siteId })
      .set({ tenantId: made.id })
      .go();
    return refresh({ ...tenant, tenantId: made.id }, lookups, settings);
  } catch (error) {
    if (error instanceof TenantLimitError) {
      await record(tenant, { state: "failed", detail: "limit" });
      return "failed";
    }
    if (error instanceof TenantNameTakenError) {
      // An earlier holder's tenant is still being taken down: the check tries again.
      await record(tenant, { state: "failed", detail: "taken" });
      return "failed";
    }
    throw error;
  }
}

/**
 * Lets a record go: its routing entries stop serving (only while it is the domain's current
 * record), and its tenant is disabled, then deleted by the check once CloudFront allows it.
 */
async function detach(tenant: HostingTenantItem): Promise<void> {
  if (!tenant.detachedAt) {
    await writeEntries({ remove: tenant.names });
    await db.entities.hostingTenant
      .patch({ domain: tenant.domain, siteId: tenant.siteId })
      .set({ detachedAt: new Date().toISOString() })
      .go();
  }
  const gone = tenant.tenantId ? await removeTenant(tenant.tenantId) : true;
  if (gone) {
    await db.entities.hostingTenant.delete({ domain: tenant.domain, siteId: tenant.siteId }).go();
  }
}

/**
 * Attaches the site's verified domain: its tenant, certificate and routing entries. Repeating
 * it changes nothing; an earlier holder's record for the domain is taken down first.
 */
export async function attach(
  site: SiteItem,
  lookups: DnsLookups = dnsLookupsFromConfig(),
  settings: DomainSettings = domainSettingsFromConfig(),
): Promise<void> {
  const domain = site.customDomain;
  if (!domain || site.domainStatus !== "active") return;
  const names = domainNames(domain);
  let own: HostingTenantItem | undefined;
  for (const existing of await recordsOf(domain)) {
    if (
      existing.siteId === site.siteId &&
      existing.userId === site.userId &&
      !existing.detachedAt
    ) {
      own = existing;
    } else {
      await detach(existing);
    }
  }
  if (!own) {
    try {
      const { data } = await db.entities.hostingTenant
        .create({
          domain,
          userId: site.userId,
          siteId: site.siteId,
          names,
          state: "waiting_dns",
        })
        .go();
      own = data;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return; // attached by a concurrent call
    }
  }
  // The partner redirects to the domain; the domain serves the live deployment, if any.
  const [, partner] = names;
  if (partner) await writeEntries({ put: { [partner]: redirectEntry(domain) } });
  if (site.liveDeploymentId) {
    const { data: live } = await db.entities.deployment
      .get({ userId: site.userId, siteId: site.siteId, deploymentId: site.liveDeploymentId })
      .go();
    if (live) await writeLive(site, live);
  }
  if (own.tenantId) await refresh({ ...own, tenantId: own.tenantId }, lookups, settings);
  else await makeTenant(own, lookups, settings);
}

/** POST /api/sites/{id}/verify-domain: Verify Domain, then the domain is attached. */
export async function verifyAndAttach(
  userId: string,
  siteId: string,
  lookups: DnsLookups = dnsLookupsFromConfig(),
): Promise<VerifyDomainResponse> {
  const result = await Domains.verifyDomain(userId, siteId, lookups);
  if (!result.verified) return result;
  const { data: site } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!site) return result;
  await attach(site, lookups);
  const { data: attached } = await db.entities.site
    .get({ userId, siteId })
    .go({ consistent: true });
  return attached ? { ...result, site: await siteView(attached) } : result;
}

export interface TenantsCheck {
  checked: number;
  detached: number;
  /** Not issued 24 hours after the tenant was made, or failed. */
  stuck: string[];
}

/**
 * The scheduled check: each tenant's certificate is followed until issued, tenants CloudFront
 * refused are tried again, and the tenants of domains their sites no longer hold are taken
 * down. Publishes how many certificates are stuck (the alarm's metric).
 */
export async function checkTenants(
  now = new Date(),
  lookups: DnsLookups = dnsLookupsFromConfig(),
  settings: DomainSettings = domainSettingsFromConfig(),
): Promise<TenantsCheck> {
  const { data: tenants } = await db.entities.hostingTenant.query.byDomain({}).go({ pages: "all" });
  const result: TenantsCheck = { checked: 0, detached: 0, stuck: [] };
  for (const tenant of tenants) {
    const { data: site } = await db.entities.site
      .get({ userId: tenant.userId, siteId: tenant.siteId })
      .go({ consistent: true });
    const holds = site?.customDomain === tenant.domain && site.domainStatus === "active";
    if (tenant.detachedAt || !holds) {
      await detach(tenant);
      result.detached += 1;
      continue;
    }
    result.checked += 1;
    let state = tenant.state;
    if (!tenant.tenantId) state = await makeTenant(tenant, lookups, settings);
    else if (state !== "active") {
      state = await refresh({ ...tenant, tenantId: tenant.tenantId }, lookups, settings);
    }
    const old = now.getTime() - Date.parse(tenant.createdAt) > STUCK_AFTER_MS;
    if (state === "failed" || (state !== "active" && old)) result.stuck.push(tenant.domain);
  }
  emitMetric(CERTIFICATES_STUCK_METRIC, result.stuck.length);
  return result;
}
