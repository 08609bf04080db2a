/**
 * `npm run preflight -- --stage <stage>`: everything a deploy of the stage needs, checked before
 * it runs, one line per check (docs/operations.md "First deploy"). A check says what it found,
 * or what is wrong and the README "Deploy" step that fixes it. Checks that need an output of the
 * first deploy (the Stripe webhook endpoint and its secret) wait for it instead of failing.
 */
import { createPublicKey, type JsonWebKey } from "node:crypto";
import { ACMClient, DescribeCertificateCommand } from "@aws-sdk/client-acm";
import {
  CloudFormationClient,
  DescribeStackResourcesCommand,
} from "@aws-sdk/client-cloudformation";
import {
  GetAccountSettingsCommand,
  GetFunctionConcurrencyCommand,
  GetFunctionConfigurationCommand,
  LambdaClient,
  UpdateFunctionConfigurationCommand,
} from "@aws-sdk/client-lambda";
import {
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetEmailIdentityCommand,
  SESv2Client,
} from "@aws-sdk/client-sesv2";
import { GetParameterCommand, PutParameterCommand, SSMClient } from "@aws-sdk/client-ssm";
import { GetCallerIdentityCommand, STSClient } from "@aws-sdk/client-sts";
import { STRIPE_API_VERSION } from "@portal/core/adapters/payments";
import Stripe from "stripe";
import { cloudFormationStackName, secretParameterPaths } from "../../stacks/app";
import {
  readDeploySettings,
  type StageSettings,
  secretNames,
  UNRESERVED_CONCURRENCY_MINIMUM,
  workerReservedConcurrency,
} from "../../stacks/Config";
import { WORKER_CONCURRENCY } from "../../stacks/Jobs";
import { type DeployStep, readDeploySteps, readmeStripeEvents, stepProviding } from "./readme";
import { type CheckLine, formatLine, passed, type Status } from "./report";
import { secretRules } from "./secrets";
import { stackOutputs } from "./stack-outputs";

export { type CheckLine, formatLine, passed, type Status };

export interface PreflightOptions {
  stage: string;
  /** The stage's environment as SST loads it (stage-env.ts). */
  env: Record<string, string | undefined>;
  /** README.md's text: its Deploy steps and Stripe events. */
  readme: string;
  region: string;
  /** Create the Stripe webhook endpoint when there is none, and store its secret in SSM. */
  createWebhook?: boolean;
  /** Tests: the Stripe emulator instead of api.stripe.com. */
  stripeApi?: { host: string; port: number; protocol: "http" | "https" };
  /** Tests: a local JWKS instead of the Clerk instance's. */
  clerkJwksUrl?: string;
}

/** What a check's result is: a line, and for a failure the README value that fixes it. */
interface Outcome {
  status: Status;
  message: string;
  /** The README `provides` value whose step fixes a failure, or that a wait waits for. */
  need?: string;
}

const ok = (message: string): Outcome => ({ status: "ok", message });
const fail = (need: string, message: string): Outcome => ({ status: "fail", message, need });
const wait = (message: string): Outcome => ({ status: "wait", message, need: "deploy" });

/** What earlier checks found, for the checks that use it. */
interface State {
  settings?: StageSettings;
  secrets: Map<string, string>;
  /** undefined: unknown (the lookup failed); null: the stage is not deployed yet. */
  deployed?: { stripeWebhookUrl: string } | null;
}

interface Context extends PreflightOptions {
  state: State;
  clients: Clients;
  /** `npx sst secrets set …` for a secret, as the fix to print. */
  setSecretCommand(name: string): string;
}

export interface Check {
  name: string;
  /**
   * The values (README `<!-- provides: … -->` markers) this check needs; each must come from
   * a step before the preflight run expected to pass it (tests/infra/deploy-steps.test.ts).
   */
  needs: readonly string[];
  /** Checks whose result this one uses (by `provides`): if one did not pass, this one cannot. */
  after: readonly string[];
  /** What this check's success lets later checks use. */
  provides?: string;
  run(context: Context): Promise<Outcome>;
}

interface Clients {
  sts: STSClient;
  lambda: LambdaClient;
  ssm: SSMClient;
  ses: SESv2Client;
  acm: ACMClient;
  cloudFormation: CloudFormationClient;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "";
}

