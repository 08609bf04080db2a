/**
 * Offline synthesis of the SST app for the infra suite: no AWS credentials, no network, no
 * bundling. SST builds function bundles and runs the StaticSite build in deferred tasks that
 * only `App.finish()` runs (the CLI calls it before deploying); these tests never call it, so
 * handlers that do not exist yet and an unbuilt SPA do not matter, and a synthesis takes about
 * a second. What finish() would add (bundled code, SSM copies of bindings, stage tags) is not
 * in these templates.
 *
 * The workspace pins the aws-cdk-lib that sst 2.49.8 builds with (2.224.0), so there is one
 * copy and Template.fromStack accepts SST's stacks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Template } from "aws-cdk-lib/assertions";
import {
  App,
  type FunctionProps,
  type getStack,
  type Function as SstFunction,
  Stack,
} from "sst/constructs";
import { initProject, useProject } from "sst/project.js";
import config from "../../sst.config";
import { INFRA_OUT_ENV } from "./global-setup";

export const ACCOUNT = "123456789012";
export const REGION = "us-east-1";

/** base64("clerk.portal.example.com$"): the shape of a Clerk development-instance key. */
export const TEST_PUBLISHABLE_KEY = `pk_test_${Buffer.from("clerk.portal.example.com$").toString("base64")}`;

/** A complete, valid set of deploy-time settings (RFC 2606 names, RFC 5737 address). */
export const validSettings: Record<string, string> = {
  APP_URL: "https://portal.example.com",
  DOMAIN_CNAME_TARGET: "sites.example.com",
  DOMAIN_A_RECORD: "192.0.2.10",
  VITE_CLERK_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
  VITE_STRIPE_PUBLISHABLE_KEY: "pk_test_portal",
  STRIPE_PRICE_STARTER: "price_starter_monthly",
  STRIPE_PRICE_PRO: "price_pro_monthly",
  STRIPE_PRICE_ENTERPRISE: "price_enterprise_monthly",
  MAIL_FROM: "Site Portal <notifications@mail.example.com>",
  SES_CONFIGURATION_SET: "portal-mail",
  // Customers' sites (stacks/hosting-settings.ts), on a domain apart from the portal's.
  SITES_DOMAIN: "sites-example.net",
  SITES_CERTIFICATE_ARN:
    "arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555",
};

/** base64 of a production instance's Frontend API host: the shape of a `pk_live_` key. */
export const livePublishableKey = (frontendApiHost: string) =>
  `pk_live_${Buffer.from(`${frontendApiHost}$`).toString("base64")}`;

/** An ACM certificate in us-east-1 for the production settings' PORTAL_DOMAIN. */
export const PRODUCTION_CERTIFICATE_ARN =
  "arn:aws:acm:us-east-1:123456789012:certificate/0f0e1d2c-3b4a-4968-8a8b-9c0d1e2f3a4b";

/**
 * What a production stage ("prod") must have beyond validSettings: live keys, the portal's own
 * domain (APP_URL derived from it), the session tokens' audience and an alarm address.
 */
export const productionSettings: Record<string, string> = {
  ...Object.fromEntries(Object.entries(validSettings).filter(([name]) => name !== "APP_URL")),
  VITE_CLERK_PUBLISHABLE_KEY: livePublishableKey("clerk.portal.example.com"),
  VITE_STRIPE_PUBLISHABLE_KEY: "pk_live_portal",
  PORTAL_DOMAIN: "portal.example.com",
  PORTAL_CERTIFICATE_ARN: PRODUCTION_CERTIFICATE_ARN,
  CLERK_AUDIENCE: "https://portal.example.com",
  ALARM_EMAIL: "ops@example.com",
};

