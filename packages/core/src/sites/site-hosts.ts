/**
 * Which hosts are a site's own: where its working and live URLs point, and its custom domain
 * once verified. A Lighthouse run may only set a site's performance score when it measured
 * one of them (docs/security.md, "Background work"): anyone can point a run at a fast page
 * and name their site.
 */
import { normalizeAuditUrl } from "../contracts/audit-jobs";
import type { SiteItem } from "../db/service";

type SiteAddresses = Pick<SiteItem, "url" | "liveUrl" | "customDomain" | "domainStatus">;

/** host[:port] of a URL the way audit URLs are written (lower-case, punycode), or undefined. */
function hostOf(url: string | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  const checked = normalizeAuditUrl(url);
  return "url" in checked ? new URL(checked.url).host : undefined;
}

/** The site's own hosts: its URL's and live URL's, and its custom domain once verified. */
export function siteHosts(site: SiteAddresses): Set<string> {
  const hosts = new Set<string>();
  for (const url of [site.url, site.liveUrl]) {
    const host = hostOf(url);
    if (host) hosts.add(host);
  }
  // A claimed domain is not the site's until its DNS records were verified.
  if (site.customDomain && site.domainStatus === "active") {
    const host = hostOf(`https://${site.customDomain}/`);
    if (host) hosts.add(host);
  }
  return hosts;
}

/** Whether the URL (as a run stores it) is on one of the site's own hosts. */
export function isOnSiteHosts(site: SiteAddresses, url: string): boolean {
  const host = hostOf(url);
  return host !== undefined && siteHosts(site).has(host);
}