/**
 * A setting's value as `.env.<stage>` gives it, for checks that run after `readStageSettings`
 * (stacks/Config.ts) accepted the stage, which validates it.
 */
function setting(context: Context, name: string): string {
  return context.env[name]?.trim() ?? "";
}

// ---------------------------------------------------------------- settings and AWS

const settingsCheck: Check = {
  name: "stage settings",
  needs: ["settings"],
  after: [],
  provides: "settings",
  async run(context) {
    try {
      // As synthesis reads them: APP_URL derived from PORTAL_DOMAIN, Clerk's domain, operations.
      const deploy = readDeploySettings(context.stage, context.env);
      context.state.settings = deploy.settings;
      // A stage re-attached to a restored table says so (docs/operations.md "Restoring the table").
      const restored = deploy.restoredTableName
        ? `; table ${deploy.restoredTableName} (RESTORED_TABLE_NAME)`
        : "";
      return ok(`APP_URL ${context.state.settings.parameters.APP_URL}${restored}`);
    } catch (error) {
      return fail("settings", (error as Error).message.replace(/\n\s*-\s*/g, " · "));
    }
  },
};

const credentialsCheck: Check = {
  name: "AWS credentials",
  needs: ["aws-credentials"],
  after: [],
  provides: "aws",
  async run({ clients, region }) {
    try {
      const identity = await clients.sts.send(new GetCallerIdentityCommand({}));
      return ok(`account ${identity.Account} as ${identity.Arn}, region ${region}`);
    } catch (error) {
      return fail(
        "aws-credentials",
        `no usable credentials for ${region} (${errorText(error)}): set AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, for the account to deploy to`,
      );
    }
  },
};

const deployedCheck: Check = {
  name: "deployed stage",
  needs: ["aws-credentials"],
  after: ["aws"],
  provides: "deployed",
  async run({ clients, stage, state }) {
    const stackName = cloudFormationStackName(stage, "Webhooks");
    let outputs: Record<string, string> | null;
    try {
      outputs = await stackOutputs(clients.cloudFormation, stage, "Webhooks");
    } catch (error) {
      return fail("aws-credentials", `could not read ${stackName}: ${errorText(error)}`);
    }
    if (outputs === null) {
      state.deployed = null;
      return wait(`not deployed yet (no ${stackName} stack)`);
    }
    const url = outputs.StripeWebhookUrl;
    if (!url)
      return fail("deploy", `${stackName} has no StripeWebhookUrl output: deploy the stage`);
    state.deployed = { stripeWebhookUrl: url };
    return ok(`StripeWebhookUrl ${url}`);
  },
};

const concurrencyCheck: Check = {
  name: "Lambda concurrency",
  needs: ["aws-credentials", "settings", "lambda-quota"],
  after: ["aws", "settings"],
  async run(context) {
    // Read as stacks/Jobs.ts reads it, so preflight refuses what synthesis refuses.
    let reserve: number;
    try {
      reserve = workerReservedConcurrency(WORKER_CONCURRENCY, context.env) ?? 0;
    } catch (error) {
      return fail("settings", (error as Error).message);
    }
    const { AccountLimit } = await context.clients.lambda.send(new GetAccountSettingsCommand({}));
    const quota = AccountLimit?.ConcurrentExecutions ?? 0;
    const unreserved = AccountLimit?.UnreservedConcurrentExecutions ?? 0;
    if (reserve === 0) {
      return ok(`quota ${quota}, ${unreserved} unreserved; the worker reserves none`);
    }
    // A redeploy first gives back what this stage's worker holds now.
    const held = await reservedByStack(context, cloudFormationStackName(context.stage, "Jobs"));
    const minimum = Math.min(UNRESERVED_CONCURRENCY_MINIMUM, quota);
    const left = unreserved + held - reserve;
    if (left >= minimum) {
      return ok(`quota ${quota}; reserving ${reserve} for the worker leaves ${left} unreserved`);
    }
    // What other functions of the account reserve stays reserved.
    const others = quota - unreserved - held;
    const askFor = others + reserve + UNRESERVED_CONCURRENCY_MINIMUM;
    return fail(
      "lambda-quota",
      `quota ${quota} with ${unreserved} unreserved: reserving ${reserve} for the worker would leave ${left}, and Lambda keeps at least ${minimum} unreserved. Ask AWS for a concurrency quota of at least ${askFor} (Service Quotas → AWS Lambda → Concurrent executions, ${context.region}), or set WORKER_RESERVED_CONCURRENCY=0`,
    );
  },
};

