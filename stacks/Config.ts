/**
 * Per-stage settings and the Config.Secret / Config.Parameter constructs every function binds.
 *
 * Secrets live in SSM and are set once per stage with `npx sst secrets set <NAME> <value>`.
 * Parameter values and the SPA's Clerk publishable key are read from the environment when SST
 * synthesises the app; SST loads `.env`, `.env.local`, `.env.<stage>` and `.env.<stage>.local`
 * first, so each stage keeps its values in its own `.env.<stage>` file.
 *
 * Everything SST synthesises is deployed to AWS (`sst deploy` and `sst dev` alike; the offline
 * local stack does not use SST), so the rules below hold for every stage: a missing or malformed
 * value stops synthesis instead of shipping a site that would fall back to the development
 * identity provider or point customers at invented DNS targets.
 */
import { isIP, isIPv4 } from "node:net";
import { aws_logs as logs } from "aws-cdk-lib";
import { Construct } from "constructs";
import { Config } from "sst/constructs";

export const secretNames = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "CLERK_JWT_KEY",
  // Keys the daily salt of the cookie-free visitor hash (page views); at least 32 characters.
  "ANALYTICS_SALT_KEY",
  // Signs the unsubscribe links of mails (docs/notifications.md); at least 32 characters.
  "UNSUBSCRIBE_KEY",
  // The identity provider's side of privacy (docs/privacy.md): the signing secret of Clerk's
  // webhook (whsec_…) and the Backend API key that deletes an identity (sk_live_…).
  "CLERK_WEBHOOK_SECRET",
  "CLERK_SECRET_KEY",
] as const;
export type SecretName = (typeof secretNames)[number];

export const parameterNames = [
  "APP_URL",
  "CLERK_AUTHORIZED_PARTIES",
  "CLERK_AUDIENCE",
  // The `iss` of the instance's session tokens, derived from the publishable key (docs/security.md).
  "CLERK_ISSUER",
  // Clerk's Backend API; the local stack points it at its development identity provider.
  "CLERK_API_URL",
  "S3_FORCE_PATH_STYLE",
  "OUTBOUND_ALLOW_HOSTS",
  "DNS_RESOLVER",
  "DOMAIN_CNAME_TARGET",
  "DOMAIN_A_RECORD",
  // Days an unverified custom-domain claim holds its domain (docs/domains.md).
  "DOMAIN_CLAIM_TTL_DAYS",
  // Days a customer's sites are kept, offline, after their subscription ends (docs/billing.md).
  "SITE_GRACE_PERIOD_DAYS",
  "AUDIT_MAX_IN_FLIGHT",
  "AUDIT_MAX_PER_HOUR",
  // The recurring monthly prices of the three plans (core/adapters/payments.ts).
  "STRIPE_PRICE_STARTER",
  "STRIPE_PRICE_PRO",
  "STRIPE_PRICE_ENTERPRISE",
  // Mail (docs/notifications.md): the sender on a verified SES identity, the optional SES
  // configuration set, and the product's name as mails show it.
  "MAIL_FROM",
  "SES_CONFIGURATION_SET",
  "PRODUCT_NAME",
] as const;
export type ParameterName = (typeof parameterNames)[number];

export interface StageSettings {
  parameters: Record<ParameterName, string>;
  /** Baked into the SPA at build time; its presence is what selects Clerk over the dev provider. */
  clerkPublishableKey: string;
  /** Clerk's Frontend API host, decoded from the publishable key (the SPA loads clerk-js from it). */
  clerkFrontendApiHost: string;
  /** Baked into the SPA: its presence selects Stripe Elements over the emulator's card form. */
  stripePublishableKey: string;
  /** The SES identity MAIL_FROM sends from (its domain) and the From address itself. */
  mail: {
    identity: string;
    fromAddress: string;
    /** The set every mail is sent with: its events report bounces and complaints. */
    configurationSet: string;
    /** True when the stack makes the set (SES_CONFIGURATION_SET unset), false when it exists. */
    ownConfigurationSet: boolean;
  };
}

/**
 * "Name <address>" or a bare address, as SES takes it; answers the address, or undefined.
 * The display name may not hold the characters that would need quoting in a header.
 */
/**
 * The configuration set the stack makes for a stage that names none, so that bounces and
 * complaints always reach the mail-feedback consumer (stacks/mail-feedback.ts).
 */
