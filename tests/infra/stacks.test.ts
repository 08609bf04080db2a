/**
 * The SST app synthesised offline for stage "test" (see synth.ts), asserted with CDK's Template.
 * All synthesis happens in this one file: SST keeps per-process state (the current app, the
 * .sst/types folder it rewrites), so test files synthesising in parallel would race.
 */
import { tableDefinition } from "@portal/core/db/table-definition";
import { routes } from "@portal/functions/routes";
import { Match, type Template } from "aws-cdk-lib/assertions";
import {
  Config,
  type FunctionProps,
  type Function as SstFunction,
  type StackContext,
  use,
} from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import sstConfig from "../../sst.config";
import { Api, createApi } from "../../stacks/Api";
import { type Access, accessFor } from "../../stacks/api-access";
import { Jobs, MAX_RECEIVE_COUNT } from "../../stacks/Jobs";
import { Storage } from "../../stacks/Storage";
import { Web } from "../../stacks/Web";
import { Webhooks } from "../../stacks/Webhooks";
import { createApp, synthesize, TEST_PUBLISHABLE_KEY, templatesOf, validSettings } from "./synth";
import {
  allows,
  lambda,
  only,
  type RouteFunction,
  roleStatements,
  routeFunctions,
  type Statement,
  type Target,
} from "./template-queries";

const secretArn = (stage: string, name: string): Target => ({
  arn: `arn:aws:ssm:us-east-1:123456789012:parameter/sst/site-portal/${stage}/Secret/${name}/value`,
});

let template: ReturnType<typeof templatesOf>;
let storage: ReturnType<typeof Storage>;
let jobs: ReturnType<typeof Jobs>;
let web: ReturnType<typeof Web>;
let api: ReturnType<typeof Api>;
let bucketId: string;
let queueId: string;
let deadLettersId: string;

beforeAll(async () => {
  ({ template } = await synthesize());
  // use() reads the app SST saw last, so take the stacks' outputs before any other synthesis.
  storage = use(Storage);
  jobs = use(Jobs);
  web = use(Web);
  api = use(Api);
  [bucketId] = only(template(Storage), "AWS::S3::Bucket");
  const queues = template(Jobs).findResources("AWS::SQS::Queue", {
    Properties: { RedrivePolicy: Match.anyValue() },
  });
  const [redriven, ...more] = Object.entries(queues);
  if (!redriven || more.length > 0) throw new Error("Expected exactly one queue with a DLQ");
  queueId = redriven[0];
  deadLettersId = redriven[1].Properties.RedrivePolicy.deadLetterTargetArn["Fn::GetAtt"][0];
});

/**
 * The props SST will bundle a function with (runtime, handler, nodejs options). SST keeps them
 * on a private field and applies them in App.finish(), which these tests do not run.
 */
function functionProps(fn: SstFunction | undefined): FunctionProps {
  if (!fn) throw new Error("No such function");
  return (fn as unknown as { props: FunctionProps }).props;
}

/** What a function may do, in the terms the access table uses. */
function observedAccess(statements: Statement[], stage = "test") {
  const bucket = { logicalId: bucketId, suffix: "/*" };
  return {
    stripe: allows(statements, "ssm:GetParameters", secretArn(stage, "STRIPE_SECRET_KEY")),
    read: allows(statements, "s3:GetObject", bucket),
    write:
      allows(statements, "s3:PutObject", bucket) && allows(statements, "s3:DeleteObject", bucket),
    anyWrite:
      allows(statements, "s3:PutObject", bucket) || allows(statements, "s3:DeleteObject", bucket),
    send: allows(statements, "sqs:SendMessage", { logicalId: queueId }),
  };
}

function expectAccess(fn: RouteFunction, statements: Statement[], want: Set<Access>) {
  const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
  const seen = observedAccess(statements);
  const readable = want.has("screenshots:read") || want.has("screenshots:write");
  expect(seen.stripe).toBe(want.has("stripe"));
  expect("SST_Secret_value_STRIPE_SECRET_KEY" in env).toBe(want.has("stripe"));
  expect(allows(statements, "ssm:GetParameters", secretArn("test", "ANALYTICS_SALT_KEY"))).toBe(
    want.has("analytics:salt"),
  );
  expect("SST_Secret_value_ANALYTICS_SALT_KEY" in env).toBe(want.has("analytics:salt"));
  expect(seen.read).toBe(readable);
  expect("SST_Bucket_bucketName_Screenshots" in env).toBe(readable);
  expect(seen.write).toBe(want.has("screenshots:write"));
  expect(seen.anyWrite).toBe(want.has("screenshots:write"));
  expect(seen.send).toBe(want.has("jobs:send"));
  expect("SST_Queue_queueUrl_Jobs" in env).toBe(want.has("jobs:send"));
  // The defaults every API function gets
  expect(allows(statements, "dynamodb:Query", { logicalId: "MainTable" })).toBe(true);
  expect(allows(statements, "ssm:GetParameters", secretArn("test", "CLERK_JWT_KEY"))).toBe(true);
  for (const name of ["APP_URL", "CLERK_AUTHORIZED_PARTIES", "CLERK_AUDIENCE"]) {
    expect(env).toHaveProperty(`SST_Parameter_value_${name}`);
  }
}

