/**
 * Our custom-domain targets from configuration (Config.DOMAIN_CNAME_TARGET, DOMAIN_A_RECORD)
 * and how long an unverified claim holds its domain (Config.DOMAIN_CLAIM_TTL_DAYS).
 */
import { Config } from "sst/node/config";
import {
  DEFAULT_CLAIM_TTL_DAYS,
  type DomainSettings,
  MAX_CLAIM_TTL_DAYS,
  ownDomainsFor,
} from "./domain-rules";

declare module "sst/node/config" {
  export interface ParameterResources {
    DOMAIN_CNAME_TARGET: { value: string };
    DOMAIN_A_RECORD: { value: string };
    APP_URL: { value: string };
    DOMAIN_CLAIM_TTL_DAYS: { value: string };
  }
}

function parameter(name: string): string {
  try {
    return ((Config as unknown as Record<string, string | undefined>)[name] ?? "").trim();
  } catch {
    return "";
  }
}

/** Throws when the targets are not configured: a deployment mistake, not the customer's. */
export function domainSettingsFromConfig(): DomainSettings {
  const cnameTarget = parameter("DOMAIN_CNAME_TARGET").toLowerCase().replace(/\.$/, "");
  const aRecord = parameter("DOMAIN_A_RECORD");
  if (!cnameTarget || !aRecord) {
    throw new Error("DOMAIN_CNAME_TARGET and DOMAIN_A_RECORD must be configured");
  }
  return {
    cnameTarget,
    aRecord,
    ownDomains: ownDomainsFor(cnameTarget, parameter("APP_URL")),
    claimTtlDays: claimTtlDays(parameter("DOMAIN_CLAIM_TTL_DAYS")),
  };
}

/** Whole days from 1 to MAX_CLAIM_TTL_DAYS; empty or anything else is the default. */
export function claimTtlDays(raw: string): number {
  const days = Number(raw);
  return /^\d+$/.test(raw) && days >= 1 && days <= MAX_CLAIM_TTL_DAYS
    ? days
    : DEFAULT_CLAIM_TTL_DAYS;
}