export function mailConfigurationSetName(stage: string): string {
  return `${stage.replace(/[^A-Za-z0-9_-]/g, "-")}-site-portal-mail`.slice(0, 64);
}

export function mailFromAddress(value: string): string | undefined {
  const match = /^(?:([^<>"@\r\n]{1,80}?)\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[2] ?? match?.[3];
  if (!address) return;
  const [local, domain, ...rest] = address.split("@");
  if (!local || !domain || rest.length > 0 || !HOSTNAME.test(domain)) return;
  if (!/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/.test(local)) return;
  return address.toLowerCase();
}

const HOSTNAME =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** An https origin such as "https://portal.example.com" (no path, query or trailing slash kept). */
function httpsOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" || url.pathname !== "/" || url.search || url.hash) return;
    if (url.username || url.password) return;
    return url.origin;
  } catch {
    return;
  }
}

/**
 * The SPA's dev server on the developer's machine, http://localhost:<port> or 127.0.0.1: the
 * portal's origin in a personal stage run with `npm run dev` (docs/development.md). Accepted as
 * APP_URL and a Clerk party in every stage but prod.
 */
function devServerOrigin(stage: string, value: string): string | undefined {
  if (stage === "prod") return;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" || !["localhost", "127.0.0.1"].includes(url.hostname)) return;
    if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) return;
    return url.origin;
  } catch {
    return;
  }
}

/**
 * A Clerk publishable key is `pk_test_` or `pk_live_` followed by base64("<frontend api host>$").
 * Returns the host, or undefined when the value is not such a key.
 */
export function clerkFrontendApiHost(publishableKey: string): string | undefined {
  const match = /^pk_(test|live)_([A-Za-z0-9+/=_-]+)$/.exec(publishableKey);
  if (!match?.[2]) return;
  const decoded = Buffer.from(match[2], "base64").toString("utf8");
  if (!decoded.endsWith("$")) return;
  const host = decoded.slice(0, -1);
  return HOSTNAME.test(host) ? host : undefined;
}

/** The one error a stage's invalid settings stop synthesis with, naming every problem. */
function stageNotConfigured(stage: string, problems: string[]): Error {
  return new Error(
    `Stage "${stage}" is not configured (set these in .env.${stage}):\n  - ${problems.join("\n  - ")}`,
  );
}

/**
 * The `iss` Clerk puts in the instance's session tokens: its Frontend API URL, which the
 * publishable key encodes (docs/security.md, "Session tokens").
 */
export function clerkIssuer(frontendApiHost: string): string {
  return `https://${frontendApiHost}`;
}

/**
 * A production stage must name the audience its session tokens carry (the `aud` claim the
 * Clerk session token is customised to hold, docs/security.md): without one, any token the
 * instance signs for a session of another application of the same instance would pass.
 */
export function clerkAudienceProblem(stage: string, audience: string): string | undefined {
  if (stage !== "prod" || audience.trim()) return undefined;
  return 'CLERK_AUDIENCE is required in the prod stage: set it, and add "aud" with the same value to the Clerk session token (docs/security.md, "Session tokens")';
}

/**
 * Reads and validates the settings for `stage` from `env`. Throws one error naming every
 * missing or invalid setting.
 */