describe("Api", () => {
  test("every entry of the route table is an API route, and there are no others", () => {
    const served = [...routeFunctions(template(Api)).keys()].sort();
    expect(served).toEqual(Object.keys(routes).sort());
    expect(served.length).toBeGreaterThan(0);
  });

  test("each route's function runs the handler the route table names", () => {
    for (const [routeKey, handler] of Object.entries(routes)) {
      expect(functionProps(api.api.getFunction(routeKey)).handler).toBe(handler);
    }
  });

  test("each route's function gets the defaults plus exactly what api-access.ts gives it", () => {
    const apiTemplate = template(Api);
    for (const [routeKey, fn] of routeFunctions(apiTemplate)) {
      expectAccess(fn, roleStatements(apiTemplate, fn.roleId), accessFor(routeKey));
    }
  });

  test("no API function can reach the dead-letter queue", () => {
    const apiTemplate = template(Api);
    for (const fn of routeFunctions(apiTemplate).values()) {
      const statements = roleStatements(apiTemplate, fn.roleId);
      expect(allows(statements, "sqs:ReceiveMessage", { logicalId: deadLettersId })).toBe(false);
      expect(allows(statements, "sqs:SendMessage", { logicalId: deadLettersId })).toBe(false);
    }
  });

  test("CORS lets only the app's origin call with credentials", () => {
    template(Api).hasResourceProperties("AWS::ApiGatewayV2::Api", {
      CorsConfiguration: Match.objectLike({
        AllowOrigins: [validSettings.APP_URL],
        AllowCredentials: true,
      }),
    });
  });

  test("API functions run nodejs22.x ESM bundles on arm64", () => {
    for (const fn of routeFunctions(template(Api)).values()) {
      expect(fn.properties.Architectures).toEqual(["arm64"]);
    }
    // The runtime and format are applied when SST bundles (App.finish), so they are read from
    // the construct; the template only holds SST's placeholder until then.
    for (const routeKey of Object.keys(routes)) {
      const props = functionProps(api.api.getFunction(routeKey));
      expect(props?.runtime).toBe("nodejs22.x");
      expect(props?.nodejs?.format).toBe("esm");
    }
  });
});

describe("per-route permissions, on a route table with one route of every kind", () => {
  // Payment, bucket and queue routes may not be in routes.ts yet, so the mechanism is also
  // checked on spec routes that exercise every row of api-access.ts.
  const sample: Record<string, Access[]> = {
    "GET /api/auth/user": [],
    "GET /api/tickets": [],
    "POST /api/sites/{id}/verify-domain": ["screenshots:read"],
    "GET /api/billing/subscription": ["stripe"],
    "POST /api/create-subscription": ["stripe"],
    "GET /api/sites": ["screenshots:read"],
    "GET /api/dashboard/stats": ["screenshots:read"],
    "POST /api/sites/{id}/screenshot": ["screenshots:read", "jobs:send"],
    "POST /api/sites/refresh-screenshots": ["screenshots:read", "jobs:send"],
    "DELETE /api/sites/{id}": ["screenshots:write", "jobs:send"],
    "POST /api/lighthouse/analyze": ["jobs:send"],
    "POST /api/seo/analyze": ["jobs:send"],
    // Reading results needs only the table: it cannot put work on the queue.
    "GET /api/seo/results": [],
    "POST /api/collect": ["analytics:salt"],
    "GET /api/analytics/data": [],
  };
  let probe: Template;

  function ApiAccessProbe({ stack }: StackContext) {
    const { table, bucket, config, settings } = use(Storage);
    const { queue } = use(Jobs);
    const handlers = Object.fromEntries(
      Object.keys(sample).map((key) => [key, "packages/functions/src/api/probe.handler"]),
    );
    createApi(stack, "Api", handlers, {
      table,
      bucket,
      config,
      queue,
      appUrl: settings.parameters.APP_URL,
    });
  }

  beforeAll(async () => {
    const app = await createApp("test", validSettings);
    app.stack(Storage).stack(Jobs).stack(ApiAccessProbe);
    probe = templatesOf(app)(ApiAccessProbe);
  });

  test("the access table says what the sample expects", () => {
    for (const [routeKey, want] of Object.entries(sample)) {
      expect([...accessFor(routeKey)].sort(), routeKey).toEqual([...want].sort());
    }
  });

  test("each function can do what its route needs and nothing more", () => {
    const functions = routeFunctions(probe);
    expect([...functions.keys()].sort()).toEqual(Object.keys(sample).sort());
    for (const [routeKey, fn] of functions) {
      const statements = roleStatements(probe, fn.roleId);
      try {
        expectAccess(fn, statements, new Set(sample[routeKey]));
      } catch (error) {
        throw new Error(`${routeKey}: ${(error as Error).message}`);
      }
      expect(allows(statements, "sqs:SendMessage", { logicalId: deadLettersId })).toBe(false);
    }
  });
});

