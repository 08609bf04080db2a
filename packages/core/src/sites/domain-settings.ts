/** Our custom-domain targets from configuration (Config.DOMAIN_CNAME_TARGET, DOMAIN_A_RECORD). */
import { Config } from "sst/node/config";
import { type DomainSettings, ownDomainsFor } from "./domain-rules";

declare module "sst/node/config" {
  export interface ParameterResources {
    DOMAIN_CNAME_TARGET: { value: string };
    DOMAIN_A_RECORD: { value: string };
    APP_URL: { value: string };
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
  return { cnameTarget, aRecord, ownDomains: ownDomainsFor(cnameTarget, parameter("APP_URL")) };
}
