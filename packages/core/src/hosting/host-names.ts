/**
 * The hosting's host names (docs/hosting.md "Names"): a site's host name (fixed at its first
 * deployment), its production host and each deployment's preview host, under the stage's
 * SITES_DOMAIN. Locally the sites are served on the stack's own port (SITES_PORT), over HTTP.
 */
import { parameter } from "../adapters/bindings";
import type { SiteItem } from "../db/service";

/**
 * At most this many characters of the site's name go into its host name: a preview host's label
 * (26-character id, `--`, the host name) then stays within DNS's 63.
 */
const SLUG_LENGTH = 28;

/** A site's host name: a slug of its name, `-`, and 6 characters of its id (lower-case). */
export function hostNameFor(site: { name: string; siteId: string }): string {
  const slug = site.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_LENGTH)
    .replace(/^-+|-+$/g, "");
  const suffix = site.siteId.slice(-6).toLowerCase();
  return `${slug || "site"}-${suffix}`;
}

/** The stage's hosting domain, or undefined where hosting is not set up. */
export function sitesDomain(): string | undefined {
  const domain = parameter("SITES_DOMAIN")?.trim().toLowerCase();
  return domain || undefined;
}

export const productionHost = (hostName: string, domain: string) => `${hostName}.${domain}`;

/** `<deployment id>--<host name>`: one label under the domain's wildcard certificate. */
export const previewHost = (deploymentId: string, hostName: string, domain: string) =>
  `${deploymentId.toLowerCase()}--${hostName}.${domain}`;

/** The URL a host is served at: https on AWS, http on the local stack's port. */
export function hostUrl(host: string): string {
  const port = parameter("SITES_PORT")?.trim();
  return port ? `http://${host}:${port}/` : `https://${host}/`;
}

/**
 * The hosts that serve the site's live deployment: its production host and its verified custom
 * domain. (The domain's `www` or apex partner redirects to it: hosting/custom-domains.ts writes
 * that entry, which a publish does not change.)
 */
export function siteHosts(
  site: Pick<SiteItem, "hostName" | "customDomain" | "domainStatus">,
): string[] {
  const domain = sitesDomain();
  if (!site.hostName || !domain) return [];
  const hosts = [productionHost(site.hostName, domain)];
  if (site.customDomain && site.domainStatus === "active") {
    hosts.push(site.customDomain.toLowerCase().replace(/\.$/, ""));
  }
  return hosts;
}