/** Reserved concurrency the Lambda functions of a deployed stack hold (0 when not deployed). */
async function reservedByStack(context: Context, stackName: string): Promise<number> {
  let resources: { ResourceType?: string; PhysicalResourceId?: string }[];
  try {
    const answer = await context.clients.cloudFormation.send(
      new DescribeStackResourcesCommand({ StackName: stackName }),
    );
    resources = answer.StackResources ?? [];
  } catch (error) {
    if (/does not exist/.test(errorText(error))) return 0;
    throw error;
  }
  let held = 0;
  for (const resource of resources) {
    if (resource.ResourceType !== "AWS::Lambda::Function" || !resource.PhysicalResourceId) continue;
    const concurrency = await context.clients.lambda.send(
      new GetFunctionConcurrencyCommand({ FunctionName: resource.PhysicalResourceId }),
    );
    held += concurrency.ReservedConcurrentExecutions ?? 0;
  }
  return held;
}

// ---------------------------------------------------------------- secrets

async function readParameter(context: Context, name: string): Promise<string | undefined> {
  try {
    const answer = await context.clients.ssm.send(
      new GetParameterCommand({ Name: name, WithDecryption: true }),
    );
    return answer.Parameter?.Value;
  } catch (error) {
    if (errorName(error) === "ParameterNotFound") return undefined;
    throw error;
  }
}

function secretCheck(name: string): Check {
  const rule = secretRules[name];
  return {
    name: `secret ${name}`,
    needs: ["aws-credentials", `secret:${name}`, ...(rule?.afterDeploy ? ["deploy"] : [])],
    after: ["aws"],
    provides: `secret:${name}`,
    async run(context) {
      if (!rule) {
        return fail(`secret:${name}`, "has no format rule in scripts/preflight/secrets.ts");
      }
      const paths = secretParameterPaths(context.stage, name);
      let path = paths.stage;
      let value = await readParameter(context, path);
      if (value === undefined) {
        path = paths.fallback;
        value = await readParameter(context, path);
      }
      if (value === undefined) {
        if (rule.afterDeploy && context.state.deployed === null) {
          return wait(`not set yet; it comes after the first deploy`);
        }
        return fail(
          `secret:${name}`,
          `not set (no ${paths.stage} in SSM): ${context.setSecretCommand(name)}`,
        );
      }
      const problem = rule.problem(value, {
        stage: context.stage,
        settings: context.state.settings,
      });
      if (problem) {
        return fail(`secret:${name}`, `${problem} (${path}): ${context.setSecretCommand(name)}`);
      }
      context.state.secrets.set(name, value);
      return ok(path === paths.stage ? "set" : `set (app-wide fallback ${path})`);
    },
  };
}

// ---------------------------------------------------------------- Stripe

function stripeFor(context: Context): Stripe {
  return new Stripe(context.state.secrets.get("STRIPE_SECRET_KEY") as string, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(context.stripeApi ?? {}),
  });
}

function stripeMode(context: Context) {
  return context.state.secrets.get("STRIPE_SECRET_KEY")?.startsWith("sk_live_") ? "live" : "test";
}

function priceCheck(name: "STRIPE_PRICE_STARTER" | "STRIPE_PRICE_PRO" | "STRIPE_PRICE_ENTERPRISE") {
  return {
    name: `Stripe price ${name}`,
    needs: ["settings", "secret:STRIPE_SECRET_KEY"],
    after: ["settings", "secret:STRIPE_SECRET_KEY"],
    async run(context) {
      const id = context.state.settings?.parameters[name] as string;
      let price: Stripe.Price;
      try {
        price = await stripeFor(context).prices.retrieve(id);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return fail(
            "settings",
            `${id}: ${error.message} (in ${stripeMode(context)} mode): set ${name} to a price of this account`,
          );
        }
        throw error;
      }
      const problems = [
        price.active ? "" : "is archived (not active)",
        price.type === "recurring" ? "" : "is one-time, not recurring",
        price.recurring &&
        (price.recurring.interval !== "month" || price.recurring.interval_count !== 1)
          ? `bills every ${price.recurring.interval_count} ${price.recurring.interval}, not monthly`
          : "",
      ].filter(Boolean);
      if (problems.length > 0) {
        return fail(
          "settings",
          `${id} ${problems.join(", ")}: set ${name} to an active monthly recurring price`,
        );
      }
      return ok(`${id} active, ${price.unit_amount} ${price.currency} a month`);
    },
  } satisfies Check;
}

