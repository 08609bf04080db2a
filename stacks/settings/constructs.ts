/**
 * The Config.Secret / Config.Parameter constructs every function binds, and their names.
 *
 * Secrets live in SSM and are set once per stage with `npx sst secrets set <NAME> <value>`.
 * Parameter values come from the stage settings (stage-settings.ts).
 */
import { Construct } from "constructs";
import { Config } from "sst/constructs";
import type { StageSettings } from "./stage-settings";

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
  // The customers' sites' hosting domain: preview and production hosts are under it
  // (docs/hosting.md; stacks/settings/sites-domain.ts checks it).
  "SITES_DOMAIN",
] as const;
export type ParameterName = (typeof parameterNames)[number];

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