export function readStageSettings(
  stage: string,
  env: Record<string, string | undefined> = process.env,
): StageSettings {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() ?? "";

  const portalOrigin = (raw: string) => httpsOrigin(raw) ?? devServerOrigin(stage, raw);
  const appUrl = portalOrigin(value("APP_URL"));
  if (!appUrl)
    problems.push(
      "APP_URL must be the SPA's public https origin, e.g. https://portal.example.com (outside prod, or the dev server's http://localhost:5173)",
    );

  const partiesRaw = value("CLERK_AUTHORIZED_PARTIES");
  const parties = partiesRaw ? partiesRaw.split(",").map((p) => p.trim()) : appUrl ? [appUrl] : [];
  const partyOrigins = parties.map(portalOrigin);
  if (partyOrigins.some((p) => !p)) {
    problems.push(
      "CLERK_AUTHORIZED_PARTIES must be comma-separated https origins (default: APP_URL)",
    );
  }

  const dnsResolver = value("DNS_RESOLVER") || "1.1.1.1";
  if (!isIP(dnsResolver)) problems.push("DNS_RESOLVER must be an IP address (default 1.1.1.1)");

  const cnameTarget = value("DOMAIN_CNAME_TARGET").toLowerCase();
  if (!HOSTNAME.test(cnameTarget)) {
    problems.push("DOMAIN_CNAME_TARGET must be the host customers point their CNAME at");
  }
  const aRecord = value("DOMAIN_A_RECORD");
  if (!isIPv4(aRecord)) {
    problems.push(
      "DOMAIN_A_RECORD must be the IPv4 address customers point their apex A record at",
    );
  }

  const claimTtlDays = value("DOMAIN_CLAIM_TTL_DAYS") || "7";
  if (!/^\d{1,2}$/.test(claimTtlDays) || Number(claimTtlDays) < 1 || Number(claimTtlDays) > 90) {
    problems.push("DOMAIN_CLAIM_TTL_DAYS must be a whole number of days from 1 to 90 (default 7)");
  }

  const gracePeriodDays = value("SITE_GRACE_PERIOD_DAYS") || "7";
  if (
    !/^\d{1,2}$/.test(gracePeriodDays) ||
    Number(gracePeriodDays) < 1 ||
    Number(gracePeriodDays) > 90
  ) {
    problems.push("SITE_GRACE_PERIOD_DAYS must be a whole number of days from 1 to 90 (default 7)");
  }

  // SEO and Lighthouse runs per customer (core/audits/config.ts): at once, and per hour.
  const auditLimit = (name: string, fallback: string) => {
    const raw = value(name) || fallback;
    if (!/^[1-9]\d{0,3}$/.test(raw)) problems.push(`${name} must be a whole number from 1 to 9999`);
    return raw;
  };
  const auditMaxInFlight = auditLimit("AUDIT_MAX_IN_FLIGHT", "3");
  const auditMaxPerHour = auditLimit("AUDIT_MAX_PER_HOUR", "20");

  const stripePrice = (name: string) => {
    const raw = value(name);
    if (!/^price_\w+$/.test(raw)) problems.push(`${name} must be a Stripe price id (price_…)`);
    return raw;
  };
  const prices = {
    STRIPE_PRICE_STARTER: stripePrice("STRIPE_PRICE_STARTER"),
    STRIPE_PRICE_PRO: stripePrice("STRIPE_PRICE_PRO"),
    STRIPE_PRICE_ENTERPRISE: stripePrice("STRIPE_PRICE_ENTERPRISE"),
  };

  const stripePublishableKey = value("VITE_STRIPE_PUBLISHABLE_KEY");
  if (!/^pk_(test|live)_\w+$/.test(stripePublishableKey)) {
    problems.push(
      "VITE_STRIPE_PUBLISHABLE_KEY is required (pk_test_… or pk_live_…): without it the SPA's card forms would talk to the local Stripe emulator",
    );
  } else if (stage === "prod" && !stripePublishableKey.startsWith("pk_live_")) {
    problems.push("VITE_STRIPE_PUBLISHABLE_KEY must be a live key (pk_live_…) in the prod stage");
  }

  const publishableKey = value("VITE_CLERK_PUBLISHABLE_KEY");
  const frontendApiHost = clerkFrontendApiHost(publishableKey);
  if (!publishableKey) {
    problems.push(
      "VITE_CLERK_PUBLISHABLE_KEY is required: without it the SPA would be built for the development identity provider, which exists only in the local stack",
    );
  } else if (!frontendApiHost) {
    problems.push(
      "VITE_CLERK_PUBLISHABLE_KEY is not a Clerk publishable key (pk_test_… or pk_live_…)",
    );
  } else if (stage === "prod" && !publishableKey.startsWith("pk_live_")) {
    problems.push(
      "VITE_CLERK_PUBLISHABLE_KEY must be a production key (pk_live_…) in the prod stage",
    );
  }

  const audienceProblem = clerkAudienceProblem(stage, value("CLERK_AUDIENCE"));
  if (audienceProblem) problems.push(audienceProblem);

  const mailFrom = value("MAIL_FROM");
  const fromAddress = mailFromAddress(mailFrom);
  if (!fromAddress) {
    problems.push(
      'MAIL_FROM must be the sender of mails on a verified SES identity, e.g. "Site Portal <notifications@example.com>"',
    );
  }
  const configurationSet = value("SES_CONFIGURATION_SET");
  if (configurationSet && !/^[A-Za-z0-9_-]{1,64}$/.test(configurationSet)) {
    problems.push(
      "SES_CONFIGURATION_SET must be an SES configuration set name (letters, digits, - and _)",
    );
  }
  const productName = value("VITE_PRODUCT_NAME") || "Site Portal";

  if (problems.length > 0 || !appUrl || !frontendApiHost || !fromAddress) {
    throw stageNotConfigured(stage, problems);
  }

  return {
    parameters: {
      APP_URL: appUrl,
      CLERK_AUTHORIZED_PARTIES: partyOrigins.join(","),
      CLERK_AUDIENCE: value("CLERK_AUDIENCE"),
      CLERK_ISSUER: clerkIssuer(frontendApiHost),
      CLERK_API_URL: "https://api.clerk.com",
      // Real S3 uses virtual-hosted addressing; path style is only for s3rver in the local stack.
      S3_FORCE_PATH_STYLE: "false",
      // The allow-list exists so local tests can audit sites on 127.0.0.1. On AWS it stays empty:
      // a deployed worker must never be pointed at private addresses.
      OUTBOUND_ALLOW_HOSTS: "",
      DNS_RESOLVER: dnsResolver,
      DOMAIN_CNAME_TARGET: cnameTarget,
      DOMAIN_A_RECORD: aRecord,
      DOMAIN_CLAIM_TTL_DAYS: claimTtlDays,
      SITE_GRACE_PERIOD_DAYS: gracePeriodDays,
      AUDIT_MAX_IN_FLIGHT: auditMaxInFlight,
      AUDIT_MAX_PER_HOUR: auditMaxPerHour,
      ...prices,
      MAIL_FROM: mailFrom,
      SES_CONFIGURATION_SET: configurationSet || mailConfigurationSetName(stage),
      PRODUCT_NAME: productName,
    },
    clerkPublishableKey: publishableKey,
    clerkFrontendApiHost: frontendApiHost,
    stripePublishableKey,
    mail: {
      identity: fromAddress.split("@")[1] as string,
      fromAddress,
      configurationSet: configurationSet || mailConfigurationSetName(stage),
      ownConfigurationSet: !configurationSet,
    },
  };
}

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

