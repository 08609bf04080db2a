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
import { aws_secretsmanager as secretsmanager } from "aws-cdk-lib";
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
  mail: { identity: string; fromAddress: string; configurationSet: string };
}

/**
 * "Name <address>" or a bare address, as SES takes it; answers the address, or undefined.
 * The display name may not hold the characters that would need quoting in a header.
 */
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

  const appUrl = httpsOrigin(value("APP_URL"));
  if (!appUrl)
    problems.push("APP_URL must be the SPA's public https origin, e.g. https://portal.example.com");

  const partiesRaw = value("CLERK_AUTHORIZED_PARTIES");
  const parties = partiesRaw ? partiesRaw.split(",").map((p) => p.trim()) : appUrl ? [appUrl] : [];
  const partyOrigins = parties.map(httpsOrigin);
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
    throw new Error(
      `Stage "${stage}" is not configured (set these in .env.${stage}):\n  - ${problems.join("\n  - ")}`,
    );
  }

  return {
    parameters: {
      APP_URL: appUrl,
      CLERK_AUTHORIZED_PARTIES: partyOrigins.join(","),
      CLERK_AUDIENCE: value("CLERK_AUDIENCE"),
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
      SES_CONFIGURATION_SET: configurationSet,
      PRODUCT_NAME: productName,
    },
    clerkPublishableKey: publishableKey,
    clerkFrontendApiHost: frontendApiHost,
    stripePublishableKey,
    mail: {
      identity: fromAddress.split("@")[1] as string,
      fromAddress,
      configurationSet,
    },
  };
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

/**
 * The value CloudFront sends in the origin-verify header and the API's functions compare
 * (docs/access.md). A Config.Secret lives in SSM as a SecureString, which CloudFormation can
 * resolve for Lambda but not for a CloudFront distribution; a generated Secrets Manager secret
 * resolves for both, is never written into a template, and needs no `sst secrets set`.
 * Rotating it: change the generation options (or the secret in the console) and deploy again.
 */
export function createOriginSecret(scope: Construct): secretsmanager.Secret {
  return new secretsmanager.Secret(scope, "OriginVerifySecret", {
    description: "Header value CloudFront adds to /api/* requests; the API refuses others",
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });
}
