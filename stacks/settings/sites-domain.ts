/**
 * The stage settings of the customers' sites (docs/hosting.md "On AWS"): SITES_DOMAIN, the
 * provider's hosting domain, with exactly one of SITES_HOSTED_ZONE (a Route 53 zone the stack
 * makes the `*.SITES_DOMAIN` certificate and DNS record in) or SITES_CERTIFICATE_ARN (an ACM
 * certificate in us-east-1 covering `*.SITES_DOMAIN`; DNS pointed by hand at the SitesEndpoint
 * output). Every stage needs them: without a hosting domain nothing the team deploys is served.
 */

import { HOSTNAME, stageNotConfigured } from "./values";

export type SitesDomain = {
  /** e.g. sites.example.com: preview and production hosts are one label under it. */
  domainName: string;
} & ({ hostedZone: string } | { certificateArn: string });

const CERTIFICATE_ARN = /^arn:aws:acm:([a-z0-9-]+):\d{12}:certificate\/[0-9a-f-]{36}$/;
/** ACM's limit for a certificate's first name ("*." + the domain). */
const CERTIFICATE_DOMAIN_MAX = 64;

/** The host name of a URL, or of a bare host, lower-case; undefined when it is neither. */
function hostOf(value: string): string | undefined {
  if (!value) return;
  try {
    return new URL(value.includes("://") ? value : `https://${value}`).hostname.toLowerCase();
  } catch {
    return;
  }
}

/**
 * Reads SITES_DOMAIN and its certificate source for `stage`. Throws one error naming every
 * problem. `appUrl` is the portal's origin: the hosting domain must not be the portal's domain
 * or under it (a customer's HTML must never share the portal's cookies, docs/decisions.md).
 */
export function readSitesDomain(
  stage: string,
  env: Record<string, string | undefined> = process.env,
  appUrl = env.APP_URL,
): SitesDomain {
  const value = (name: string) => env[name]?.trim() ?? "";
  const domainName = value("SITES_DOMAIN").toLowerCase().replace(/\.$/, "");
  const hostedZone = value("SITES_HOSTED_ZONE").toLowerCase().replace(/\.$/, "");
  const certificateArn = value("SITES_CERTIFICATE_ARN");
  const problems: string[] = [];

  if (!HOSTNAME.test(domainName)) {
    problems.push(
      "SITES_DOMAIN must be the hosting domain customers' sites are served under, e.g. sites-example.net (a registrable domain apart from the portal's)",
    );
  } else {
    const portalHost = appUrl ? hostOf(appUrl) : undefined;
    if (
      portalHost &&
      (portalHost === domainName ||
        portalHost.endsWith(`.${domainName}`) ||
        domainName.endsWith(`.${portalHost}`))
    ) {
      problems.push(
        `SITES_DOMAIN ${domainName} shares a domain with the portal (${portalHost}): customers' pages would share its origin or cookies`,
      );
    }
    if (`*.${domainName}`.length > CERTIFICATE_DOMAIN_MAX) {
      problems.push(
        `SITES_DOMAIN is too long: *.${domainName} is over the ${CERTIFICATE_DOMAIN_MAX} characters ACM takes as a certificate's name`,
      );
    }
  }
  if (hostedZone && certificateArn) {
    problems.push("set one of SITES_HOSTED_ZONE or SITES_CERTIFICATE_ARN, not both");
  } else if (!hostedZone && !certificateArn) {
    problems.push(
      "SITES_DOMAIN needs SITES_HOSTED_ZONE (a Route 53 zone for its wildcard certificate and DNS record) or SITES_CERTIFICATE_ARN (an ACM certificate for *.SITES_DOMAIN in us-east-1)",
    );
  }
  if (hostedZone) {
    if (!HOSTNAME.test(hostedZone)) {
      problems.push("SITES_HOSTED_ZONE must be a Route 53 hosted zone's name, e.g. example.net");
    } else if (domainName !== hostedZone && !domainName.endsWith(`.${hostedZone}`)) {
      problems.push(`SITES_DOMAIN ${domainName} is not in the hosted zone ${hostedZone}`);
    }
  }
  if (certificateArn) {
    const region = CERTIFICATE_ARN.exec(certificateArn)?.[1];
    if (!region) {
      problems.push(
        "SITES_CERTIFICATE_ARN must be an ACM certificate ARN (arn:aws:acm:us-east-1:<account>:certificate/<id>)",
      );
    } else if (region !== "us-east-1") {
      problems.push(
        `SITES_CERTIFICATE_ARN is in ${region}: CloudFront takes certificates only from us-east-1`,
      );
    }
  }
  if (problems.length > 0) throw stageNotConfigured(stage, problems);
  return hostedZone ? { domainName, hostedZone } : { domainName, certificateArn };
}
