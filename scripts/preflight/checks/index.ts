/**
 * Every preflight check, in the order they run (runner.ts runs them): each after the checks
 * whose results it uses.
 */
import { secretNames } from "../../../stacks/Config";
import type { Check } from "../check";
import { secretRules } from "../secrets";
import { certificateCheck } from "./certificate";
import { clerkDnsCheck, clerkKeyCheck } from "./clerk";
import { concurrencyCheck } from "./concurrency";
import { hostedZoneCheck } from "./hosted-zone";
import { secretCheck } from "./secrets";
import { sesAccessCheck, sesConfigurationSetCheck, sesIdentityCheck } from "./ses";
import { sessionTokenCheck, smokeStaffCheck } from "./session-token";
import { credentialsCheck, deployedCheck, settingsCheck } from "./stage";
import { billingPortalCheck, priceCheck, webhookEndpointCheck } from "./stripe";

/** Every check, in the order they run: each after the checks whose results it uses. */
export function preflightChecks(names: readonly string[] = secretNames): Check[] {
  const beforeDeploy = names.filter((name) => !secretRules[name]?.afterDeploy);
  const afterDeploy = names.filter((name) => secretRules[name]?.afterDeploy);
  return [
    settingsCheck,
    credentialsCheck,
    deployedCheck,
    concurrencyCheck,
    ...beforeDeploy.map(secretCheck),
    priceCheck("STRIPE_PRICE_STARTER"),
    priceCheck("STRIPE_PRICE_PRO"),
    priceCheck("STRIPE_PRICE_ENTERPRISE"),
    billingPortalCheck,
    // Before its secret's check: creating the endpoint stores the secret.
    webhookEndpointCheck,
    ...afterDeploy.map(secretCheck),
    clerkDnsCheck,
    clerkKeyCheck,
    sessionTokenCheck,
    smokeStaffCheck,
    sesAccessCheck,
    sesIdentityCheck,
    sesConfigurationSetCheck,
    certificateCheck,
    hostedZoneCheck,
  ];
}