describe("Jobs", () => {
  test("the queue sends a message to its dead-letter queue after a bounded number of receives", () => {
    expect(MAX_RECEIVE_COUNT).toBeGreaterThanOrEqual(1);
    template(Jobs).hasResourceProperties("AWS::SQS::Queue", {
      RedrivePolicy: {
        deadLetterTargetArn: { "Fn::GetAtt": [deadLettersId, "Arn"] },
        maxReceiveCount: MAX_RECEIVE_COUNT,
      },
    });
    expect(template(Jobs).toJSON().Resources[deadLettersId].Type).toBe("AWS::SQS::Queue");
  });

  test("nothing but the queue's redrive policy refers to the dead-letter queue", () => {
    const jobsJson = template(Jobs).toJSON();
    const { [deadLettersId]: _dlq, [queueId]: queue, ...others } = jobsJson.Resources;
    const { RedrivePolicy: _redrive, ...queueProps } = queue.Properties;
    const everythingElse = JSON.stringify([
      others,
      queueProps,
      jobsJson.Outputs ?? {},
      ...[Storage, Api, Webhooks, Web].map((stack) => template(stack).toJSON()),
    ]);
    expect(everythingElse).not.toContain(deadLettersId);
    // The same search finds the Jobs queue where the worker is allowed to consume it.
    expect(everythingElse).toContain(queueId);
  });

  test("the worker is the Chromium function: ≥ 2048 MB, ≥ 120 s, x86_64, chromium installed", () => {
    const worker = lambda(template(Jobs), "JobsWorker").properties;
    expect(worker.MemorySize).toBeGreaterThanOrEqual(2048);
    expect(worker.Timeout).toBeGreaterThanOrEqual(120);
    expect(worker.Architectures).toEqual(["x86_64"]);
    expect(functionProps(jobs.worker).nodejs?.install).toContain("@sparticuz/chromium");
    expect(functionProps(jobs.worker).handler).toBe("packages/functions/src/workers/jobs.handler");
  });

  test("a message stays invisible for longer than the worker may run", () => {
    const worker = lambda(template(Jobs), "JobsWorker").properties;
    const queue = template(Jobs).toJSON().Resources[queueId];
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(worker.Timeout as number);
  });

  test("the worker consumes one message at a time and may report partial failures", () => {
    template(Jobs).hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      EventSourceArn: { "Fn::GetAtt": [queueId, "Arn"] },
      BatchSize: 1,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
    });
  });

  test("the worker writes screenshots and reads the table, but cannot touch the DLQ or Stripe", () => {
    const jobsTemplate = template(Jobs);
    const statements = roleStatements(jobsTemplate, lambda(jobsTemplate, "JobsWorker").roleId);
    expect(allows(statements, "s3:PutObject", { logicalId: bucketId, suffix: "/*" })).toBe(true);
    expect(allows(statements, "dynamodb:PutItem", { logicalId: "MainTable" })).toBe(true);
    expect(allows(statements, "sqs:ReceiveMessage", { logicalId: queueId })).toBe(true);
    expect(allows(statements, "sqs:ReceiveMessage", { logicalId: deadLettersId })).toBe(false);
    expect(allows(statements, "ssm:GetParameters", secretArn("test", "STRIPE_SECRET_KEY"))).toBe(
      false,
    );
  });
});