const billingPortalCheck: Check = {
  name: "Stripe Billing Portal",
  needs: ["secret:STRIPE_SECRET_KEY", "stripe-billing-portal"],
  after: ["secret:STRIPE_SECRET_KEY"],
  async run(context) {
    const saved = await stripeFor(context).billingPortal.configurations.list({
      is_default: true,
      active: true,
      limit: 1,
    });
    const configuration = saved.data[0];
    if (!configuration) {
      const mode = stripeMode(context);
      return fail(
        "stripe-billing-portal",
        `no saved default configuration in ${mode} mode, so billingPortal.sessions.create fails: save the settings once at https://dashboard.stripe.com/${mode === "test" ? "test/" : ""}settings/billing/portal`,
      );
    }
    return ok(`default configuration ${configuration.id}`);
  },
};

function sameUrl(a: string, b: string) {
  return a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
}

const webhookEndpointCheck: Check = {
  name: "Stripe webhook endpoint",
  needs: ["secret:STRIPE_SECRET_KEY", "deploy", "stripe-webhook"],
  after: ["secret:STRIPE_SECRET_KEY", "deployed"],
  async run(context) {
    const url = context.state.deployed?.stripeWebhookUrl as string;
    const stripe = stripeFor(context);
    const events = readmeStripeEvents(context.readme);
    const endpoints = (
      await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({
        limit: 1000,
      })
    ).filter((e) => sameUrl(e.url, url));
    if (endpoints.length > 1) {
      return fail(
        "stripe-webhook",
        `${endpoints.length} endpoints at ${url} (${endpoints.map((e) => e.id).join(", ")}): each event would arrive ${endpoints.length} times; delete all but one`,
      );
    }
    const endpoint = endpoints[0];
    if (!endpoint) {
      if (!context.createWebhook) {
        return fail(
          "stripe-webhook",
          `none at ${url}: npm run preflight -- --stage ${context.stage} --create-webhook`,
        );
      }
      const created = await stripe.webhookEndpoints.create({
        url,
        enabled_events: events as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
        api_version: STRIPE_API_VERSION,
        description: `Site Portal, stage ${context.stage}`,
      });
      await storeWebhookSecret(context, created.secret as string);
      return ok(`created ${created.id} at ${url}; its signing secret is stored in SSM`);
    }
    const enabled = new Set(endpoint.enabled_events);
    const missing = events.filter((e) => !enabled.has(e));
    const extra = endpoint.enabled_events.filter((e) => !events.includes(e));
    const problems = [
      endpoint.status === "enabled" ? "" : `is ${endpoint.status}`,
      missing.length ? `lacks ${missing.join(", ")}` : "",
      extra.length ? `also sends ${extra.join(", ")}` : "",
      endpoint.api_version === STRIPE_API_VERSION
        ? ""
        : `uses API version ${endpoint.api_version ?? "(the account's default)"}, not ${STRIPE_API_VERSION} (a version is fixed at creation: delete the endpoint and create it again)`,
    ].filter(Boolean);
    if (problems.length > 0) {
      return fail("stripe-webhook", `${endpoint.id} at ${url} ${problems.join("; ")}`);
    }
    return ok(`${endpoint.id}: ${events.length} events, API version ${STRIPE_API_VERSION}`);
  },
};

/**
 * Stores the new endpoint's secret where SST reads STRIPE_WEBHOOK_SECRET, as `sst secrets set`
 * does, and restarts the webhook's function so no running instance keeps the old value.
 */
async function storeWebhookSecret(context: Context, secret: string) {
  await context.clients.ssm.send(
    new PutParameterCommand({
      Name: secretParameterPaths(context.stage, "STRIPE_WEBHOOK_SECRET").stage,
      Value: secret,
      Type: "SecureString",
      Overwrite: true,
    }),
  );
  const { StackResources } = await context.clients.cloudFormation.send(
    new DescribeStackResourcesCommand({
      StackName: cloudFormationStackName(context.stage, "Webhooks"),
    }),
  );
  for (const resource of StackResources ?? []) {
    if (resource.ResourceType !== "AWS::Lambda::Function" || !resource.PhysicalResourceId) continue;
    const current = await context.clients.lambda.send(
      new GetFunctionConfigurationCommand({ FunctionName: resource.PhysicalResourceId }),
    );
    // The variable `sst secrets set` changes to make Lambda start fresh instances.
    await context.clients.lambda.send(
      new UpdateFunctionConfigurationCommand({
        FunctionName: resource.PhysicalResourceId,
        Environment: {
          Variables: {
            ...(current.Environment?.Variables ?? {}),
            SST_ADMIN_SECRET_UPDATED_AT: String(Date.now()),
          },
        },
      }),
    );
  }
}

