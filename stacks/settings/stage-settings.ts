/**
 * A stage's settings as synthesis reads them from the environment (stacks/Config.ts says where
 * they come from): the parameters every function binds, the SPA's keys, mail, the operations
 * settings of the Monitoring stack and a restored table's name. Each reader throws one error
 * naming every missing or invalid setting.
 */
import { isIP, isIPv4 } from "node:net";
import { aws_logs as logs } from "aws-cdk-lib";
import type { ParameterName } from "./constructs";
import {
  clerkFrontendApiHost,
  clerkIssuer,
  devServerOrigin,
  HOSTNAME,
  httpsOrigin,
  mailFromAddress,
  stageNotConfigured,
} from "./values";

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
 * The configuration set the stack makes for a stage that names none, so that bounces and
 * complaints always reach the mail-feedback consumer (stacks/mail-feedback.ts).
 */
export function mailConfigurationSetName(stage: string): string {
  return `${stage.replace(/[^A-Za-z0-9_-]/g, "-")}-site-portal-mail`.slice(0, 64);
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
      // Checked by readSitesDomain (stacks/Config.ts readDeploySettings passes it normalised).
      SITES_DOMAIN: value("SITES_DOMAIN"),
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

/**
 * How far back the table's point-in-time recovery reaches (stacks/Storage.ts turns it on with
 * DynamoDB's default and longest window, 35 days).
 */
export const POINT_IN_TIME_RECOVERY_DAYS = 35;

/**
 * The default retention: the shortest CloudWatch offers that covers the recovery window (60), so
 * the request log a restore needs to re-apply erasures and revocations reaches back to any point
 * it can restore to (docs/operations.md, "Re-applying erasures and revocations after a restore").
 */
export const DEFAULT_LOG_RETENTION_DAYS = LOG_RETENTION_CHOICES.find(
  (days) => days >= POINT_IN_TIME_RECOVERY_DAYS,
) as number;

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
  // Production's alarms must reach someone (a pager's or chat's e-mail address will do).
  if (stage === "prod" && alarmEmail === undefined) {
    problems.push(
      'ALARM_EMAIL is required in the prod stage: without it the alarm topic has no subscriber and every alarm reaches nobody (docs/operations.md, "Hearing of trouble")',
    );
  }
  const retentionRaw = env.LOG_RETENTION_DAYS?.trim() || String(DEFAULT_LOG_RETENTION_DAYS);
  const retention = Number(retentionRaw);
  if (!/^\d+$/.test(retentionRaw) || !LOG_RETENTION_CHOICES.includes(retention)) {
    problems.push(
      `LOG_RETENTION_DAYS must be one of ${LOG_RETENTION_CHOICES.join(", ")} (days CloudWatch Logs accepts; default ${DEFAULT_LOG_RETENTION_DAYS})`,
    );
  }
  if (problems.length > 0) {
    throw stageNotConfigured(stage, problems);
  }
  return { alarmEmail, logRetentionDays: retention as logs.RetentionDays };
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