describe("Webhooks", () => {
  test("the Stripe webhook has a public Function URL, without CORS, and outputs it", () => {
    const webhooks = template(Webhooks);
    webhooks.hasResourceProperties("AWS::Lambda::Url", {
      AuthType: "NONE",
      Cors: Match.absent(),
    });
    const [urlId] = only(webhooks, "AWS::Lambda::Url");
    webhooks.hasOutput("StripeWebhookUrl", { Value: { "Fn::GetAtt": [urlId, "FunctionUrl"] } });
  });

  test("the webhook function reads both Stripe secrets and the table", () => {
    const webhooks = template(Webhooks);
    const statements = roleStatements(webhooks, lambda(webhooks, "StripeWebhook").roleId);
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) {
      expect(allows(statements, "ssm:GetParameters", secretArn("test", name))).toBe(true);
    }
    expect(allows(statements, "dynamodb:PutItem", { logicalId: "MainTable" })).toBe(true);
    expect(allows(statements, "sqs:SendMessage", { logicalId: deadLettersId })).toBe(false);
  });
});

describe("Storage", () => {
  test("the table is the shared definition, with point-in-time recovery", () => {
    const { fields, primaryIndex, globalIndexes } = tableDefinition;
    template(Storage).hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [
        { AttributeName: primaryIndex.partitionKey, KeyType: "HASH" },
        { AttributeName: primaryIndex.sortKey, KeyType: "RANGE" },
      ],
      AttributeDefinitions: Match.arrayWith(
        Object.keys(fields).map((name) => ({ AttributeName: name, AttributeType: "S" })),
      ),
      GlobalSecondaryIndexes: Object.entries(globalIndexes).map(([name, index]) =>
        Match.objectLike({
          IndexName: name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: "HASH" },
            { AttributeName: index.sortKey, KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        }),
      ),
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  test("items with an expiresAt (analytics visitor marks) expire through the table's TTL", () => {
    template(Storage).hasResourceProperties("AWS::DynamoDB::Table", {
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
    });
  });

  test("the screenshots bucket blocks all public access, refuses plain HTTP and has no CORS", () => {
    const storage = template(Storage);
    storage.hasResource("AWS::S3::Bucket", {
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        CorsConfiguration: Match.absent(),
      }),
    });
    storage.hasResourceProperties("AWS::S3::BucketPolicy", {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: "Deny",
            Action: "s3:*",
            Condition: { Bool: { "aws:SecureTransport": "false" } },
          }),
        ]),
      },
    });
  });

  test("secrets and parameters are declared once, for every function to bind", () => {
    expect(Object.keys(storage.config.secrets).sort()).toEqual([
      "ANALYTICS_SALT_KEY",
      "CLERK_JWT_KEY",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
    ]);
    for (const secret of Object.values(storage.config.secrets)) {
      expect(secret).toBeInstanceOf(Config.Secret);
    }
    // On AWS: virtual-hosted S3 and no private hosts the worker may visit.
    expect(storage.config.parameters.S3_FORCE_PATH_STYLE.value).toBe("false");
    expect(storage.config.parameters.OUTBOUND_ALLOW_HOSTS.value).toBe("");
    expect(storage.config.parameters.DNS_RESOLVER.value).toBe("1.1.1.1");
    expect(storage.config.parameters.DOMAIN_A_RECORD.value).toBe(validSettings.DOMAIN_A_RECORD);
  });
});

describe("Web", () => {
  test("unknown paths answer index.html so client-side routes load", () => {
    template(Web).hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        CustomErrorResponses: Match.arrayWith([
          { ErrorCode: 403, ResponseCode: 200, ResponsePagePath: "/index.html" },
          { ErrorCode: 404, ResponseCode: 200, ResponsePagePath: "/index.html" },
        ]),
      }),
    });
  });

  test("every response carries the CSP, HSTS and no-framing headers", () => {
    const webTemplate = template(Web);
    const [policyId, policy] = only(webTemplate, "AWS::CloudFront::ResponseHeadersPolicy");
    webTemplate.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyId } }),
      }),
    });
    const policyConfig = (policy.Properties?.ResponseHeadersPolicyConfig ?? {}) as {
      SecurityHeadersConfig: {
        ContentSecurityPolicy: { ContentSecurityPolicy: unknown };
        StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean };
        FrameOptions: { FrameOption: string };
      };
    };
    const headers = policyConfig.SecurityHeadersConfig;
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const source of [
      "default-src 'self'",
      "https://clerk.portal.example.com",
      "https://js.stripe.com",
      "https://api.stripe.com",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(source);
    }
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // The API's own origin may be called.
    expect(csp).toMatch(/connect-src 'self' ", *\{"Fn::ImportValue":"[^"]*ApiEndpoint/);
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
    expect(headers.StrictTransportSecurity.IncludeSubdomains).toBe(true);
    expect(headers.FrameOptions.FrameOption).toBe("DENY");
  });

  test("the SPA is built from packages/web with the API URL and the Clerk key", () => {
    const data = web.site.getConstructMetadata().data;
    expect(data.path).toBe("packages/web");
    expect(data.environment.VITE_API_URL).toBe(api.api.url);
    expect(data.environment.VITE_CLERK_PUBLISHABLE_KEY).toBe(TEST_PUBLISHABLE_KEY);
    expect(data.environment.VITE_STRIPE_PUBLISHABLE_KEY).toBe("pk_test_portal");
  });
});