export interface ConfigConstructs {
  secrets: Record<SecretName, Config.Secret>;
  parameters: Record<ParameterName, Config.Parameter>;
}

/**
 * SST copies every bound Parameter into an SSM parameter named after this child id when the
 * app is finished. SSM rejects empty values, so an empty Parameter (OUTBOUND_ALLOW_HOSTS and an
 * unset CLERK_AUDIENCE) would fail the deployment. Claiming the child id first skips the copy;
 * Lambdas still get the value, because SST passes Parameters to them as environment variables.
 */
const SSM_COPY_CHILD_ID = "Parameter_value";

export function createConfig(scope: Construct, settings: StageSettings): ConfigConstructs {
  const secrets = Object.fromEntries(
    secretNames.map((name) => [name, new Config.Secret(scope, name)]),
  ) as Record<SecretName, Config.Secret>;
  const parameters = Object.fromEntries(
    parameterNames.map((name) => {
      const value = settings.parameters[name];
      const parameter = new Config.Parameter(scope, name, { value });
      if (value === "") new Construct(parameter, SSM_COPY_CHILD_ID);
      return [name, parameter];
    }),
  ) as Record<ParameterName, Config.Parameter>;
  return { secrets, parameters };
}

/** Settings of the Monitoring stack (docs/operations.md). */
export interface OperationsSettings {
  /** Subscribed to the alarm topic when set (the address confirms the subscription once). */
  alarmEmail: string | undefined;
  /** Days every function's logs and the API's access logs are kept. */
  logRetentionDays: logs.RetentionDays;
}

/** The retention periods CloudWatch Logs accepts, in days (all but "never expire"). */
export const LOG_RETENTION_CHOICES = Object.values(logs.RetentionDays)
  .filter((days): days is number => typeof days === "number")
  .filter((days) => days !== logs.RetentionDays.INFINITE)
  .sort((a, b) => a - b);