// ---------------------------------------------------------------- Clerk

const clerkKeyCheck: Check = {
  name: "Clerk JWT key",
  needs: ["settings", "secret:CLERK_JWT_KEY"],
  after: ["settings", "secret:CLERK_JWT_KEY"],
  async run(context) {
    const settings = context.state.settings as StageSettings;
    const url =
      context.clerkJwksUrl ?? `https://${settings.clerkFrontendApiHost}/.well-known/jwks.json`;
    let keys: (JsonWebKey & { kid?: string })[];
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      keys = ((await response.json()) as { keys?: (JsonWebKey & { kid?: string })[] }).keys ?? [];
    } catch (error) {
      return fail(
        "settings",
        `could not read ${url} (${errorText(error)}): is VITE_CLERK_PUBLISHABLE_KEY the instance's key?`,
      );
    }
    const own = createPublicKey(context.state.secrets.get("CLERK_JWT_KEY") as string).export({
      format: "jwk",
    });
    const match = keys.find((key) => key.kty === own.kty && key.n === own.n && key.e === own.e);
    if (!match) {
      return fail(
        "secret:CLERK_JWT_KEY",
        `matches none of the ${keys.length} keys at ${url}: copy the PEM public key from the API keys page of the Clerk instance VITE_CLERK_PUBLISHABLE_KEY names, then ${context.setSecretCommand("CLERK_JWT_KEY")}`,
      );
    }
    return ok(`matches ${match.kid ?? "a key"} of ${url}`);
  },
};

// ---------------------------------------------------------------- SES and the certificate

const sesAccessCheck: Check = {
  name: "SES production access",
  needs: ["aws-credentials", "ses-production-access"],
  after: ["aws"],
  async run({ clients, region }) {
    const account = await clients.ses.send(new GetAccountCommand({}));
    if (!account.SendingEnabled) {
      return fail("ses-production-access", `sending is paused for this account in ${region}`);
    }
    if (!account.ProductionAccessEnabled) {
      return fail(
        "ses-production-access",
        `SES is in the sandbox in ${region}: mail reaches only verified addresses. Request production access (SES console → Account dashboard)`,
      );
    }
    return ok(`production access in ${region}`);
  },
};

const sesIdentityCheck: Check = {
  name: "SES identity",
  needs: ["aws-credentials", "settings", "ses-identity"],
  after: ["aws", "settings"],
  async run({ clients, state, region }) {
    const identity = (state.settings as StageSettings).mail.identity;
    try {
      const found = await clients.ses.send(
        new GetEmailIdentityCommand({ EmailIdentity: identity }),
      );
      const dkim = found.DkimAttributes?.Status;
      if (!found.VerifiedForSendingStatus || dkim !== "SUCCESS") {
        return fail(
          "ses-identity",
          `${identity} is not verified with DKIM yet (verified: ${Boolean(found.VerifiedForSendingStatus)}, DKIM: ${dkim ?? "none"}): publish its Easy DKIM CNAME records`,
        );
      }
      return ok(`${identity} verified with DKIM`);
    } catch (error) {
      if (errorName(error) !== "NotFoundException") throw error;
      return fail(
        "ses-identity",
        `${identity} (MAIL_FROM's domain) is not an SES identity in ${region}: create it with Easy DKIM`,
      );
    }
  },
};

const sesConfigurationSetCheck: Check = {
  name: "SES configuration set",
  needs: ["aws-credentials", "settings", "ses-identity"],
  after: ["aws", "settings"],
  async run({ clients, state, region }) {
    const { configurationSet: name, ownConfigurationSet } = (state.settings as StageSettings).mail;
    // Unnamed: the stack makes it on deploy (stacks/mail-feedback.ts).
    if (ownConfigurationSet) return ok(`none named: the deploy makes ${name}`);
    try {
      await clients.ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: name }));
      return ok(`${name} exists`);
    } catch (error) {
      if (errorName(error) !== "NotFoundException") throw error;
      return fail(
        "ses-identity",
        `${name} does not exist in ${region}: create it in SES, or leave SES_CONFIGURATION_SET empty`,
      );
    }
  },
};