describe("stage settings", () => {
  const { VITE_CLERK_PUBLISHABLE_KEY: _key, ...withoutKey } = validSettings;
  const liveKey = `pk_live_${Buffer.from("clerk.portal.example.com$").toString("base64")}`;

  test("a deployed stage without VITE_CLERK_PUBLISHABLE_KEY does not synthesise", async () => {
    await expect(synthesize("prod", withoutKey)).rejects.toThrow(/VITE_CLERK_PUBLISHABLE_KEY/);
    await expect(synthesize("staging", withoutKey)).rejects.toThrow(/VITE_CLERK_PUBLISHABLE_KEY/);
  });

  test("prod refuses a development-instance key and anything that is not a Clerk key", async () => {
    const devKey = { ...validSettings, VITE_CLERK_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY };
    await expect(synthesize("prod", devKey)).rejects.toThrow(/production key/);
    const junk = { ...validSettings, VITE_CLERK_PUBLISHABLE_KEY: "not-a-key" };
    await expect(synthesize("staging", junk)).rejects.toThrow(/not a Clerk publishable key/);
  });

  test("a stage without its public origin or DNS targets does not synthesise", async () => {
    const { APP_URL: _url, DOMAIN_A_RECORD: _a, ...rest } = validSettings;
    const error = synthesize("staging", rest);
    await expect(error).rejects.toThrow(/APP_URL/);
    await expect(error).rejects.toThrow(/DOMAIN_A_RECORD/);
  });

  test("a stage without Stripe's plan prices or publishable key does not synthesise", async () => {
    const { STRIPE_PRICE_PRO: _pro, VITE_STRIPE_PUBLISHABLE_KEY: _pk, ...rest } = validSettings;
    const error = synthesize("staging", rest);
    await expect(error).rejects.toThrow(/STRIPE_PRICE_PRO/);
    await expect(error).rejects.toThrow(/VITE_STRIPE_PUBLISHABLE_KEY/);
    const testKeyInProd = { ...validSettings, VITE_CLERK_PUBLISHABLE_KEY: liveKey };
    await expect(synthesize("prod", testKeyInProd)).rejects.toThrow(/pk_live_/);
  });

  test("prod synthesises with live keys and keeps its table and bucket", async () => {
    const { app, template: prod } = await synthesize("prod", {
      ...validSettings,
      VITE_CLERK_PUBLISHABLE_KEY: liveKey,
      VITE_STRIPE_PUBLISHABLE_KEY: "pk_live_portal",
    });
    expect(app.stage).toBe("prod");
    for (const type of ["AWS::DynamoDB::Table", "AWS::S3::Bucket"]) {
      prod(Storage).hasResource(type, { DeletionPolicy: "Retain", UpdateReplacePolicy: "Retain" });
    }
    const [, policy] = only(prod(Web), "AWS::CloudFront::ResponseHeadersPolicy");
    expect(JSON.stringify(policy)).toContain("script-src 'self' https://clerk.portal.example.com");
  });

  test("empty parameters are not copied to SSM, which rejects empty values", async () => {
    const app = await createApp("test", validSettings);
    await sstConfig.stacks(app);
    // The step of App.finish() that copies bound values to SSM parameters (finish() itself
    // would also bundle every function and build the SPA).
    (app as unknown as { createBindingSsmParameters(): void }).createBindingSsmParameters();
    const ssm = templatesOf(app)(Storage).findResources("AWS::SSM::Parameter");
    const byName = new Map(
      Object.values(ssm).map((p) => [p.Properties.Name as string, p.Properties.Value]),
    );
    const path = (name: string) => `/sst/site-portal/test/Parameter/${name}/value`;
    expect(byName.get(path("APP_URL"))).toBe(validSettings.APP_URL);
    expect(byName.has(path("OUTBOUND_ALLOW_HOSTS"))).toBe(false);
    expect(byName.has(path("CLERK_AUDIENCE"))).toBe(false);
    for (const value of byName.values()) expect(value).not.toBe("");
  });
});
