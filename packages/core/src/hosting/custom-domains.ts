/**
 * Custom domains on the hosting (docs/hosting.md "Custom domains over HTTPS"): a verified domain
 * (recorded by Verify Domain, sites/domain-attachment.ts) gets a CloudFront distribution tenant for it and its www/apex partner, with a managed
 * certificate, and routing entries (the domain serves the site, the partner redirects to it).
 * The tenant and its certificate's state are kept as a `hostingTenant` item and copied onto the
 * site for its view; the scheduled check (checkTenants) follows the certificate, retries what
 * could not be done at once, and takes down the tenants of domains the sites no longer hold
 * (removed, changed, site deleted).
 */
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
import type { CertificateState } from "../db/entities/hosting-tenant";
import { db, type HostingTenantItem, type SiteItem } from "../db/service";
import type { CertificateFailure } from "../sites/certificate-state";
import { namesNotPointing, recordState } from "../sites/domain-hosting";
import type { DomainSettings } from "../sites/domain-rules";
import { domainSettingsFromConfig } from "../sites/domain-settings";
import { writeLive } from "./routing-entries";

/** A tenant whose certificate is not issued this long after it was made counts as stuck. */
export const STUCK_AFTER_MS = 24 * 60 * 60 * 1000;
/** The metric the certificates alarm reads (stacks/Monitoring.ts HOSTING_METRICS). */
export const CERTIFICATES_STUCK_METRIC = "CertificatesStuck";

const redirectEntry = (to: string) => JSON.stringify({ r: to });

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
    await recordState(tenant, { state: "waiting_dns" });
    return "waiting_dns";
  }
  if (details.status === "issued") {
    await recordState(tenant, { state: "active" });
    return "active";
  }
  if (details.status === "pending-validation") {
    const missing = await namesNotPointing(tenant.names, settings, lookups);
    if (missing.length > 0) {
      await recordState(tenant, { state: "waiting_dns", detail: missing.join(",") });
      return "waiting_dns";
    }
    await recordState(tenant, { state: "issuing" });
    return "issuing";
  }
  const reason: CertificateFailure =
    details.status === "validation-timed-out" ||
    details.status === "revoked" ||
    details.status === "expired"
      ? details.status
      : "failed";
  await recordState(tenant, { state: "failed", detail: reason });
  return "failed";
}

/** Makes the record's tenant; what CloudFront refuses is recorded in words. */
async function makeTenant(
  tenant: HostingTenantItem,
  site: SiteItem,
  lookups: DnsLookups,
  settings: DomainSettings,
): Promise<CertificateState> {
  try {
    const made = await createTenant(tenant.names);
    await db.entities.hostingTenant
      .patch({ domain: tenant.domain, siteId: tenant.siteId })
      .set({ tenantId: made.id })
      .go();
    await serve(tenant, site);
    return refresh({ ...tenant, tenantId: made.id }, lookups, settings);
  } catch (error) {
    if (error instanceof TenantLimitError) {
      await recordState(tenant, { state: "failed", detail: "limit" });
      return "failed";
    }
    if (error instanceof TenantNameTakenError) {
      // An earlier holder's tenant is still being taken down: the check tries again.
      await recordState(tenant, { state: "failed", detail: "taken" });
      return "failed";
    }
    throw error;
  }
}

/** The partner redirects to the domain; the domain serves the site's live deployment, if any. */
async function serve(tenant: HostingTenantItem, site: SiteItem): Promise<void> {
  const [domain, partner] = tenant.names;
  if (domain && partner) await writeEntries({ put: { [partner]: redirectEntry(domain) } });
  if (site.liveDeploymentId) {
    const { data: live } = await db.entities.deployment
      .get({ userId: site.userId, siteId: site.siteId, deploymentId: site.liveDeploymentId })
      .go();
    if (live) await writeLive(site, live);
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
  // Domains let go first: a new holder's tenant can take a name only once the old one is gone.
  const holding: { tenant: HostingTenantItem; site: SiteItem }[] = [];
  for (const tenant of tenants) {
    const { data: site } = await db.entities.site
      .get({ userId: tenant.userId, siteId: tenant.siteId })
      .go({ consistent: true });
    if (
      !tenant.detachedAt &&
      site?.customDomain === tenant.domain &&
      site.domainStatus === "active"
    ) {
      holding.push({ tenant, site });
      continue;
    }
    await detach(tenant);
    result.detached += 1;
  }
  for (const { tenant, site } of holding) {
    result.checked += 1;
    let state = tenant.state;
    if (!tenant.tenantId) state = await makeTenant(tenant, site, lookups, settings);
    else if (state !== "active") {
      state = await refresh({ ...tenant, tenantId: tenant.tenantId }, lookups, settings);
    }
    const old = now.getTime() - Date.parse(tenant.createdAt) > STUCK_AFTER_MS;
    if (state === "failed" || (state !== "active" && old)) result.stuck.push(tenant.domain);
  }
  emitMetric(CERTIFICATES_STUCK_METRIC, result.stuck.length);
  return result;
}
