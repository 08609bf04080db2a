/**
 * `npm run preflight` against stubbed AWS clients (aws-sdk-client-mock), the local Stripe
 * emulator and a JWKS served on 127.0.0.1: a healthy stage passes every check, and each check
 * fails once on the one thing it guards (docs/operations.md "First deploy").
 */
import { spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { ACMClient, DescribeCertificateCommand } from "@aws-sdk/client-acm";
import {
  CloudFormationClient,
  DescribeStackResourcesCommand,
  DescribeStacksCommand,
} from "@aws-sdk/client-cloudformation";
import {
  GetAccountSettingsCommand,
  GetFunctionConcurrencyCommand,
  GetFunctionConfigurationCommand,
  LambdaClient,
  UpdateFunctionConfigurationCommand,
} from "@aws-sdk/client-lambda";
import {
  GetHostedZoneCommand,
  ListHostedZonesByNameCommand,
  Route53Client,
} from "@aws-sdk/client-route-53";
import {
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from "@aws-sdk/client-sesv2";
import {
  GetParameterCommand,
  ParameterNotFound,
  PutParameterCommand,
  SSMClient,
} from "@aws-sdk/client-ssm";
import { GetCallerIdentityCommand, STSClient } from "@aws-sdk/client-sts";
import { STRIPE_API_VERSION } from "@portal/core/adapters/payments";
import { planById } from "@portal/core/contracts/plans";
import { readBody } from "@portal/devstack/http-io";
import { type RunningStripeEmulator, startStripeEmulator } from "@portal/devstack/stripe/server";
import { QUEUE_CONSUMERS } from "@portal/functions/queue-consumers";
import { mockClient } from "aws-sdk-client-mock";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { preflightChecks } from "../../scripts/preflight/checks";
import { PRICE_SETTINGS } from "../../scripts/preflight/checks/stripe";
import { readmeStripeEvents } from "../../scripts/preflight/readme";
import {
  type CheckLine,
  type PreflightOptions,
  passed,
  runPreflight,
} from "../../scripts/preflight/runner";
import { secretRules } from "../../scripts/preflight/secrets";
import { loadStageEnv } from "../../scripts/preflight/stage-env";
import { secretParameterPaths } from "../../stacks/app";
import { API_CONCURRENCY_ROOM, concurrencyDemand, secretNames } from "../../stacks/Config";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const STAGE = "prod";
const STRIPE_KEY = "sk_live_preflight_emulator";
const WEBHOOK_URL = "https://abc123.lambda-url.us-east-1.on.aws/";
const CERTIFICATE_ARN =
  "arn:aws:acm:us-east-1:123456789012:certificate/0f0e1d2c-3b4a-4968-8a8b-9c0d1e2f3a4b";
const PRICES = {
  STRIPE_PRICE_STARTER: "price_live_starter",
  STRIPE_PRICE_PRO: "price_live_pro",
  STRIPE_PRICE_ENTERPRISE: "price_live_enterprise",
};

/** Each price setting's price, charging its plan's amount monthly, as the README's step 1 makes them. */
function seededPrices() {
  return (Object.entries(PRICES) as [keyof typeof PRICES, string][]).map(([name, priceId]) => ({
    productId: `prod_${name.toLowerCase()}`,
    priceId,
    name,
    unitAmount: (planById(PRICE_SETTINGS[name])?.price ?? 0) * 100,
    currency: "usd",
    interval: "month" as const,
  }));
}

function rsaPair() {
  return generateKeyPairSync("rsa", { modulusLength: 2048 });
}
const clerkKey = rsaPair().publicKey;
const otherKey = rsaPair().publicKey;
const clerkPem = clerkKey.export({ format: "pem", type: "spki" }).toString();

const baseEnv = {
  CLERK_AUDIENCE: "https://portal.example.com",
  APP_URL: "https://portal.example.com",
  DOMAIN_CNAME_TARGET: "sites.example.com",
  DOMAIN_A_RECORD: "192.0.2.10",
  ...PRICES,
  VITE_STRIPE_PUBLISHABLE_KEY: "pk_live_preflight",
  VITE_CLERK_PUBLISHABLE_KEY: `pk_live_${Buffer.from("clerk.example.com$").toString("base64")}`,
  MAIL_FROM: "Site Portal <notifications@example.com>",
  SES_CONFIGURATION_SET: "portal-mail",
  PORTAL_DOMAIN: "portal.example.com",
  PORTAL_CERTIFICATE_ARN: CERTIFICATE_ARN,
  WORKER_RESERVED_CONCURRENCY: "5",
  ALARM_EMAIL: "ops@example.com",
  SITES_DOMAIN: "sites-example.net",
  SITES_CERTIFICATE_ARN: CERTIFICATE_ARN,
  SMOKE_CLERK_USER_ID: "user_smoke",
  SMOKE_STAFF_CLERK_USER_ID: "user_staff",
};

const sts = mockClient(STSClient);
const lambda = mockClient(LambdaClient);
const ssm = mockClient(SSMClient);
const ses = mockClient(SESv2Client);
const acm = mockClient(ACMClient);
const cloudFormation = mockClient(CloudFormationClient);
const route53 = mockClient(Route53Client);

/** SSM as a map from parameter name to value; PutParameter writes into it. */
let parameters: Map<string, string>;

function storeSecret(name: string, value: string, where: "stage" | "fallback" = "stage") {
  parameters.set(secretParameterPaths(STAGE, name)[where], value);
}

function stackMissing(stack: string) {
  return Object.assign(new Error(`Stack with id ${stack} does not exist`), {
    name: "ValidationError",
  });
}

function deployed(yes: boolean) {
  cloudFormation.on(DescribeStacksCommand).callsFake(({ StackName }) => {
    if (!yes) throw stackMissing(StackName);
    return {
      Stacks: [
        {
          StackName,
          StackStatus: "UPDATE_COMPLETE",
          CreationTime: new Date(),
          Outputs: [{ OutputKey: "StripeWebhookUrl", OutputValue: WEBHOOK_URL }],
        },
      ],
    };
  });
  cloudFormation.on(DescribeStackResourcesCommand).callsFake(({ StackName }) => {
    if (!yes) throw stackMissing(StackName);
    const stack = String(StackName).split("-").pop();
    return {
      StackResources: [
        {
          LogicalResourceId: `${stack}Function`,
          PhysicalResourceId: `${StackName}-function`,
          ResourceType: "AWS::Lambda::Function",
          ResourceStatus: "UPDATE_COMPLETE",
          Timestamp: new Date(),
        },
      ],
    };
  });
}

let emulator: RunningStripeEmulator;
let stripe: Stripe;
let jwksServer: Server;
let jwks: { status: number; keys: object[] };
let jwksUrl: string;
let clerkApiUrl: string;
/** Clerk's primary domain as GET /v1/domains answers it, and the DNS as lookups find it. */
let clerkDomain: { name: string; is_satellite: boolean; cname_targets: object[] };
let dns: Map<string, string[]>;
let clerkApiCalls: string[];
/** The `aud` of the session token the Frontend API stand-in issues; sessions it revoked. */
let tokenAud: string | undefined;
/** The `role` claim of the staff test user's session token. */
let staffRole: string | undefined;
let revoked: string[];
/** The domain's name servers as a public NS lookup finds them. */
let publicNs: string[];
const ZONE_NS = [
  "ns-1.awsdns-01.org",
  "ns-2.awsdns-02.co.uk",
  "ns-3.awsdns-03.com",
  "ns-4.awsdns-04.net",
];
const CLERK_RECORDS = [
  { host: "clerk.example.com", value: "frontend-api.clerk.services", required: true },
  { host: "accounts.example.com", value: "accounts.clerk.services", required: true },
  { host: "clkmail.example.com", value: "mail.abc.clerk.services", required: true },
  { host: "clk._domainkey.example.com", value: "dkim1.abc.clerk.services", required: true },
  { host: "clk2._domainkey.example.com", value: "dkim2.abc.clerk.services", required: true },
];

beforeAll(async () => {
  jwksServer = createServer((_req, res) => {
    // The same server stands in for Clerk's Backend API (GET /v1/domains).
    // The sign-in token flow (scripts/smoke/clerk-sign-in.ts): Backend API, then Frontend API.
    // The ticket names the user it signs in; the staff user's token carries `staffRole`.
    if (_req.method === "POST" && _req.url === "/v1/sign_in_tokens") {
      void readBody(_req).then((body) => {
        const { user_id } = JSON.parse(body.toString()) as { user_id: string };
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id: "sit_1", token: `ticket-${user_id}`, status: "pending" }));
      });
      return;
    }
    if (_req.method === "POST" && _req.url === "/v1/client/sign_ins") {
      void readBody(_req).then((body) => {
        const userId = String(new URLSearchParams(body.toString()).get("ticket")).replace(
          /^ticket-/,
          "",
        );
        const sid = `sess_${userId}`;
        const claims = {
          sub: userId,
          sid,
          ...(tokenAud ? { aud: tokenAud } : {}),
          ...(userId === baseEnv.SMOKE_STAFF_CLERK_USER_ID && staffRole ? { role: staffRole } : {}),
        };
        const jwt = ["{}", JSON.stringify(claims), "sig"]
          .map((part) => Buffer.from(part).toString("base64url"))
          .join(".");
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            response: { status: "complete", created_session_id: sid },
            client: { sessions: [{ id: sid, last_active_token: { jwt } }] },
          }),
        );
      });
      return;
    }
    if (_req.method === "POST" && _req.url?.startsWith("/v1/sessions/")) {
      revoked.push(_req.url);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "revoked" }));
      return;
    }
    if (_req.url?.startsWith("/v1/domains")) {
      clerkApiCalls.push(String(_req.headers.authorization));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: [clerkDomain], total_count: 1 }));
      return;
    }
    res.writeHead(jwks.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ keys: jwks.keys }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`;
  clerkApiUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => jwksServer.close(resolve));
});

beforeEach(async () => {
  for (const client of [sts, lambda, ssm, ses, acm, cloudFormation, route53]) client.reset();
  tokenAud = baseEnv.CLERK_AUDIENCE;
  staffRole = "staff";
  revoked = [];
  publicNs = [...ZONE_NS];
  route53.on(ListHostedZonesByNameCommand).resolves({
    HostedZones: [
      {
        Id: "/hostedzone/Z1",
        Name: "example.com.",
        CallerReference: "r",
        Config: { PrivateZone: false },
      },
    ],
  });
  route53.on(GetHostedZoneCommand).resolves({
    HostedZone: { Id: "/hostedzone/Z1", Name: "example.com.", CallerReference: "r" },
    DelegationSet: { NameServers: ZONE_NS },
  });
  sts.on(GetCallerIdentityCommand).resolves({
    Account: "123456789012",
    Arn: "arn:aws:iam::123456789012:user/deployer",
  });
  deployed(true);
  lambda.on(GetAccountSettingsCommand).resolves({
    AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 },
  });
  lambda.on(GetFunctionConcurrencyCommand).resolves({});
  lambda.on(GetFunctionConfigurationCommand).resolves({ Environment: { Variables: { A: "1" } } });
  lambda.on(UpdateFunctionConfigurationCommand).resolves({});
  parameters = new Map();
  ssm.on(GetParameterCommand).callsFake(({ Name }) => {
    const value = parameters.get(Name);
    if (value === undefined) {
      throw new ParameterNotFound({ message: "not found", $metadata: {} });
    }
    return { Parameter: { Name, Value: value } };
  });
  ssm.on(PutParameterCommand).callsFake(({ Name, Value }) => {
    parameters.set(Name, Value);
    return { Version: 1 };
  });
  storeSecret("STRIPE_SECRET_KEY", STRIPE_KEY);
  storeSecret("STRIPE_WEBHOOK_SECRET", "whsec_c29tZXRoaW5nIHNlY3JldA==");
  storeSecret("CLERK_JWT_KEY", clerkPem);
  storeSecret("CLERK_SECRET_KEY", "sk_live_preflightbackendkey");
  storeSecret("CLERK_WEBHOOK_SECRET", "whsec_Y2xlcmsgd2ViaG9vayBzZWNyZXQ=");
  storeSecret("ANALYTICS_SALT_KEY", "a".repeat(44));
  // The fallback path serves a stage without its own value.
  storeSecret("UNSUBSCRIBE_KEY", "u".repeat(44), "fallback");
  ses.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: true });
  ses.on(GetEmailIdentityCommand).resolves({
    VerifiedForSendingStatus: true,
    DkimAttributes: { Status: "SUCCESS" },
  });
  ses.on(GetConfigurationSetCommand).resolves({ ConfigurationSetName: "portal-mail" });
  acm.on(DescribeCertificateCommand).resolves({
    Certificate: {
      CertificateArn: CERTIFICATE_ARN,
      Status: "ISSUED",
      DomainName: "example.com",
      SubjectAlternativeNames: ["example.com", "*.example.com"],
    },
  });
  clerkDomain = { name: "example.com", is_satellite: false, cname_targets: CLERK_RECORDS };
  dns = new Map(CLERK_RECORDS.map((r) => [r.host, [r.value]]));
  clerkApiCalls = [];
  jwks = {
    status: 200,
    keys: [
      { ...otherKey.export({ format: "jwk" }), kid: "ins_other", use: "sig", alg: "RS256" },
      { ...clerkKey.export({ format: "jwk" }), kid: "ins_clerk", use: "sig", alg: "RS256" },
    ],
  };

  emulator = await startStripeEmulator({
    secretKey: STRIPE_KEY,
    seed: seededPrices(),
  });
  stripe = new Stripe(STRIPE_KEY, {
    host: emulator.host,
    port: emulator.port,
    protocol: emulator.protocol,
    maxNetworkRetries: 0,
  });
  await stripe.billingPortal.configurations.create({
    features: { invoice_history: { enabled: true } },
  });
  await stripe.webhookEndpoints.create({
    url: WEBHOOK_URL,
    enabled_events: readmeStripeEvents(readme) as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
    api_version: STRIPE_API_VERSION,
  });
});

afterEach(async () => {
  await emulator.stop();
});

async function run(options: Partial<PreflightOptions> & { envChanges?: object } = {}) {
  const { envChanges, ...rest } = options;
  return runPreflight({
    stage: STAGE,
    env: { ...baseEnv, ...envChanges },
    readme,
    region: "us-east-1",
    stripeApi: { host: emulator.host, port: emulator.port, protocol: "http" },
    clerkJwksUrl: jwksUrl,
    clerkApiUrl,
    clerkFrontendApiUrl: clerkApiUrl,
    resolveCname: async (host: string) => dns.get(host) ?? [],
    resolveNs: async () => publicNs.map((ns) => `${ns}.`),
    ...rest,
  });
}

function line(lines: CheckLine[], name: string): CheckLine {
  const found = lines.find((l) => l.name === name);
  if (!found) throw new Error(`no line "${name}" in ${lines.map((l) => l.name).join(", ")}`);
  return found;
}

/** Only `name` failed, with a message matching `message`; the run does not pass. */
function expectOnlyFailure(lines: CheckLine[], name: string, message: RegExp) {
  expect(line(lines, name)).toMatchObject({
    status: "fail",
    message: expect.stringMatching(message),
  });
  expect(lines.filter((l) => l.status === "fail").map((l) => l.name)).toEqual([name]);
  expect(passed(lines)).toBe(false);
}

describe("preflight", () => {
  it("passes a healthy deployed stage on every line", async () => {
    const lines = await run();
    expect(lines.filter((l) => l.status !== "ok")).toEqual([]);
    expect(passed(lines)).toBe(true);
    expect(line(lines, "secret UNSUBSCRIBE_KEY").message).toMatch(/fallback/);
    expect(line(lines, "Clerk JWT key").message).toMatch(/ins_clerk/);
  });

  it("before the first deploy, waits for the webhook and its secret, and passes", async () => {
    deployed(false);
    parameters.delete(secretParameterPaths(STAGE, "STRIPE_WEBHOOK_SECRET").stage);
    const lines = await run();
    for (const name of [
      "deployed stage",
      "Stripe webhook endpoint",
      "secret STRIPE_WEBHOOK_SECRET",
    ]) {
      expect(line(lines, name)).toMatchObject({
        status: "wait",
        message: expect.stringMatching(/\(after README "Deploy" step 5\)$/),
      });
    }
    expect(passed(lines)).toBe(true);
  });

  it("stage settings: names what readStageSettings refuses, and the step; what needs them skips", async () => {
    const lines = await run({ envChanges: { MAIL_FROM: "" } });
    expect(line(lines, "stage settings")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/MAIL_FROM must be .*\(README "Deploy" step 1\)$/),
    });
    expect(line(lines, "SES identity").status).toBe("skip");
    expect(passed(lines)).toBe(false);
  });

  it("stage settings: APP_URL is derived from PORTAL_DOMAIN, as synthesis derives it", async () => {
    const lines = await run({ envChanges: { APP_URL: "" } });
    expect(line(lines, "stage settings")).toMatchObject({
      status: "ok",
      message: "APP_URL https://portal.example.com",
    });
    const elsewhere = await run({ envChanges: { APP_URL: "https://other.example.com" } });
    expect(line(elsewhere, "stage settings")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/APP_URL is derived from PORTAL_DOMAIN/),
    });
  });

  it("stage settings: refuses, as synthesis does, a prod stage whose portal is not served or whose alarms reach nobody", async () => {
    const noDomain = await run({
      envChanges: { PORTAL_DOMAIN: "", PORTAL_CERTIFICATE_ARN: "" },
    });
    expect(line(noDomain, "stage settings")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/not the distribution's own name.*set PORTAL_DOMAIN=/),
    });
    const silent = await run({ envChanges: { ALARM_EMAIL: "" } });
    expect(line(silent, "stage settings")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/ALARM_EMAIL is required in the prod stage/),
    });
  });

  it("AWS credentials: no caller identity", async () => {
    sts.on(GetCallerIdentityCommand).rejects(new Error("Could not load credentials"));
    const lines = await run();
    expect(line(lines, "AWS credentials")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/AWS_PROFILE.*step 1\)$/),
    });
    expect(line(lines, "secret STRIPE_SECRET_KEY").status).toBe("skip");
  });

  it("deployed stage: a Webhooks stack without its output", async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [] });
    const lines = await run();
    expect(line(lines, "deployed stage")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/prod-site-portal-Webhooks has no StripeWebhookUrl/),
    });
  });

  it("Lambda concurrency: a new account's quota of 10 cannot hold the queues' caps and the API", async () => {
    const demand = concurrencyDemand(QUEUE_CONSUMERS);
    lambda.on(GetAccountSettingsCommand).resolves({
      AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 },
    });
    // Without a reservation: the background work and the API's room.
    expectOnlyFailure(
      await run({ envChanges: { WORKER_RESERVED_CONCURRENCY: "0" } }),
      "Lambda concurrency",
      new RegExp(
        `^quota 10 cannot hold the stage: .*up to ${demand.background} executions .*Jobs 5.*browsers 5.*quota of at least ${demand.needed} .*step 1\\)$`,
      ),
    );
    // With one, Lambda's unreserved minimum beside it asks for more.
    expectOnlyFailure(
      await run(),
      "Lambda concurrency",
      /reserving 5 for the worker must leave Lambda 10 unreserved.*quota of at least 105 .*WORKER_RESERVED_CONCURRENCY=0/,
    );
  });

  it("Lambda concurrency: a quota that holds the caps but leaves the API too little is refused", async () => {
    const demand = concurrencyDemand(QUEUE_CONSUMERS);
    const quota = demand.background + API_CONCURRENCY_ROOM - 1;
    lambda.on(GetAccountSettingsCommand).resolves({
      AccountLimit: { ConcurrentExecutions: quota, UnreservedConcurrentExecutions: quota },
    });
    const envChanges = { WORKER_RESERVED_CONCURRENCY: "0" };
    expectOnlyFailure(await run({ envChanges }), "Lambda concurrency", /cannot hold the stage/);
    lambda.on(GetAccountSettingsCommand).resolves({
      AccountLimit: { ConcurrentExecutions: quota + 1, UnreservedConcurrentExecutions: quota + 1 },
    });
    expect(line(await run({ envChanges }), "Lambda concurrency").status).toBe("ok");
  });

  it("Lambda concurrency: what the stage's worker holds now counts as free on a redeploy", async () => {
    lambda.on(GetAccountSettingsCommand).resolves({
      AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 100 },
    });
    lambda
      .on(GetFunctionConcurrencyCommand, { FunctionName: "prod-site-portal-Jobs-function" })
      .resolves({ ReservedConcurrentExecutions: 5 });
    expect(line(await run(), "Lambda concurrency").status).toBe("ok");
    lambda.on(GetFunctionConcurrencyCommand).resolves({});
    expectOnlyFailure(await run(), "Lambda concurrency", /must leave Lambda 100 unreserved/);
  });

  it("every secret of stacks/Config.ts has a format rule", () => {
    expect(secretNames.filter((name) => !secretRules[name])).toEqual([]);
  });

  it("secrets: a missing one says the command that sets it, and the step", async () => {
    parameters.delete(secretParameterPaths(STAGE, "ANALYTICS_SALT_KEY").stage);
    expectOnlyFailure(
      await run(),
      "secret ANALYTICS_SALT_KEY",
      /^not set .*npx sst secrets set ANALYTICS_SALT_KEY .* --stage prod \(README "Deploy" step 2\)$/,
    );
  });

  it.each([
    ["STRIPE_SECRET_KEY", "sk_test_preflight", /test-mode key; the prod stage takes a live key/],
    ["STRIPE_SECRET_KEY", "rk_live_restricted", /not a Stripe secret key/],
    ["CLERK_JWT_KEY", "-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----", /not a PEM/],
    ["ANALYTICS_SALT_KEY", "short", /has 5 characters, needs at least 32/],
    ["UNSUBSCRIBE_KEY", "u".repeat(31), /has 31 characters/],
    ["STRIPE_WEBHOOK_SECRET", "sk_live_wrong_secret", /not a webhook signing secret/],
  ])("secrets: %s = %j is refused", async (name, value, message) => {
    storeSecret(name, value);
    const lines = await run();
    expect(line(lines, `secret ${name}`)).toMatchObject({
      status: "fail",
      message: expect.stringMatching(message),
    });
    expect(passed(lines)).toBe(false);
  });

  it("secrets: a Stripe key from another mode than the publishable key", async () => {
    parameters.set(secretParameterPaths("staging", "STRIPE_SECRET_KEY").stage, STRIPE_KEY);
    const lines = await run({
      stage: "staging",
      envChanges: { VITE_STRIPE_PUBLISHABLE_KEY: "pk_test_preflight" },
    });
    expect(line(lines, "secret STRIPE_SECRET_KEY")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/live-mode key but VITE_STRIPE_PUBLISHABLE_KEY is test-mode/),
    });
  });

  it("Stripe prices: archived, yearly or unknown", async () => {
    await stripe.prices.update(PRICES.STRIPE_PRICE_PRO, { active: false });
    const yearly = await stripe.prices.create({
      product: "prod_stripe_price_starter",
      unit_amount: 49000,
      currency: "usd",
      recurring: { interval: "year" },
    });
    const lines = await run({
      envChanges: { STRIPE_PRICE_STARTER: yearly.id, STRIPE_PRICE_ENTERPRISE: "price_nope" },
    });
    expect(line(lines, "Stripe price STRIPE_PRICE_PRO").message).toMatch(
      /is archived .*active monthly recurring price of \$99\.00 \(README "Deploy" step 1\)$/,
    );
    expect(line(lines, "Stripe price STRIPE_PRICE_STARTER").message).toMatch(
      /bills every 1 year, not monthly/,
    );
    expect(line(lines, "Stripe price STRIPE_PRICE_ENTERPRISE").message).toMatch(
      /No such price: 'price_nope'/,
    );
    expect(lines.filter((l) => l.status === "fail")).toHaveLength(3);
  });

  it("Stripe prices: a monthly price charging another amount than the plan", async () => {
    const cheaper = await stripe.prices.create({
      product: "prod_stripe_price_pro",
      unit_amount: 4900,
      currency: "usd",
      recurring: { interval: "month" },
    });
    const euros = await stripe.prices.create({
      product: "prod_stripe_price_enterprise",
      unit_amount: 19900,
      currency: "eur",
      recurring: { interval: "month" },
    });
    const lines = await run({
      envChanges: { STRIPE_PRICE_PRO: cheaper.id, STRIPE_PRICE_ENTERPRISE: euros.id },
    });
    expect(line(lines, "Stripe price STRIPE_PRICE_PRO")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /charges \$49\.00, not the Professional plan's \$99\.00 \(unit_amount 9900 usd\)/,
      ),
    });
    expect(line(lines, "Stripe price STRIPE_PRICE_ENTERPRISE").message).toMatch(
      /charges €199\.00, not the Enterprise plan's \$199\.00/,
    );
    expect(line(lines, "Stripe price STRIPE_PRICE_STARTER").status).toBe("ok");
  });

  it("Stripe Billing Portal: no saved configuration", async () => {
    await emulator.stop();
    emulator = await startStripeEmulator({
      secretKey: STRIPE_KEY,
      seed: seededPrices(),
    });
    const lines = await run();
    expect(line(lines, "Stripe Billing Portal")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /no saved default configuration in live mode.*dashboard\.stripe\.com\/settings\/billing\/portal \(README "Deploy" step 3\)$/,
      ),
    });
  });

  it("Stripe webhook endpoint: none, or one with other events or another API version", async () => {
    const [endpoint] = (await stripe.webhookEndpoints.list()).data;
    await stripe.webhookEndpoints.update(endpoint?.id as string, {
      enabled_events: ["invoice.paid", "charge.refunded"],
    });
    expectOnlyFailure(
      await run(),
      "Stripe webhook endpoint",
      /lacks checkout\.session\.completed, .*; also sends charge\.refunded \(README "Deploy" step 6\)$/,
    );

    await stripe.webhookEndpoints.del(endpoint?.id as string);
    await stripe.webhookEndpoints.create({
      url: WEBHOOK_URL,
      enabled_events: readmeStripeEvents(
        readme,
      ) as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      api_version: "2025-01-27.acacia",
    });
    expectOnlyFailure(
      await run(),
      "Stripe webhook endpoint",
      /uses API version 2025-01-27\.acacia, not 2026-10-28\.endive/,
    );

    for (const e of (await stripe.webhookEndpoints.list()).data)
      await stripe.webhookEndpoints.del(e.id);
    expectOnlyFailure(
      await run(),
      "Stripe webhook endpoint",
      /^none at https:\/\/abc123.*--create-webhook \(README "Deploy" step 6\)$/,
    );
  });

  it("--create-webhook creates the endpoint, stores its secret where SST reads it, restarts the function", async () => {
    for (const e of (await stripe.webhookEndpoints.list()).data)
      await stripe.webhookEndpoints.del(e.id);
    parameters.delete(secretParameterPaths(STAGE, "STRIPE_WEBHOOK_SECRET").stage);
    const lines = await run({ createWebhook: true });
    expect(lines.filter((l) => l.status !== "ok")).toEqual([]);
    const [created] = (await stripe.webhookEndpoints.list()).data;
    expect(created).toMatchObject({
      url: WEBHOOK_URL,
      api_version: STRIPE_API_VERSION,
      enabled_events: readmeStripeEvents(readme),
    });
    const put = ssm.commandCalls(PutParameterCommand)[0]?.args[0].input;
    expect(put).toMatchObject({
      Name: "/sst/site-portal/prod/Secret/STRIPE_WEBHOOK_SECRET/value",
      Type: "SecureString",
      Overwrite: true,
      Value: expect.stringMatching(/^whsec_/),
    });
    const update = lambda.commandCalls(UpdateFunctionConfigurationCommand)[0]?.args[0].input;
    expect(update).toMatchObject({
      FunctionName: "prod-site-portal-Webhooks-function",
      Environment: { Variables: { A: "1", SST_ADMIN_SECRET_UPDATED_AT: expect.any(String) } },
    });
    // The next run finds the same endpoint and creates no second one.
    expect(passed(await run({ createWebhook: true }))).toBe(true);
    expect((await stripe.webhookEndpoints.list()).data).toHaveLength(1);
  });

  it("Clerk DNS: names each record Clerk lists that DNS does not answer yet", async () => {
    expect(line(await run(), "Clerk DNS")).toMatchObject({ status: "ok" });
    expect(clerkApiCalls).toEqual(["Bearer sk_live_preflightbackendkey"]);
    dns.delete("accounts.example.com");
    dns.set("clk2._domainkey.example.com", ["elsewhere.example.net"]);
    expectOnlyFailure(
      await run(),
      "Clerk DNS",
      /lacks 2 of Clerk's records.*accounts\.example\.com CNAME accounts\.clerk\.services; clk2\._domainkey\.example\.com CNAME dkim2.*\(README "Deploy" step 3\)$/,
    );
  });

  it("Clerk session token: signs the smoke account in and refuses a token without the audience", async () => {
    const healthy = await run();
    expect(line(healthy, "Clerk session token")).toMatchObject({
      status: "ok",
      message: expect.stringMatching(/carries aud https:\/\/portal\.example\.com$/),
    });
    // The sessions it made (the smoke account's and the staff user's) are ended.
    expect(revoked).toEqual([
      "/v1/sessions/sess_user_smoke/revoke",
      "/v1/sessions/sess_user_staff/revoke",
    ]);
    tokenAud = undefined;
    expectOnlyFailure(
      await run(),
      "Clerk session token",
      /carries aud \(none\), not https:\/\/portal\.example\.com.*"aud": "https:\/\/portal\.example\.com".*\(README "Deploy" step 3\)$/,
    );
    tokenAud = "https://other.example.com";
    expectOnlyFailure(
      await run(),
      "Clerk session token",
      /carries aud https:\/\/other\.example\.com, not/,
    );
    expectOnlyFailure(
      await run({ envChanges: { SMOKE_CLERK_USER_ID: "" } }),
      "Clerk session token",
      /no SMOKE_CLERK_USER_ID.*\(README "Deploy" step 3\)$/,
    );
  });

  it("Smoke staff account: signs the staff test user in and refuses a token without the staff role", async () => {
    expect(line(await run(), "Smoke staff account")).toMatchObject({
      status: "ok",
      message: 'a session token Clerk issued for user_staff carries role "staff"',
    });
    staffRole = undefined;
    expectOnlyFailure(
      await run(),
      "Smoke staff account",
      /carries role \(none\), not "staff": every staff route would answer 403.*publicMetadata\.role = "staff".*\(README "Deploy" step 3\)$/,
    );
    staffRole = "member";
    expectOnlyFailure(await run(), "Smoke staff account", /carries role member, not "staff"/);
    expectOnlyFailure(
      await run({ envChanges: { SMOKE_STAFF_CLERK_USER_ID: "" } }),
      "Smoke staff account",
      /^no SMOKE_STAFF_CLERK_USER_ID.*\(README "Deploy" step 3\)$/,
    );
  });

  it("hosted zone: the zone must exist and be what a public NS lookup finds", async () => {
    const zoneEnv = { PORTAL_CERTIFICATE_ARN: "", PORTAL_HOSTED_ZONE: "example.com" };
    expect(line(await run({ envChanges: zoneEnv }), "hosted zone")).toMatchObject({
      status: "ok",
      message: "example.com is delegated to its Route 53 zone (4 name servers)",
    });
    publicNs = ["ns1.registrar.example", "ns2.registrar.example"];
    expectOnlyFailure(
      await run({ envChanges: zoneEnv }),
      "hosted zone",
      /example\.com is delegated to ns1\.registrar\.example, ns2\.registrar\.example, not to its Route 53 zone \(ns-1\.awsdns-01\.org.*step 3\)$/,
    );
    route53.on(ListHostedZonesByNameCommand).resolves({ HostedZones: [] });
    expectOnlyFailure(
      await run({ envChanges: zoneEnv }),
      "hosted zone",
      /no public Route 53 hosted zone example\.com in this account/,
    );
    // Without PORTAL_HOSTED_ZONE there is nothing to check.
    expect(line(await run(), "hosted zone").status).toBe("ok");
  });

  it("Clerk JWT key: a live instance's unreachable Frontend API points at Clerk's DNS", async () => {
    jwks.status = 503;
    expectOnlyFailure(
      await run(),
      "Clerk JWT key",
      /clerk\.example\.com does not answer yet; publish the DNS records.*"Clerk DNS" line \(README "Deploy" step 3\)$/,
    );
  });

  it("Clerk JWT key: not among the instance's keys, or the JWKS unreachable", async () => {
    jwks.keys = jwks.keys.slice(0, 1);
    expectOnlyFailure(
      await run(),
      "Clerk JWT key",
      /matches none of the 1 keys at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/jwks\.json.*step 2\)$/,
    );
    jwks.status = 404;
    expectOnlyFailure(await run(), "Clerk JWT key", /could not read .*HTTP 404/);
  });

  it("Clerk domain: a production instance serves only its own domain (the settings check, as synthesis)", async () => {
    const lines = await run({
      envChanges: {
        APP_URL: "https://portal.example.net",
        PORTAL_DOMAIN: "",
        PORTAL_CERTIFICATE_ARN: "",
      },
    });
    expect(line(lines, "stage settings")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/portal\.example\.net is not example\.com or under it/),
    });
    const development = await run({
      stage: "staging",
      envChanges: {
        APP_URL: "https://portal.example.net",
        PORTAL_DOMAIN: "",
        PORTAL_CERTIFICATE_ARN: "",
        VITE_CLERK_PUBLISHABLE_KEY: `pk_test_${Buffer.from("dev.clerk.accounts.dev$").toString("base64")}`,
      },
    });
    expect(line(development, "stage settings").status).toBe("ok");
  });

  it("SES production access: the sandbox", async () => {
    ses.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: false });
    expectOnlyFailure(await run(), "SES production access", /sandbox in us-east-1.*step 3\)$/);
  });

  it("SES identity: DKIM pending, or no identity", async () => {
    ses.on(GetEmailIdentityCommand).resolves({
      VerifiedForSendingStatus: false,
      DkimAttributes: { Status: "PENDING" },
    });
    expectOnlyFailure(
      await run(),
      "SES identity",
      /example\.com is not verified with DKIM.*PENDING/,
    );
    ses
      .on(GetEmailIdentityCommand)
      .rejects(new NotFoundException({ message: "not found", $metadata: {} }));
    expectOnlyFailure(await run(), "SES identity", /not an SES identity in us-east-1.*step 3\)$/);
  });

  it("SES configuration set: named but missing; none named is fine", async () => {
    ses
      .on(GetConfigurationSetCommand)
      .rejects(new NotFoundException({ message: "not found", $metadata: {} }));
    expectOnlyFailure(await run(), "SES configuration set", /portal-mail does not exist/);
    const lines = await run({ envChanges: { SES_CONFIGURATION_SET: "" } });
    expect(line(lines, "SES configuration set").status).toBe("ok");
  });

  it("certificate: not issued, or not for PORTAL_DOMAIN", async () => {
    acm.on(DescribeCertificateCommand).resolves({
      Certificate: { Status: "PENDING_VALIDATION", DomainName: "other.example.org" },
    });
    expectOnlyFailure(
      await run(),
      "certificate",
      /is PENDING_VALIDATION, not ISSUED; does not cover portal\.example\.com/,
    );
    // The certificate made from a hosted zone is the deploy's: nothing to look up.
    const lines = await run({
      envChanges: { PORTAL_CERTIFICATE_ARN: "", PORTAL_HOSTED_ZONE: "example.com" },
    });
    expect(line(lines, "certificate").status).toBe("ok");
    expect(acm.commandCalls(DescribeCertificateCommand)).toHaveLength(1);
  });

  it("the command prints one line per check and exits 1 when one fails", () => {
    // A stage with no .env file and no AWS credentials: settings and credentials fail.
    const env: NodeJS.ProcessEnv = { ...process.env, AWS_EC2_METADATA_DISABLED: "true" };
    for (const name of Object.keys(env))
      if (/^AWS_(PROFILE|ACCESS|SECRET|SESSION)/.test(name)) delete env[name];
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/preflight/main.ts", "--stage", "preflightnone"],
      { cwd: new URL("../..", import.meta.url), env, encoding: "utf8", timeout: 110_000 },
    );
    const printed = result.stdout.trim().split("\n");
    expect(printed).toHaveLength(preflightChecks().length);
    expect(printed[0]).toMatch(/^FAIL {2}stage settings: Stage "preflightnone" is not configured/);
    expect(result.status).toBe(1);
  }, 120_000);

  it("the command refuses a run without a stage", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/preflight/main.ts"], {
      cwd: new URL("../..", import.meta.url),
      encoding: "utf8",
    });
    expect(result.stderr).toMatch(/Usage: npm run preflight -- --stage <stage>/);
    expect(result.status).toBe(2);
  }, 120_000);

  it("the command answers --help with the checks and their steps, and an unknown option with the usage", () => {
    const command = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/preflight/main.ts", ...args], {
        cwd: new URL("../..", import.meta.url),
        encoding: "utf8",
      });
    const help = command("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--create-webhook/);
    expect(help.stdout).toMatch(/\n {2}Lambda concurrency +step 1\n/);
    const unknown = command("--stage", "prod", "--nope");
    expect(unknown.stderr).toMatch(/Unknown option '--nope'[\s\S]*Usage: npm run preflight/);
    expect(unknown.status).toBe(2);
  }, 120_000);

  it("reads the stage's settings as SST loads them: each .env file overrides the one before", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "preflight-env-"));
    try {
      const files: Record<string, string> = {
        ".env": "A=env\nB=env\nC=env\nD=env\nE=env",
        ".env.local": "B=local\nC=local\nD=local\nE=local",
        ".env.prod": "C=prod\nD=prod\nE=prod",
        ".env.prod.local": "D=prod-local",
        ".env.staging": "E=staging",
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
      const env = loadStageEnv(root, "prod", { A: "shell", F: "shell" });
      expect(env).toMatchObject({ A: "env", B: "local", C: "prod", D: "prod-local", E: "prod" });
      expect(env.F).toBe("shell");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
