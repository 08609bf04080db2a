/**
 * Per-stage settings and the Config.Secret / Config.Parameter constructs every function binds.
 * The parts live in stacks/settings/: the value formats (values.ts), the environment's parsing
 * (stage-settings.ts), the portal's domain (portal-domain.ts), the constructs (constructs.ts)
 * and the concurrency arithmetic (concurrency.ts); this module composes them and is what the
 * stacks and scripts import.
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
import {
  type PortalDomain,
  readPortalDomain,
  requireClerkDomain,
  requirePortalDomain,
} from "./settings/portal-domain";
import { readSitesDomain, type SitesDomain } from "./settings/sites-domain";
import {
  type OperationsSettings,
  readOperationsSettings,
  readRestoredTableName,
  readStageSettings,
  type StageSettings,
} from "./settings/stage-settings";

export * from "./settings/concurrency";
export * from "./settings/constructs";
export * from "./settings/portal-domain";
export * from "./settings/sites-domain";
export * from "./settings/stage-settings";
export { clerkFrontendApiHost, clerkIssuer, mailFromAddress } from "./settings/values";

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
  /** The customers' sites' hosting domain (docs/hosting.md "On AWS"). */
  sites: SitesDomain;
  operations: OperationsSettings;
  restoredTableName: string | undefined;
} {
  const domain = readPortalDomain(stage, env);
  const withAppUrl = domain ? { ...env, APP_URL: domain.appUrl } : env;
  const sites = readSitesDomain(stage, withAppUrl);
  const settings = readStageSettings(stage, { ...withAppUrl, SITES_DOMAIN: sites.domainName });
  requireClerkDomain(stage, settings);
  requirePortalDomain(stage, settings, domain);
  return {
    settings,
    domain,
    sites,
    operations: readOperationsSettings(stage, env),
    restoredTableName: readRestoredTableName(stage, env),
  };
}