const settingNames = [
  "APP_URL",
  "CLERK_AUTHORIZED_PARTIES",
  "CLERK_AUDIENCE",
  "DNS_RESOLVER",
  "DOMAIN_CNAME_TARGET",
  "DOMAIN_A_RECORD",
  "DOMAIN_CLAIM_TTL_DAYS",
  "SITE_GRACE_PERIOD_DAYS",
  "VITE_CLERK_PUBLISHABLE_KEY",
  "VITE_STRIPE_PUBLISHABLE_KEY",
  "STRIPE_PRICE_STARTER",
  "STRIPE_PRICE_PRO",
  "STRIPE_PRICE_ENTERPRISE",
  "MAIL_FROM",
  "SES_CONFIGURATION_SET",
  "VITE_PRODUCT_NAME",
  "ALARM_EMAIL",
  "LOG_RETENTION_DAYS",
  // The custom domain and the origin secret's rotation (docs/operations.md).
  "PORTAL_DOMAIN",
  "PORTAL_HOSTED_ZONE",
  "PORTAL_CERTIFICATE_ARN",
  "ORIGIN_SECRET_VERSION",
  "ORIGIN_SECRET_ROTATING_VERSION",
  // A table restored from a backup (docs/operations.md "Restoring the table").
  "RESTORED_TABLE_NAME",
  "SITES_DOMAIN",
  "SITES_HOSTED_ZONE",
  "SITES_CERTIFICATE_ARN",
];

/**
 * Sets exactly `settings` as the deploy-time environment. initProject loads the developer's
 * .env files (overriding process.env), so this runs after it: tests never depend on them.
 */
function applySettings(settings: Record<string, string>) {
  for (const name of settingNames) delete process.env[name];
  Object.assign(process.env, settings);
}

/**
 * SST rewrites the generated types folder (<out>/types) on every new App. Test files run in
 * parallel processes, so each process gets its own out folder: one file's App cannot delete
 * the folder another's is writing to.
 */
const processOutDir = mkdtempSync(path.join(process.env[INFRA_OUT_ENV] ?? tmpdir(), "sst-synth-"));
process.on("exit", () => rmSync(processOutDir, { recursive: true, force: true }));

/**
 * A cloud assembly folder of its own for an App, under the suite's folder (global-setup.ts),
 * which the suite removes; CDK's default would leave one in the temp folder per App.
 */
export function appOutdir(): string {
  return mkdtempSync(path.join(processOutDir, "cdk.out-"));
}

export async function createApp(
  stage: string,
  settings: Record<string, string>,
  mode: "deploy" | "dev" = "deploy",
) {
  await initProject({ stage });
  useProject().paths.out = processOutDir;
  applySettings(settings);
  return new App(
    { mode, stage, name: "site-portal", account: ACCOUNT, region: REGION },
    { outdir: appOutdir() },
  );
}

type StackFunction = Parameters<typeof getStack>[0];

/** The CloudFormation template of each stack of a synthesised app, by the stack function. */
export function templatesOf(app: App) {
  app.synth();
  // Looked up by construct id (the stack function's name) rather than with getStack(), which
  // follows whichever app SST saw last.
  return (stack: StackFunction) => {
    const child = app.node.tryFindChild(app.logicalPrefixedName(stack.name));
    if (!(child instanceof Stack)) throw new Error(`The app has no stack ${stack.name}`);
    return Template.fromStack(child);
  };
}

/** The template of every stack of a synthesised app, by the stack's id without the stage prefix. */
export function stackTemplates(app: App): Map<string, Template> {
  app.synth();
  const prefix = app.logicalPrefixedName("");
  const result = new Map<string, Template>();
  for (const child of app.node.children) {
    if (child instanceof Stack)
      result.set(child.node.id.slice(prefix.length), Template.fromStack(child));
  }
  return result;
}

/** Runs sst.config.ts's stacks() on a fresh app and synthesises it. */
export async function synthesize(
  stage = "test",
  settings = validSettings,
  mode: "deploy" | "dev" = "deploy",
) {
  const app = await createApp(stage, settings, mode);
  await config.stacks(app);
  return { app, template: templatesOf(app) };
}

/** The SSM parameter that holds an SST secret's value for a stage. */
export const secretArn = (stage: string, name: string) => ({
  arn: `arn:aws:ssm:${REGION}:${ACCOUNT}:parameter/sst/site-portal/${stage}/Secret/${name}/value`,
});

/**
 * The props SST will bundle a function with (runtime, handler, nodejs options). SST keeps them
 * on a private field and applies them in App.finish(), which these tests do not run.
 */
export function functionProps(fn: SstFunction | undefined): FunctionProps {
  if (!fn) throw new Error("No such function");
  return (fn as unknown as { props: FunctionProps }).props;
}