/** A certificate name covers a host: the same name, or a wildcard one label above it. */
function covers(name: string, host: string) {
  if (name === host) return true;
  return name.startsWith("*.") && host.slice(host.indexOf(".") + 1) === name.slice(2);
}

const certificateCheck: Check = {
  name: "certificate",
  needs: ["aws-credentials", "settings"],
  after: ["aws", "settings"],
  async run(context) {
    const arn = setting(context, "PORTAL_CERTIFICATE_ARN");
    if (!arn) return ok("no PORTAL_CERTIFICATE_ARN (none, or issued from PORTAL_HOSTED_ZONE)");
    const domain = setting(context, "PORTAL_DOMAIN").toLowerCase();
    if (!domain) return fail("settings", "PORTAL_CERTIFICATE_ARN is set without PORTAL_DOMAIN");
    const { Certificate } = await context.clients.acm.send(
      new DescribeCertificateCommand({ CertificateArn: arn }),
    );
    const names = [Certificate?.DomainName, ...(Certificate?.SubjectAlternativeNames ?? [])]
      .filter((n): n is string => Boolean(n))
      .map((n) => n.toLowerCase());
    const problems = [
      Certificate?.Status === "ISSUED" ? "" : `is ${Certificate?.Status ?? "unknown"}, not ISSUED`,
      names.some((n) => covers(n, domain)) ? "" : `does not cover ${domain} (${names.join(", ")})`,
    ].filter(Boolean);
    if (problems.length > 0) return fail("settings", `${arn} ${problems.join("; ")}`);
    return ok(`${arn} issued for ${domain}`);
  },
};

// ---------------------------------------------------------------- the run

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
    clerkKeyCheck,
    sesAccessCheck,
    sesIdentityCheck,
    sesConfigurationSetCheck,
    certificateCheck,
  ];
}

function stepNote(steps: DeployStep[], need: string | undefined) {
  const step = need ? stepProviding(steps, need) : undefined;
  return step ? ` (README "Deploy" step ${step.number})` : "";
}

export async function runPreflight(options: PreflightOptions): Promise<CheckLine[]> {
  const steps = readDeploySteps(options.readme);
  const region = options.region;
  const context: Context = {
    ...options,
    state: { secrets: new Map() },
    clients: {
      sts: new STSClient({ region }),
      lambda: new LambdaClient({ region }),
      ssm: new SSMClient({ region }),
      ses: new SESv2Client({ region }),
      // CloudFront takes certificates from us-east-1 only.
      acm: new ACMClient({ region: "us-east-1" }),
      cloudFormation: new CloudFormationClient({ region }),
    },
    setSecretCommand: (name) =>
      `npx sst secrets set ${name} ${secretRules[name]?.example ?? "<value>"} --stage ${options.stage}`,
  };
  const checks = preflightChecks();
  const providerName = new Map(checks.map((check) => [check.provides, check.name]));
  const statusOf = new Map<string, Status>();
  const lines: CheckLine[] = [];
  for (const check of checks) {
    const blocked = check.after.filter((name) => statusOf.get(name) !== "ok");
    let outcome: Outcome;
    if (blocked.length > 0) {
      const names = blocked.map((name) => providerName.get(name) ?? name).join(", ");
      const waiting = blocked.every((name) => statusOf.get(name) === "wait");
      outcome = waiting
        ? wait(`waits for: ${names}`)
        : { status: "skip", message: `needs what did not pass above: ${names}` };
    } else {
      try {
        outcome = await check.run(context);
      } catch (error) {
        outcome = fail(check.needs[0] ?? "settings", errorText(error));
      }
    }
    if (check.provides) statusOf.set(check.provides, outcome.status);
    const note =
      outcome.status === "wait"
        ? stepNote(steps, "deploy").replace("(", "(after ")
        : outcome.status === "fail"
          ? stepNote(steps, outcome.need)
          : "";
    lines.push({ name: check.name, status: outcome.status, message: `${outcome.message}${note}` });
  }
  return lines;
}
