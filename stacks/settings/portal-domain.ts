/**
 * The portal's own domain (PORTAL_DOMAIN with a hosted zone or a certificate) and the rule that a
 * production Clerk instance signs users in only under its own domain (docs/operations.md
 * "Custom domain").
 */
import type { StageSettings } from "./stage-settings";
import { HOSTNAME, httpsOrigin, stageNotConfigured } from "./values";

/**
 * The portal's own host name on the distribution (docs/operations.md "Custom domain"): the
 * distribution answers on it with an ACM certificate in us-east-1, where CloudFront takes its
 * certificates from (sst.config.ts deploys there), and APP_URL is derived from it.
 */
export type PortalDomain = {
  /** e.g. portal.example.com */
  domainName: string;
  /** `https://<domainName>`: APP_URL of the stage. */
  appUrl: string;
} & (
  | {
      /** The Route 53 zone the certificate's validation and the alias records are made in. */
      hostedZone: string;
    }
  | {
      /** An existing us-east-1 certificate covering domainName; the DNS is pointed by hand. */
      certificateArn: string;
    }
);

/** ACM's limit for a certificate's first name; a longer host fits only as an alternate name. */
const CERTIFICATE_DOMAIN_MAX = 64;
const CERTIFICATE_ARN = /^arn:aws:acm:([a-z0-9-]+):\d{12}:certificate\/[0-9a-f-]{36}$/;

/**
 * Reads PORTAL_DOMAIN with exactly one of PORTAL_HOSTED_ZONE or PORTAL_CERTIFICATE_ARN.
 * Answers undefined for a stage without a domain, which keeps the two-step APP_URL (deploy,
 * then set APP_URL to the SiteUrl output). Throws one error naming every problem.
 */
export function readPortalDomain(
  stage: string,
  env: Record<string, string | undefined> = process.env,
): PortalDomain | undefined {
  const value = (name: string) => env[name]?.trim() ?? "";
  const domainName = value("PORTAL_DOMAIN").toLowerCase();
  const hostedZone = value("PORTAL_HOSTED_ZONE").toLowerCase().replace(/\.$/, "");
  const certificateArn = value("PORTAL_CERTIFICATE_ARN");
  const problems: string[] = [];

  if (!domainName) {
    if (hostedZone || certificateArn) {
      problems.push("PORTAL_HOSTED_ZONE and PORTAL_CERTIFICATE_ARN only apply with PORTAL_DOMAIN");
      throw stageNotConfigured(stage, problems);
    }
    return;
  }

  if (!HOSTNAME.test(domainName)) {
    problems.push("PORTAL_DOMAIN must be the portal's host name, e.g. portal.example.com");
  }
  if (hostedZone && certificateArn) {
    problems.push("set one of PORTAL_HOSTED_ZONE or PORTAL_CERTIFICATE_ARN, not both");
  } else if (!hostedZone && !certificateArn) {
    problems.push(
      "PORTAL_DOMAIN needs PORTAL_HOSTED_ZONE (a Route 53 zone to make the certificate and DNS record in) or PORTAL_CERTIFICATE_ARN (an ACM certificate in us-east-1)",
    );
  }
  if (hostedZone) {
    if (!HOSTNAME.test(hostedZone)) {
      problems.push("PORTAL_HOSTED_ZONE must be a Route 53 hosted zone's name, e.g. example.com");
    } else if (domainName !== hostedZone && !domainName.endsWith(`.${hostedZone}`)) {
      problems.push(`PORTAL_DOMAIN ${domainName} is not in the hosted zone ${hostedZone}`);
    }
    if (domainName.length > CERTIFICATE_DOMAIN_MAX) {
      problems.push(
        `PORTAL_DOMAIN is longer than the ${CERTIFICATE_DOMAIN_MAX} characters ACM takes as a certificate's name: make the certificate by hand and set PORTAL_CERTIFICATE_ARN`,
      );
    }
  }
  if (certificateArn) {
    const region = CERTIFICATE_ARN.exec(certificateArn)?.[1];
    if (!region) {
      problems.push(
        "PORTAL_CERTIFICATE_ARN must be an ACM certificate ARN (arn:aws:acm:us-east-1:<account>:certificate/<id>)",
      );
    } else if (region !== "us-east-1") {
      problems.push(
        `PORTAL_CERTIFICATE_ARN is in ${region}: CloudFront takes certificates only from us-east-1`,
      );
    }
  }

  const appUrl = `https://${domainName}`;
  const explicit = value("APP_URL");
  if (explicit && httpsOrigin(explicit) !== appUrl) {
    problems.push(
      `APP_URL is derived from PORTAL_DOMAIN (${appUrl}): leave it unset, or set it to that`,
    );
  }

  if (problems.length > 0) throw stageNotConfigured(stage, problems);
  return hostedZone ? { domainName, appUrl, hostedZone } : { domainName, appUrl, certificateArn };
}

/**
 * A production Clerk instance (pk_live_) serves its Frontend API at clerk.<its domain> and signs
 * users in only on that domain and its subdomains, so a stage whose APP_URL is elsewhere (the
 * distribution's *.cloudfront.net name included) would deploy a portal nobody can sign in to.
 */
export function requireClerkDomain(stage: string, settings: StageSettings): void {
  if (!settings.clerkPublishableKey.startsWith("pk_live_")) return;
  const appHost = new URL(settings.parameters.APP_URL).hostname;
  const clerkDomain = /^clerk\.(.+)$/.exec(settings.clerkFrontendApiHost)?.[1];
  if (!clerkDomain) {
    throw stageNotConfigured(stage, [
      `VITE_CLERK_PUBLISHABLE_KEY is a production key whose Frontend API host (${settings.clerkFrontendApiHost}) is not clerk.<domain>`,
    ]);
  }
  if (appHost !== clerkDomain && !appHost.endsWith(`.${clerkDomain}`)) {
    throw stageNotConfigured(stage, [
      `APP_URL's host ${appHost} is not ${clerkDomain} or under it, the domain of the production Clerk instance (pk_live_): set PORTAL_DOMAIN to a host under ${clerkDomain}`,
    ]);
  }
}

/**
 * The distribution answers on its own `*.cloudfront.net` name, and on another host only when the
 * stage names it (PORTAL_DOMAIN, which also brings the certificate). A production stage (the
 * prod stage, or any with a live Clerk key) whose APP_URL is some other host without
 * PORTAL_DOMAIN would deploy a portal that is not served at APP_URL: nobody could sign in.
 */
export function requirePortalDomain(
  stage: string,
  settings: StageSettings,
  domain: PortalDomain | undefined,
): void {
  if (domain) return;
  if (stage !== "prod" && !settings.clerkPublishableKey.startsWith("pk_live_")) return;
  const appHost = new URL(settings.parameters.APP_URL).hostname;
  if (appHost.endsWith(".cloudfront.net")) return;
  throw stageNotConfigured(stage, [
    `APP_URL's host ${appHost} is not the distribution's own name (*.cloudfront.net), and without PORTAL_DOMAIN the distribution answers only on that name: set PORTAL_DOMAIN=${appHost} with PORTAL_HOSTED_ZONE or PORTAL_CERTIFICATE_ARN, and leave APP_URL unset (docs/operations.md, "Custom domain")`,
  ]);
}