/** Reads ALARM_EMAIL and LOG_RETENTION_DAYS; throws one error naming each invalid setting. */
export function readOperationsSettings(
  stage: string,
  env: Record<string, string | undefined> = process.env,
): OperationsSettings {
  const problems: string[] = [];
  const alarmEmail = env.ALARM_EMAIL?.trim() || undefined;
  // A bare address only: SNS subscribes exactly this string as the e-mail endpoint.
  if (alarmEmail !== undefined && mailFromAddress(alarmEmail) !== alarmEmail.toLowerCase()) {
    problems.push("ALARM_EMAIL must be one e-mail address, e.g. ops@example.com (or unset)");
  }
  const retentionRaw = env.LOG_RETENTION_DAYS?.trim() || "30";
  const retention = Number(retentionRaw);
  if (!/^\d+$/.test(retentionRaw) || !LOG_RETENTION_CHOICES.includes(retention)) {
    problems.push(
      `LOG_RETENTION_DAYS must be one of ${LOG_RETENTION_CHOICES.join(", ")} (days CloudWatch Logs accepts; default 30)`,
    );
  }
  if (problems.length > 0) {
    throw stageNotConfigured(stage, problems);
  }
  return { alarmEmail, logRetentionDays: retention as logs.RetentionDays };
}

/**
 * Everything a stage's deploy reads from its environment, validated as synthesis does: the
 * custom domain (which derives APP_URL), the stage settings, the production Clerk instance's
 * domain and the operations settings. stacks/Storage.ts and `npm run preflight` both call it,
 * so preflight refuses exactly what synthesis would.
 */
export function readDeploySettings(
  stage: string,
  env: Record<string, string | undefined> = process.env,
): {
  settings: StageSettings;
  domain: PortalDomain | undefined;
  operations: OperationsSettings;
  restoredTableName: string | undefined;
} {
  const domain = readPortalDomain(stage, env);
  const settings = readStageSettings(stage, domain ? { ...env, APP_URL: domain.appUrl } : env);
  requireClerkDomain(stage, settings);
  return {
    settings,
    domain,
    operations: readOperationsSettings(stage, env),
    restoredTableName: readRestoredTableName(stage, env),
  };
}

/** DynamoDB's rule for table names (the CreateTable reference, "TableName"). */
const DYNAMODB_TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;

/**
 * RESTORED_TABLE_NAME: a table restored from a backup (a point-in-time restore makes a new
 * table) that the stage uses instead of the one it created (stacks/Storage.ts;
 * docs/operations.md "Restoring the table"). Unset, the default: the stage's own table.
 */
export function readRestoredTableName(
  stage: string,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  const name = env.RESTORED_TABLE_NAME?.trim() || undefined;
  if (name !== undefined && !DYNAMODB_TABLE_NAME.test(name)) {
    throw stageNotConfigured(stage, [
      `RESTORED_TABLE_NAME must be a DynamoDB table name (3-255 letters, digits, "_", "-" or "."), not "${name}"`,
    ]);
  }
  return name;
}

/**
 * Lambda keeps part of the account's concurrency unreserved for functions without a
 * reservation: 100 with the default quota of 1000 (the Lambda guide, "Configuring reserved
 * concurrency"), all of it when the quota is 100 or less, as on many new accounts.
 */
export const UNRESERVED_CONCURRENCY_MINIMUM = 100;

/**
 * WORKER_RESERVED_CONCURRENCY: Lambda concurrency reserved for the jobs worker (stacks/Jobs.ts;
 * docs/security.md, "Background work"). 0, the default, reserves none: Lambda refuses a
 * reservation that leaves an account fewer than 100 unreserved executions (all of them when the
 * quota is 100 or less, as on many new accounts), so a first deploy with any reservation would
 * fail there. `npm run preflight` checks the account's quota before a deploy. Above 0 it
 * must be at least the event source's maximum concurrency (`maxConcurrency`), or the queue
 * would be throttled below its own cap and a throttled delivery counts as a receive.
 */
export function workerReservedConcurrency(
  maxConcurrency: number,
  env: Record<string, string | undefined> = process.env,
): number | undefined {
  const raw = env.WORKER_RESERVED_CONCURRENCY?.trim() ?? "";
  if (raw === "" || raw === "0") return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < maxConcurrency) {
    throw new Error(
      `WORKER_RESERVED_CONCURRENCY must be 0 (no reservation) or a whole number of at least ` +
        `${maxConcurrency}, the jobs queue's maximum concurrency, not "${raw}". The account's ` +
        `Lambda concurrency quota must leave ${UNRESERVED_CONCURRENCY_MINIMUM} unreserved beyond it (docs/security.md).`,
    );
  }
  return value;
}
