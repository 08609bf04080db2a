/**
 * The SST app synthesised offline for stage "test" (see synth.ts), asserted with CDK's Template.
 * All synthesis happens in this one file: SST keeps per-process state (the current app, the
 * .sst/types folder it rewrites), so test files synthesising in parallel would race.
 */

import { API_KEY_TOUCH_ATTRIBUTES } from "@portal/core/db/entities/api-key";
import { tableDefinition } from "@portal/core/db/table-definition";
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from "@portal/functions/api/origin-verify";
import {
  type Grant,
  pageViewsConsumer,
  type RouteRecord,
  routeGrants,
  routes,
} from "@portal/functions/routes";
import { Match, Template } from "aws-cdk-lib/assertions";
import { Runtime } from "aws-cdk-lib/aws-lambda";
import { type App, Config, type FunctionProps, Function as SstFunction, use } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import { PRERENDERED_PAGES } from "../../packages/web/prerendered-pages";
import sstConfig from "../../sst.config";
import { Analytics } from "../../stacks/Analytics";
import { Api, THROTTLE } from "../../stacks/Api";
import { RUNTIME_SDK_CLIENTS, UNUSED_CREDENTIAL_PROVIDERS } from "../../stacks/bundling";
import {
  EVENTS_MAX_RECEIVE_COUNT,
  Events,
  SITE_DELETIONS_SCHEDULE,
  SITE_DELETIONS_TIMEOUT_SECONDS,
  UPTIME_SCHEDULE,
  UPTIME_TIMEOUT_SECONDS,
  WEBHOOKS_CONCURRENCY,
  WEBHOOKS_MAX_RECEIVE_COUNT,
} from "../../stacks/Events";
import { TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS } from "../../stacks/grants";
import { Jobs, MAX_RECEIVE_COUNT, WORKER_CONCURRENCY } from "../../stacks/Jobs";
import { Storage } from "../../stacks/Storage";
import { SPA_ROUTING_FUNCTION, Web } from "../../stacks/Web";
import { Webhooks } from "../../stacks/Webhooks";
import { createApp, synthesize, TEST_PUBLISHABLE_KEY, templatesOf, validSettings } from "./synth";
import {
  allows,
  consumerConcurrency,
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

let app: App;
let template: ReturnType<typeof templatesOf>;
let storage: ReturnType<typeof Storage>;
let jobs: ReturnType<typeof Jobs>;
let web: ReturnType<typeof Web>;
let api: ReturnType<typeof Api>;
let bucketId: string;
let queueId: string;
let deadLettersId: string;
let eventsQueueId: string;
let eventsDeadLettersId: string;
let webhooksQueueId: string;
let webhooksDeadLettersId: string;
let pageViewsQueueId: string;
let pageViewsDeadLettersId: string;

beforeAll(async () => {
  ({ app, template } = await synthesize());
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
  // Two redriven queues: the domain events, and the outgoing webhook deliveries they feed.
  const redrivenIn = (prefix: string) => {
    const found = Object.entries(
      template(Events).findResources("AWS::SQS::Queue", {
        Properties: { RedrivePolicy: Match.anyValue() },
      }),
    ).filter(([id]) => id.startsWith(prefix)) as [
      string,
      { Properties: { RedrivePolicy: { deadLetterTargetArn: { "Fn::GetAtt": string[] } } } },
    ][];
    const [queue, ...more] = found;
    if (!queue || more.length > 0) throw new Error(`Expected one ${prefix} queue with a DLQ`);
    return [queue[0], queue[1].Properties.RedrivePolicy.deadLetterTargetArn["Fn::GetAtt"][0]] as [
      string,
      string,
    ];
  };
  [eventsQueueId, eventsDeadLettersId] = redrivenIn("EventsQueue");
  [webhooksQueueId, webhooksDeadLettersId] = redrivenIn("WebhookDeliveriesQueue");
  const pageViewQueues = Object.entries(
    template(Analytics).findResources("AWS::SQS::Queue", {
      Properties: { RedrivePolicy: Match.anyValue() },
    }),
  );
  if (pageViewQueues.length !== 1) throw new Error("Expected exactly one page-views queue");
  const [pageViews] = pageViewQueues as [[string, { Properties: Record<string, unknown> }]];
  pageViewsQueueId = pageViews[0];
  pageViewsDeadLettersId = (
    pageViews[1].Properties.RedrivePolicy as { deadLetterTargetArn: { "Fn::GetAtt": string[] } }
  ).deadLetterTargetArn["Fn::GetAtt"][0] as string;
});

/** The API's stacks: the HTTP API's own, and one per area of routes (stacks/Api.ts). */
const apiTemplates = () => [
  template(Api),
  ...api.routeStacks.map((stack) => Template.fromStack(stack)),
];

/** The SES identity and configuration set of validSettings' MAIL_FROM. */
const sesIdentity: Target = {
  arn: "arn:aws:ses:us-east-1:123456789012:identity/mail.example.com",
};
const sesOtherIdentity: Target = {
  arn: "arn:aws:ses:us-east-1:123456789012:identity/example.org",
};

/**
 * The props SST will bundle a function with (runtime, handler, nodejs options). SST keeps them
 * on a private field and applies them in App.finish(), which these tests do not run.
 */
function functionProps(fn: SstFunction | undefined): FunctionProps {
  if (!fn) throw new Error("No such function");
  return (fn as unknown as { props: FunctionProps }).props;
}

/** The table's own ARN (an imported value, rendered «…» by resourceText), not an index's. */
const table: Target = { logicalId: "MainTable", suffix: "»" };
const tableIndexes: Target = { logicalId: "MainTable", suffix: "/index/*" };

/** What a function may do, in the terms of the route records' grants. */
function observedGrants(statements: Statement[], stage = "test") {
  const objects = { logicalId: bucketId, suffix: "/users/*" };
  const can = (action: string, target: Target) => allows(statements, action, target);
  return {
    stripe: can("ssm:GetParameters", secretArn(stage, "STRIPE_SECRET_KEY")),
    salt: can("ssm:GetParameters", secretArn(stage, "ANALYTICS_SALT_KEY")),
    clerk: can("ssm:GetParameters", secretArn(stage, "CLERK_JWT_KEY")),
    screenshotRead: can("s3:GetObject", objects),
    screenshotWrite: can("s3:PutObject", objects) && can("s3:DeleteObject", objects),
    screenshotAnyWrite: can("s3:PutObject", objects) || can("s3:DeleteObject", objects),
    tableRead: TABLE_READ_ACTIONS.every((a) => can(a, table) && can(a, tableIndexes)),
    tableAnyRead: TABLE_READ_ACTIONS.some((a) => can(a, table)),
    tableWrite: TABLE_WRITE_ACTIONS.every((a) => can(a, table)),
    tableAnyWrite: TABLE_WRITE_ACTIONS.some((a) => can(a, table)),
    send: can("sqs:SendMessage", { logicalId: queueId }),
    sendEvents: can("sqs:SendMessage", { logicalId: eventsQueueId }),
    sendWebhooks: can("sqs:SendMessage", { logicalId: webhooksQueueId }),
    sendPageViews: can("sqs:SendMessage", { logicalId: pageViewsQueueId }),
    mail: can("ses:SendEmail", sesIdentity),
    unsubscribeKey: can("ssm:GetParameters", secretArn(stage, "UNSUBSCRIBE_KEY")),
    // Data exports (docs/privacy.md): the exports/ prefix of the same bucket, and Clerk's secrets.
    exportRead: can("s3:GetObject", { logicalId: bucketId, suffix: "/exports/*" }),
    exportWrite: can("s3:PutObject", { logicalId: bucketId, suffix: "/exports/*" }),
    clerkWebhook: can("ssm:GetParameters", secretArn(stage, "CLERK_WEBHOOK_SECRET")),
    clerkAdmin: can("ssm:GetParameters", secretArn(stage, "CLERK_SECRET_KEY")),
  };
}

/** The statements that let a read route record an API key's use (grant "table:key-use"). */
const isKeyUse = (s: Statement) =>
  JSON.stringify(s).includes('"dynamodb:Attributes"') && s.Action === "dynamodb:UpdateItem";

/** The function can do what its record grants (routeGrants) and nothing more. */
function expectGrants(
  fn: RouteFunction,
  allStatements: Statement[],
  record: RouteRecord,
  routeKey: string,
) {
  const want = new Set<Grant>(routeGrants(routeKey, record));
  // A key's use is one narrow write, checked here on its own; the rest is checked without it.
  const keyUse = allStatements.filter(isKeyUse);
  const statements = allStatements.filter((s) => !isKeyUse(s));
  expect(keyUse.length > 0).toBe(want.has("table:key-use"));
  for (const statement of keyUse) {
    expect(allows([statement], "dynamodb:UpdateItem", table)).toBe(true);
    expect(JSON.stringify(statement.Resource)).not.toContain("/index/");
    expect((statement as unknown as { Condition: unknown }).Condition).toEqual({
      "ForAllValues:StringEquals": { "dynamodb:Attributes": [...API_KEY_TOUCH_ATTRIBUTES] },
      StringEqualsIfExists: { "dynamodb:ReturnValues": ["NONE"] },
    });
  }
  const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
  const seen = observedGrants(statements);
  const screenshots = want.has("screenshots:read") || want.has("screenshots:write");
  const writes = want.has("table:write");
  expect(seen.stripe).toBe(want.has("stripe"));
  expect("SST_Secret_value_STRIPE_SECRET_KEY" in env).toBe(want.has("stripe"));
  expect(seen.salt).toBe(want.has("analytics:salt"));
  expect("SST_Secret_value_ANALYTICS_SALT_KEY" in env).toBe(want.has("analytics:salt"));
  expect(seen.screenshotRead).toBe(screenshots);
  const exportsGrant = want.has("exports:read") || want.has("exports:write");
  expect("SST_Bucket_bucketName_Screenshots" in env).toBe(screenshots || exportsGrant);
  expect(seen.exportRead).toBe(exportsGrant);
  expect(seen.exportWrite).toBe(want.has("exports:write"));
  expect(seen.clerkWebhook).toBe(want.has("identity:webhook-secret"));
  expect(seen.clerkAdmin).toBe(want.has("identity:admin"));
  expect(seen.screenshotWrite).toBe(want.has("screenshots:write"));
  expect(seen.screenshotAnyWrite).toBe(want.has("screenshots:write"));
  expect(seen.send).toBe(want.has("jobs:send"));
  expect("SST_Queue_queueUrl_Jobs" in env).toBe(want.has("jobs:send"));
  expect(seen.sendEvents).toBe(want.has("events:send"));
  expect("SST_Queue_queueUrl_Events" in env).toBe(want.has("events:send"));
  expect(seen.sendWebhooks).toBe(want.has("webhooks:send"));
  expect("SST_Queue_queueUrl_WebhookDeliveries" in env).toBe(want.has("webhooks:send"));
  expect(seen.sendPageViews).toBe(want.has("page-views:send"));
  expect("SST_Queue_queueUrl_PageViews" in env).toBe(want.has("page-views:send"));
  expect(seen.mail).toBe(want.has("mail:send"));
  expect(seen.unsubscribeKey).toBe(want.has("mail:unsubscribe-key"));
  expect("SST_Secret_value_UNSUBSCRIBE_KEY" in env).toBe(want.has("mail:unsubscribe-key"));
  expect(seen.tableRead).toBe(want.has("table:read") || writes);
  expect(seen.tableWrite).toBe(writes);
  if (!writes && !want.has("table:page-views")) expect(seen.tableAnyWrite).toBe(false);
  if (want.has("table:page-views")) {
    // Accepting a view looks its site up by id; it cannot read customers' items, and all
    // writing (rate counters too) is the consumer's (stacks/Analytics.ts).
    expect(allows(statements, "dynamodb:UpdateItem", table)).toBe(false);
    expect(allows(statements, "dynamodb:PutItem", table)).toBe(false);
    expect(
      allows(statements, "dynamodb:Query", { logicalId: "MainTable", suffix: "/index/gsi1" }),
    ).toBe(true);
    expect(allows(statements, "dynamodb:Query", table)).toBe(false);
    expect(allows(statements, "dynamodb:GetItem", table)).toBe(false);
    expect(allows(statements, "dynamodb:DeleteItem", table)).toBe(false);
  }
  const usesTable =
    want.has("table:read") || writes || want.has("table:page-views") || want.has("table:key-use");
  expect("SST_Table_tableName_Main" in env).toBe(usesTable);
  if (!usesTable) expect(seen.tableAnyRead || seen.tableAnyWrite).toBe(false);
  // Only routes that read a session get the key that verifies one.
  expect(seen.clerk).toBe(record.entitlement !== "public");
  // No wildcard grants on the data.
  for (const statement of statements) {
    const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action];
    expect(actions).not.toContain("dynamodb:*");
    expect(actions).not.toContain("s3:*");
  }
  // The defaults every API function gets
  expect(env).toHaveProperty(ORIGIN_VERIFY_ENV);
  expect(JSON.stringify(env[ORIGIN_VERIFY_ENV])).toContain("resolve:secretsmanager");
  for (const name of ["APP_URL", "CLERK_AUTHORIZED_PARTIES", "CLERK_AUDIENCE"]) {
    expect(env).toHaveProperty(`SST_Parameter_value_${name}`);
  }
}

describe("Api", () => {
  test("every entry of the route table is an API route, and there are no others", () => {
    const served = [...routeFunctions(apiTemplates()).keys()].sort();
    expect(served).toEqual(Object.keys(routes).sort());
    expect(served.length).toBeGreaterThan(0);
  });

  test("each route's function runs the handler the route table names", () => {
    for (const [routeKey, { handler }] of Object.entries(routes)) {
      expect(functionProps(api.api.getFunction(routeKey)).handler).toBe(handler);
    }
  });

  test("each route's function can do exactly what its record grants", () => {
    for (const [routeKey, fn] of routeFunctions(apiTemplates())) {
      const record = routes[routeKey as keyof typeof routes];
      try {
        expectGrants(fn, roleStatements(fn.template, fn.roleId), record, routeKey);
      } catch (error) {
        throw new Error(`${routeKey}: ${(error as Error).message}`);
      }
    }
  });

  test("a function whose grant is taken away no longer passes the check (the check can fail)", () => {
    const [routeKey, fn] = [...routeFunctions(apiTemplates())].find(([key]) =>
      (routes[key as keyof typeof routes].grants as readonly Grant[]).includes("jobs:send"),
    ) ?? ["", undefined];
    if (!fn) throw new Error("no route sends jobs");
    const statements = roleStatements(fn.template, fn.roleId).filter(
      (s) => !JSON.stringify(s.Action).includes("sqs:SendMessage"),
    );
    expect(() =>
      expectGrants(fn, statements, routes[routeKey as keyof typeof routes], routeKey),
    ).toThrow();
  });

  test("no API function can reach the dead-letter queue", () => {
    for (const fn of routeFunctions(apiTemplates()).values()) {
      const statements = roleStatements(fn.template, fn.roleId);
      expect(allows(statements, "sqs:ReceiveMessage", { logicalId: deadLettersId })).toBe(false);
      expect(allows(statements, "sqs:SendMessage", { logicalId: deadLettersId })).toBe(false);
    }
  });

  test("has no CORS: browsers call it on the SPA's own origin", () => {
    template(Api).hasResourceProperties("AWS::ApiGatewayV2::Api", {
      CorsConfiguration: Match.absent(),
    });
  });

  test("the stage throttles every route, and the public page-view route lower still", () => {
    const collect = THROTTLE["POST /api/collect"];
    expect(collect.rate).toBeLessThan(THROTTLE.stage.rate);
    template(Api).hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: THROTTLE.stage.rate,
        ThrottlingBurstLimit: THROTTLE.stage.burst,
      }),
      RouteSettings: {
        "POST /api/collect": {
          ThrottlingRateLimit: collect.rate,
          ThrottlingBurstLimit: collect.burst,
        },
      },
    });
    // The route must exist before the stage names it.
    const [stageId] = only(template(Api), "AWS::ApiGatewayV2::Stage");
    const stage = template(Api).toJSON().Resources[stageId] as { DependsOn?: string[] };
    const collectRoute = Object.entries(
      template(Api).findResources("AWS::ApiGatewayV2::Route"),
    ).find(([, r]) => r.Properties.RouteKey === "POST /api/collect");
    expect(stage.DependsOn).toContain(collectRoute?.[0]);
  });

  test("API functions run nodejs24.x ESM bundles on arm64", () => {
    for (const fn of routeFunctions(apiTemplates()).values()) {
      expect(fn.properties.Architectures).toEqual(["arm64"]);
    }
    // The runtime and format are applied when SST bundles (App.finish), so they are read from
    // the construct; the template only holds SST's placeholder until then.
    for (const routeKey of Object.keys(routes)) {
      const props = functionProps(api.api.getFunction(routeKey));
      expect(props?.runtime).toBe("nodejs24.x");
      expect(props?.nodejs?.format).toBe("esm");
    }
  });

  test("every function leaves SST's SSM client and the unused credential providers to the runtime, and only those", () => {
    const functions = [
      ...Object.keys(routes).map((routeKey) => api.api.getFunction(routeKey)),
      jobs.worker,
      use(Events).consumer,
      use(Analytics).consumer,
    ];
    for (const fn of functions) {
      const external = functionProps(fn).nodejs?.esbuild?.external ?? [];
      expect(external).toEqual([...UNUSED_CREDENTIAL_PROVIDERS, ...RUNTIME_SDK_CLIENTS]);
    }
    // The clients our own code calls stay bundled: the version we test is the one we run.
    expect(RUNTIME_SDK_CLIENTS).toEqual(["@aws-sdk/client-ssm"]);
    for (const name of UNUSED_CREDENTIAL_PROVIDERS) {
      expect(name).toMatch(
        /^@(aws-sdk|smithy)\/credential-provider-(ini|sso|web-identity|process|http|imds)$/,
      );
    }
  });
});

describe("runtime", () => {
  test("every function of every stack runs Node 24 LTS, a runtime this aws-cdk-lib knows", () => {
    const functions = app.node.findAll().filter((c) => c instanceof SstFunction);
    // The API's routes, the jobs worker, the notifications mailer, the webhook, uptime…
    expect(functions.length).toBeGreaterThan(Object.keys(routes).length + 3);
    for (const fn of functions) {
      expect(functionProps(fn).runtime, fn.node.path).toBe("nodejs24.x");
    }
    // When SST bundles (App.finish) it writes the runtime into the template as the name of
    // aws-cdk-lib's Runtime for it; without one, synthesis for deploy would fail.
    const known = Runtime.ALL.find((r) => r.name === "nodejs24.x");
    expect(known?.family).toBe(Runtime.NODEJS_22_X.family);
  });
});

interface TemplateResource {
  Type: string;
  Properties: Record<string, unknown>;
}
type TemplateJson = { Resources: Record<string, TemplateResource> };
const jobsJson = () => structuredClone(template(Jobs).toJSON()) as TemplateJson;

/** What is wrong with how many Jobs workers may run, in words; empty when nothing is. */
function concurrencyProblems(json: TemplateJson): string[] {
  const { maximumConcurrency, reserved } = consumerConcurrency(json, queueId);
  const problems: string[] = [];
  if (maximumConcurrency === undefined) problems.push("the event source has no maximumConcurrency");
  // No reservation is the default (WORKER_RESERVED_CONCURRENCY, tests/infra/worker-concurrency.test.ts).
  if (maximumConcurrency !== undefined && reserved !== undefined && reserved < maximumConcurrency) {
    problems.push(
      "the worker reserves less than the event source may invoke (throttled deliveries count as receives)",
    );
  }
  return problems;
}

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
    // The one other mention: its name, exported for the Monitoring stack's depth alarm.
    const alarmedName = JSON.stringify({ "Fn::GetAtt": [deadLettersId, "QueueName"] });
    const outputs = Object.values(jobsJson.Outputs ?? {}).filter(
      (output) => JSON.stringify((output as { Value: unknown }).Value) !== alarmedName,
    );
    const everythingElse = JSON.stringify([
      others,
      queueProps,
      outputs,
      ...[Storage, Webhooks, Web].map((stack) => template(stack).toJSON()),
      ...apiTemplates().map((api) => api.toJSON()),
    ]);
    expect(everythingElse).not.toContain(deadLettersId);
    // The same search finds the Jobs queue where the worker is allowed to consume it.
    expect(everythingElse).toContain(queueId);
  });

  test("the worker runs no Chromium; the browser function does: ≥ 2048 MB, x86_64", () => {
    const worker = lambda(template(Jobs), "JobsWorker").properties;
    const browser = lambda(template(Jobs), "Browser").properties;
    expect(browser.MemorySize).toBeGreaterThanOrEqual(2048);
    expect(browser.Architectures).toEqual(["x86_64"]);
    // The worker waits for the browser, then records the outcome.
    expect(worker.Timeout).toBeGreaterThan(browser.Timeout as number);
    expect(functionProps(jobs.worker).nodejs?.install).toBeUndefined();
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

  test("at most WORKER_CONCURRENCY workers run, and by default nothing is reserved", () => {
    const synthesized = jobsJson();
    expect(consumerConcurrency(synthesized, queueId)).toEqual({
      maximumConcurrency: WORKER_CONCURRENCY,
      reserved: undefined,
    });
    expect(concurrencyProblems(synthesized)).toEqual([]);
    // SQS's event source takes 2 to 1000; the API keeps most of the account's concurrency.
    expect(WORKER_CONCURRENCY).toBeGreaterThanOrEqual(2);
    expect(WORKER_CONCURRENCY).toBeLessThanOrEqual(10);
  });

  test("the concurrency check fails a stack without the cap or with a starved reservation", () => {
    // Break the synthesised template on purpose: the check above must notice each omission.
    const uncapped = jobsJson();
    for (const resource of Object.values(uncapped.Resources)) {
      if (resource.Type === "AWS::Lambda::EventSourceMapping") {
        delete resource.Properties.ScalingConfig;
      }
    }
    expect(concurrencyProblems(uncapped)).toEqual(["the event source has no maximumConcurrency"]);

    const starved = jobsJson();
    for (const [id, resource] of Object.entries(starved.Resources)) {
      if (id.startsWith("JobsWorker") && resource.Type === "AWS::Lambda::Function") {
        resource.Properties.ReservedConcurrentExecutions = 1;
      }
    }
    expect(concurrencyProblems(starved)).toEqual([
      "the worker reserves less than the event source may invoke (throttled deliveries count as receives)",
    ]);
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

describe("Events", () => {
  test("the events queue dead-letters an event after a bounded number of receives", () => {
    expect(EVENTS_MAX_RECEIVE_COUNT).toBeGreaterThanOrEqual(1);
    template(Events).hasResourceProperties("AWS::SQS::Queue", {
      RedrivePolicy: {
        deadLetterTargetArn: { "Fn::GetAtt": [eventsDeadLettersId, "Arn"] },
        maxReceiveCount: EVENTS_MAX_RECEIVE_COUNT,
      },
    });
    expect(template(Events).toJSON().Resources[eventsDeadLettersId].Type).toBe("AWS::SQS::Queue");
  });

  test("the notifications consumer reads the queue, reports partial failures, outlives no message", () => {
    const eventsTemplate = template(Events);
    eventsTemplate.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      EventSourceArn: { "Fn::GetAtt": [eventsQueueId, "Arn"] },
      FunctionResponseTypes: ["ReportBatchItemFailures"],
    });
    const consumer = lambda(eventsTemplate, "Notifications").properties;
    const queue = eventsTemplate.toJSON().Resources[eventsQueueId];
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(consumer.Timeout as number);
    expect(functionProps(use(Events).consumer).handler).toBe(
      "packages/functions/src/workers/notifications.handler",
    );
  });

  test("the consumer sends mail from MAIL_FROM only, claims events in the table, signs links", () => {
    const eventsTemplate = template(Events);
    const consumer = lambda(eventsTemplate, "Notifications");
    const statements = roleStatements(eventsTemplate, consumer.roleId);
    expect(allows(statements, "ses:SendEmail", sesIdentity)).toBe(true);
    expect(
      allows(statements, "ses:SendEmail", {
        arn: "arn:aws:ses:us-east-1:123456789012:configuration-set/portal-mail",
      }),
    ).toBe(true);
    // Any identity (the SES sandbox authorizes recipients' too), only From MAIL_FROM (below).
    expect(allows(statements, "ses:SendEmail", sesOtherIdentity)).toBe(true);
    const ses = statements.find((s) => JSON.stringify(s.Action).includes("ses:"));
    expect(ses?.Action).toEqual("ses:SendEmail");
    expect((ses as unknown as { Condition: unknown }).Condition).toEqual({
      StringEquals: { "ses:FromAddress": "notifications@mail.example.com" },
    });
    expect(allows(statements, "dynamodb:PutItem", { logicalId: "MainTable" })).toBe(true);
    expect(allows(statements, "sqs:ReceiveMessage", { logicalId: eventsQueueId })).toBe(true);
    expect(allows(statements, "sqs:ReceiveMessage", { logicalId: eventsDeadLettersId })).toBe(
      false,
    );
    expect(allows(statements, "ssm:GetParameters", secretArn("test", "UNSUBSCRIBE_KEY"))).toBe(
      true,
    );
    expect(allows(statements, "ssm:GetParameters", secretArn("test", "STRIPE_SECRET_KEY"))).toBe(
      false,
    );
    const env = (consumer.properties.Environment as { Variables: Record<string, unknown> })
      .Variables;
    for (const name of ["APP_URL", "MAIL_FROM", "SES_CONFIGURATION_SET", "PRODUCT_NAME"]) {
      expect(env).toHaveProperty(`SST_Parameter_value_${name}`);
    }
  });

  test("routes that emit events may send to the queue, and no API function may send mail", () => {
    const functions = routeFunctions(apiTemplates());
    for (const routeKey of [
      "POST /api/staff/customers/{userId}/tickets/{ticketId}/messages",
      "PATCH /api/staff/customers/{userId}/tickets/{ticketId}",
      "PATCH /api/staff/customers/{userId}/sites/{siteId}",
      "POST /api/sites/{id}/verify-domain",
      "POST /api/billing/cancel-subscription",
    ]) {
      const fn = functions.get(routeKey);
      if (!fn) throw new Error(`no route ${routeKey}`);
      const statements = roleStatements(fn.template, fn.roleId);
      expect(allows(statements, "sqs:SendMessage", { logicalId: eventsQueueId })).toBe(true);
    }
    for (const fn of functions.values()) {
      const statements = roleStatements(fn.template, fn.roleId);
      expect(allows(statements, "ses:SendEmail", sesIdentity)).toBe(false);
      expect(allows(statements, "sqs:SendMessage", { logicalId: eventsDeadLettersId })).toBe(false);
    }
    const webhooks = template(Webhooks);
    const webhook = roleStatements(webhooks, lambda(webhooks, "StripeWebhook").roleId);
    expect(allows(webhook, "sqs:SendMessage", { logicalId: eventsQueueId })).toBe(true);
  });
});

describe("Outgoing webhooks (docs/developer-api.md)", () => {
  test("the deliveries queue dead-letters an attempt after a bounded number of receives", () => {
    template(Events).hasResourceProperties("AWS::SQS::Queue", {
      RedrivePolicy: {
        deadLetterTargetArn: { "Fn::GetAtt": [webhooksDeadLettersId, "Arn"] },
        maxReceiveCount: WEBHOOKS_MAX_RECEIVE_COUNT,
      },
    });
    expect(template(Events).toJSON().Resources[webhooksDeadLettersId].Type).toBe("AWS::SQS::Queue");
  });

  test("the sender takes one attempt at a time, capped, and outlives no message", () => {
    const eventsTemplate = template(Events);
    eventsTemplate.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      EventSourceArn: { "Fn::GetAtt": [webhooksQueueId, "Arn"] },
      BatchSize: 1,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      ScalingConfig: { MaximumConcurrency: WEBHOOKS_CONCURRENCY },
    });
    const sender = lambda(eventsTemplate, "WebhookSender").properties;
    const queue = eventsTemplate.toJSON().Resources[webhooksQueueId];
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(sender.Timeout as number);
    expect(functionProps(use(Events).sender).handler).toBe(
      "packages/functions/src/workers/webhooks.handler",
    );
  });

  test("the sender logs attempts, queues retries, tells the customer, and may do nothing else", () => {
    const eventsTemplate = template(Events);
    const sender = lambda(eventsTemplate, "WebhookSender");
    const statements = roleStatements(eventsTemplate, sender.roleId);
    expect(allows(statements, "dynamodb:PutItem", table)).toBe(true);
    expect(allows(statements, "sqs:SendMessage", { logicalId: webhooksQueueId })).toBe(true);
    expect(allows(statements, "sqs:ReceiveMessage", { logicalId: webhooksQueueId })).toBe(true);
    expect(allows(statements, "sqs:SendMessage", { logicalId: eventsQueueId })).toBe(true);
    expect(allows(statements, "sqs:SendMessage", { logicalId: webhooksDeadLettersId })).toBe(false);
    expect(allows(statements, "ses:SendEmail", sesIdentity)).toBe(false);
    expect(allows(statements, "ssm:GetParameters", secretArn("test", "STRIPE_SECRET_KEY"))).toBe(
      false,
    );
    const env = (sender.properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toHaveProperty("SST_Parameter_value_OUTBOUND_ALLOW_HOSTS");
    expect(env).toHaveProperty("SST_Queue_queueUrl_WebhookDeliveries");
  });

  test("the events consumer fans out to the deliveries queue; of the API, only test and redeliver", () => {
    const eventsTemplate = template(Events);
    const consumer = roleStatements(eventsTemplate, lambda(eventsTemplate, "Notifications").roleId);
    expect(allows(consumer, "sqs:SendMessage", { logicalId: webhooksQueueId })).toBe(true);
    const senders = [...routeFunctions(apiTemplates())]
      .filter(([, fn]) =>
        allows(roleStatements(fn.template, fn.roleId), "sqs:SendMessage", {
          logicalId: webhooksQueueId,
        }),
      )
      .map(([key]) => key)
      .sort();
    expect(senders).toEqual([
      "POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver",
      "POST /api/developer/webhooks/{id}/test",
    ]);
  });

  test("the Chromium worker may emit audit.completed to the events queue", () => {
    const jobsTemplate = template(Jobs);
    const worker = roleStatements(jobsTemplate, lambda(jobsTemplate, "JobsWorker").roleId);
    expect(allows(worker, "sqs:SendMessage", { logicalId: eventsQueueId })).toBe(true);
  });

  test("routes an API key can call may record its use, with one narrow UpdateItem; the rest not", () => {
    const functions = routeFunctions(apiTemplates());
    const narrow = (key: string) => {
      const fn = functions.get(key);
      if (!fn) throw new Error(`no route ${key}`);
      return roleStatements(fn.template, fn.roleId).some(isKeyUse);
    };
    expect(narrow("GET /api/sites")).toBe(true);
    expect(narrow("POST /api/tickets")).toBe(true);
    expect(narrow("GET /api/billing/subscription")).toBe(false);
    expect(narrow("GET /api/developer/keys")).toBe(false);
    expect(narrow("GET /api/staff/requests")).toBe(false);
    // The check can fail: a read route's function without the narrow write does not pass.
    const fn = functions.get("GET /api/sites");
    if (!fn) throw new Error("no GET /api/sites");
    const without = roleStatements(fn.template, fn.roleId).filter((s) => !isKeyUse(s));
    expect(() => expectGrants(fn, without, routes["GET /api/sites"], "GET /api/sites")).toThrow();
  });
});

describe("Analytics (page-view write path)", () => {
  test("the consumer reads the page-views queue in batches, with a window and a concurrency cap", () => {
    const analytics = template(Analytics);
    analytics.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      EventSourceArn: { "Fn::GetAtt": [pageViewsQueueId, "Arn"] },
      BatchSize: pageViewsConsumer.batchSize,
      MaximumBatchingWindowInSeconds: pageViewsConsumer.batchWindowSeconds,
    });
    // Lambda takes more than 10 records per batch from a standard queue only with a window.
    expect(pageViewsConsumer.batchSize).toBeGreaterThan(10);
    expect(pageViewsConsumer.batchWindowSeconds).toBeGreaterThan(0);
    expect(
      consumerConcurrency(analytics.toJSON() as TemplateJson, pageViewsQueueId).maximumConcurrency,
    ).toBe(pageViewsConsumer.maxConcurrency);
    const consumer = lambda(analytics, "PageViewsConsumer").properties;
    expect(consumer.Timeout).toBe(pageViewsConsumer.timeoutSeconds);
    expect(functionProps(use(Analytics).consumer).handler).toBe(pageViewsConsumer.handler);
    const queue = analytics.toJSON().Resources[pageViewsQueueId].Properties;
    expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(
      6 * (pageViewsConsumer.timeoutSeconds + pageViewsConsumer.batchWindowSeconds),
    );
  });

  test("a batch is received once: what comes back goes to the dead-letter queue, not to a second count", () => {
    template(Analytics).hasResourceProperties("AWS::SQS::Queue", {
      RedrivePolicy: {
        deadLetterTargetArn: { "Fn::GetAtt": [pageViewsDeadLettersId, "Arn"] },
        maxReceiveCount: 1,
      },
    });
  });

  test("the consumer may only add to the table and read its own queue; only collect may send to it", () => {
    const analytics = template(Analytics);
    const consumer = lambda(analytics, "PageViewsConsumer");
    const statements = roleStatements(analytics, consumer.roleId);
    expect(allows(statements, "dynamodb:UpdateItem", table)).toBe(true);
    for (const action of [...TABLE_READ_ACTIONS, "dynamodb:PutItem", "dynamodb:DeleteItem"]) {
      expect(allows(statements, action, table)).toBe(false);
    }
    expect(allows(statements, "dynamodb:UpdateItem", tableIndexes)).toBe(false);
    expect(allows(statements, "sqs:ReceiveMessage", { logicalId: pageViewsQueueId })).toBe(true);
    expect(allows(statements, "sqs:SendMessage", { logicalId: pageViewsQueueId })).toBe(false);
    expect(allows(statements, "ssm:GetParameters", secretArn("test", "ANALYTICS_SALT_KEY"))).toBe(
      false,
    );

    const senders = [...routeFunctions(apiTemplates())]
      .filter(([, fn]) =>
        allows(roleStatements(fn.template, fn.roleId), "sqs:SendMessage", {
          logicalId: pageViewsQueueId,
        }),
      )
      .map(([routeKey]) => routeKey);
    expect(senders).toEqual(["POST /api/collect"]);
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

  test("the origin secret is generated in Secrets Manager, never written into a template", () => {
    template(Storage).hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
    const [secretId, secret] = only(template(Storage), "AWS::SecretsManager::Secret");
    expect(secret.Properties).not.toHaveProperty("SecretString");
    expect(secretId).toMatch(/^OriginVerifySecret/);
  });

  test("no function may touch the bucket outside users/, or do everything to the table", () => {
    let s3Statements = 0;
    for (const stack of [Api, Jobs, Webhooks]) {
      for (const policy of Object.values(template(stack).findResources("AWS::IAM::Policy"))) {
        for (const statement of policy.Properties.PolicyDocument.Statement) {
          const actions: string[] = [statement.Action].flat();
          expect(actions).not.toContain("s3:*");
          expect(actions).not.toContain("dynamodb:*");
          if (!actions.some((a) => a.startsWith("s3:"))) continue;
          s3Statements++;
          const resources = [statement.Resource].flat().map((r) => JSON.stringify(r));
          // users/ holds screenshots; exports/ the customers' data exports (docs/privacy.md).
          if (actions.every((a) => a === "s3:ListBucket")) {
            expect(["users/*", "exports/*"]).toContain(
              (statement.Condition as { StringLike: { "s3:prefix": string } }).StringLike[
                "s3:prefix"
              ],
            );
          } else {
            for (const r of resources) expect(r).toMatch(/\/(users|exports)\/\*"\]\]\}$/);
          }
        }
      }
    }
    expect(s3Statements).toBeGreaterThan(0);
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
      "CLERK_SECRET_KEY",
      "CLERK_WEBHOOK_SECRET",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "UNSUBSCRIBE_KEY",
    ]);
    for (const secret of Object.values(storage.config.secrets)) {
      expect(secret).toBeInstanceOf(Config.Secret);
    }
    // On AWS: virtual-hosted S3 and no private hosts the worker may visit.
    expect(storage.config.parameters.S3_FORCE_PATH_STYLE.value).toBe("false");
    expect(storage.config.parameters.OUTBOUND_ALLOW_HOSTS.value).toBe("");
    expect(storage.config.parameters.DNS_RESOLVER.value).toBe("1.1.1.1");
    expect(storage.config.parameters.DOMAIN_A_RECORD.value).toBe(validSettings.DOMAIN_A_RECORD);
    expect(storage.config.parameters.MAIL_FROM.value).toBe(validSettings.MAIL_FROM);
    expect(storage.config.parameters.SES_CONFIGURATION_SET.value).toBe("portal-mail");
    expect(storage.config.parameters.PRODUCT_NAME.value).toBe("Site Portal");
    // Unverified custom-domain claims lapse after a week unless the stage says otherwise.
    expect(storage.config.parameters.DOMAIN_CLAIM_TTL_DAYS.value).toBe("7");
  });
});

/** The parts of a synthesised CloudFront distribution these tests read. */
interface CacheBehaviour {
  PathPattern: string;
  AllowedMethods: string[];
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  ViewerProtocolPolicy: string;
  TargetOriginId: string;
}
interface DistributionConfig {
  CacheBehaviors: CacheBehaviour[];
  CustomErrorResponses?: unknown[];
  Origins: {
    Id: string;
    DomainName: unknown;
    CustomOriginConfig?: { OriginProtocolPolicy: string };
    OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
  }[];
}

function distributionConfig(web: Template): DistributionConfig {
  const [, distribution] = only(web, "AWS::CloudFront::Distribution");
  const config = distribution.Properties?.DistributionConfig as DistributionConfig;
  return { ...config, CacheBehaviors: config.CacheBehaviors ?? [] };
}

function behaviourFor(config: DistributionConfig, pattern: string): CacheBehaviour {
  const found = config.CacheBehaviors.find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`No behaviour for ${pattern}`);
  return found;
}

/** The /api/* behaviour: the HTTP API as origin, uncached, with the origin secret. */
function expectApiBehaviour(web: Template, storage: Template) {
  const config = distributionConfig(web);
  const behaviour = behaviourFor(config, "/api/*");
  expect(behaviour.AllowedMethods).toEqual(
    expect.arrayContaining(["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"]),
  );
  // Managed policies: CachingDisabled, and AllViewerExceptHostHeader (every viewer header,
  // Authorization and Cookie included, CloudFront's viewer country and address, all query
  // strings and cookies; not Host, which API Gateway routes on).
  expect(behaviour.CachePolicyId).toBe("4135ea2d-6df8-44a3-9df3-4b5a84be39ad");
  expect(behaviour.OriginRequestPolicyId).toBe("b689b0a8-53d0-40ab-baf2-68738e2966ac");
  expect(behaviour.ViewerProtocolPolicy).toBe("https-only");
  const origin = config.Origins.find((o) => o.Id === behaviour.TargetOriginId);
  if (!origin) throw new Error("The /api/* behaviour has no origin");
  // The HTTP API's own host: its id, imported from the Api stack.
  expect(JSON.stringify(origin.DomainName)).toMatch(
    /ImportValue.*Api:ExportsOutputRefApi.*execute-api/,
  );
  expect(origin.CustomOriginConfig?.OriginProtocolPolicy).toBe("https-only");
  // The header carries the generated secret, resolved by CloudFormation at deploy time.
  const header = (origin.OriginCustomHeaders ?? []).find(
    (h) => h.HeaderName === ORIGIN_VERIFY_HEADER,
  );
  const [secretId] = only(storage, "AWS::SecretsManager::Secret");
  expect(JSON.stringify(header?.HeaderValue ?? null)).toMatch(
    new RegExp(`resolve:secretsmanager:.*${secretId}.*:SecretString`),
  );
}

describe("Web", () => {
  test("public pages get their pre-rendered HTML, client-side routes index.html, files themselves", () => {
    const webTemplate = template(Web);
    const [functionId] = only(webTemplate, "AWS::CloudFront::Function");
    webTemplate.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [
            {
              EventType: "viewer-request",
              FunctionARN: { "Fn::GetAtt": [functionId, "FunctionARN"] },
            },
          ],
        }),
      }),
    });
    // The deployed function's own code, run as CloudFront would run it.
    const code = webTemplate.toJSON().Resources[functionId as string].Properties.FunctionCode;
    expect(code).toBe(SPA_ROUTING_FUNCTION);
    const route = new Function("event", `${code}; return handler(event);`) as (event: {
      request: { uri: string };
    }) => { uri: string };
    const uri = (path: string) => route({ request: { uri: path } }).uri;
    expect(uri("/")).toBe("/prerendered/home.html");
    expect(uri("/pricing")).toBe("/prerendered/pricing.html");
    expect(uri("/sales")).toBe("/prerendered/sales.html");
    expect(uri("/sales/")).toBe("/prerendered/sales.html");
    for (const [path, file] of Object.entries(PRERENDERED_PAGES)) expect(uri(path)).toBe(file);
    expect(uri("/dashboard")).toBe("/index.html");
    expect(uri("/support/01J0ABC")).toBe("/index.html");
    expect(uri("/sales/more")).toBe("/index.html");
    expect(uri("/assets/index-abc123.js")).toBe("/assets/index-abc123.js");
    expect(uri("/robots.txt")).toBe("/robots.txt");
  });

  test("the pre-rendered pages name the host they are served from (APP_URL)", () => {
    const env = (site: unknown) =>
      (site as { props: { environment: Record<string, string> } }).props.environment;
    expect(env(web.site).VITE_PUBLIC_HOST).toBe(new URL(validSettings.APP_URL ?? "").hostname);
  });

  test("no distribution-wide error pages, which would turn the API's 403 and 404 into index.html", () => {
    expect(distributionConfig(template(Web)).CustomErrorResponses ?? []).toEqual([]);
  });

  test("/api/* goes to the HTTP API: all methods, no caching, viewer headers but Host, the origin secret", () => {
    expectApiBehaviour(template(Web), template(Storage));
  });

  test("the /api/* check fails on a distribution without the behaviour or the secret", () => {
    const broken = (change: (config: DistributionConfig) => void) => {
      const json = structuredClone(template(Web).toJSON());
      const resources = Object.values(json.Resources) as {
        Type: string;
        Properties: { DistributionConfig: DistributionConfig };
      }[];
      for (const resource of resources) {
        if (resource.Type === "AWS::CloudFront::Distribution")
          change(resource.Properties.DistributionConfig);
      }
      return Template.fromJSON(json);
    };
    const withoutBehaviour = broken((config) => {
      config.CacheBehaviors = config.CacheBehaviors.filter((b) => b.PathPattern !== "/api/*");
    });
    expect(() => expectApiBehaviour(withoutBehaviour, template(Storage))).toThrow();
    const withoutSecret = broken((config) => {
      for (const origin of config.Origins) delete origin.OriginCustomHeaders;
    });
    expect(() => expectApiBehaviour(withoutSecret, template(Storage))).toThrow();
    const cached = broken((config) => {
      for (const b of config.CacheBehaviors)
        b.CachePolicyId = "658327ea-f89d-4fab-a63d-7e88639e58f6";
    });
    expect(() => expectApiBehaviour(cached, template(Storage))).toThrow();
  });

  test("the tracking script may be cached at the edge; it still goes to the API with the secret", () => {
    const config = distributionConfig(template(Web));
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);
    // CloudFront takes the first matching pattern: the script's own behaviour comes first.
    expect(patterns.indexOf("/api/collect.js")).toBeLessThan(patterns.indexOf("/api/*"));
    const script = behaviourFor(config, "/api/collect.js");
    const api = behaviourFor(config, "/api/*");
    expect(script.TargetOriginId).toBe(api.TargetOriginId);
    expect(script.AllowedMethods).toEqual(["GET", "HEAD"]);
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
    // The API is on the SPA's own origin; the only other place of ours is the private bucket,
    // which content uploads are PUT to (docs/content.md).
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/clerk\.portal\.example\.com https:\/\/api\.stripe\.com https:\/\/",\{"Fn::ImportValue":"[^"]*ScreenshotsBucket[^"]*"\},"\.s3\.amazonaws\.com https:\/\/",\{"Fn::ImportValue":"[^"]*ScreenshotsBucket[^"]*"\},"\.s3\.us-east-1\.amazonaws\.com;/,
    );
    expect(csp).not.toContain("execute-api");
    expect(csp).not.toContain("ApiEndpoint");
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
    expect(headers.StrictTransportSecurity.IncludeSubdomains).toBe(true);
    expect(headers.FrameOptions.FrameOption).toBe("DENY");
  });

  test("the SPA is built from packages/web with the Clerk and Stripe keys, and no API URL", () => {
    const data = web.site.getConstructMetadata().data;
    expect(data.path).toBe("packages/web");
    expect(data.environment).not.toHaveProperty("VITE_API_URL");
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

  test("a claim lifetime outside 1-90 whole days does not synthesise", async () => {
    for (const days of ["0", "91", "7.5", "week"]) {
      await expect(
        synthesize("staging", { ...validSettings, DOMAIN_CLAIM_TTL_DAYS: days }),
      ).rejects.toThrow(/DOMAIN_CLAIM_TTL_DAYS/);
    }
  });

  test("a stage without Stripe's plan prices or publishable key does not synthesise", async () => {
    const { STRIPE_PRICE_PRO: _pro, VITE_STRIPE_PUBLISHABLE_KEY: _pk, ...rest } = validSettings;
    const error = synthesize("staging", rest);
    await expect(error).rejects.toThrow(/STRIPE_PRICE_PRO/);
    await expect(error).rejects.toThrow(/VITE_STRIPE_PUBLISHABLE_KEY/);
    const testKeyInProd = { ...validSettings, VITE_CLERK_PUBLISHABLE_KEY: liveKey };
    await expect(synthesize("prod", testKeyInProd)).rejects.toThrow(/pk_live_/);
  });

  test("a stage without a mail sender, or with a malformed one or configuration set, does not synthesise", async () => {
    const { MAIL_FROM: _from, ...rest } = validSettings;
    await expect(synthesize("staging", rest)).rejects.toThrow(/MAIL_FROM/);
    for (const from of [
      "notifications",
      "Portal <no-at-sign>",
      "a@b@example.com",
      "x <a@localhost>",
    ]) {
      await expect(synthesize("staging", { ...validSettings, MAIL_FROM: from })).rejects.toThrow(
        /MAIL_FROM/,
      );
    }
    await expect(
      synthesize("staging", { ...validSettings, SES_CONFIGURATION_SET: "has spaces" }),
    ).rejects.toThrow(/SES_CONFIGURATION_SET/);
  });

  test("prod synthesises with live keys and keeps its table and bucket", async () => {
    const { app, template: prod } = await synthesize("prod", {
      ...validSettings,
      CLERK_AUDIENCE: "portal-api",
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

/** One EventBridge rule with `schedule` whose target is the Cron's function, as given. */
function expectScheduled(
  id: string,
  cron: { jobFunction: SstFunction },
  expected: { schedule: string; handler: string; timeout: number },
) {
  const eventsTemplate = template(Events);
  const rules = Object.values(
    eventsTemplate.findResources("AWS::Events::Rule", {
      Properties: { ScheduleExpression: expected.schedule },
    }),
  );
  expect(rules).toHaveLength(1);
  const job = lambda(eventsTemplate, id);
  const targets = (rules[0]?.Properties as { Targets: { Arn: unknown }[] } | undefined)?.Targets;
  if (!targets) throw new Error(`the ${id} rule has no targets`);
  expect(targets.map((t) => JSON.stringify(t.Arn))).toContain(
    JSON.stringify({ "Fn::GetAtt": [job.functionId, "Arn"] }),
  );
  expect(functionProps(cron.jobFunction).handler).toBe(expected.handler);
  expect(job.properties.Timeout).toBe(expected.timeout);
}

describe("Uptime checks", () => {
  test("an EventBridge rule runs the uptime handler every 5 minutes", () => {
    expect(UPTIME_SCHEDULE).toBe("rate(5 minutes)");
    expectScheduled("UptimeChecks", use(Events).uptime, {
      schedule: "rate(5 minutes)",
      handler: "packages/functions/src/workers/uptime.handler",
      timeout: UPTIME_TIMEOUT_SECONDS,
    });
  });

  test("the uptime function writes the table, emits events, and may do nothing else", () => {
    const eventsTemplate = template(Events);
    const job = lambda(eventsTemplate, "UptimeChecks");
    const statements = roleStatements(eventsTemplate, job.roleId);
    expect(
      allows(statements, "dynamodb:Query", { logicalId: "MainTable", suffix: "/index/*" }),
    ).toBe(true);
    expect(allows(statements, "dynamodb:UpdateItem", { logicalId: "MainTable" })).toBe(true);
    expect(allows(statements, "dynamodb:Scan", { logicalId: "MainTable" })).toBe(false);
    expect(allows(statements, "sqs:SendMessage", { logicalId: eventsQueueId })).toBe(true);
    expect(allows(statements, "sqs:SendMessage", { logicalId: eventsDeadLettersId })).toBe(false);
    expect(allows(statements, "sqs:SendMessage", { logicalId: queueId })).toBe(false);
    expect(allows(statements, "ses:SendEmail", sesIdentity)).toBe(false);
    expect(allows(statements, "s3:GetObject", { logicalId: bucketId })).toBe(false);
    expect(allows(statements, "ssm:GetParameters", secretArn("test", "STRIPE_SECRET_KEY"))).toBe(
      false,
    );
    const env = (job.properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toHaveProperty("SST_Parameter_value_OUTBOUND_ALLOW_HOSTS");
  });

  test("the customer's uptime read only reads the table", () => {
    const fn = routeFunctions(apiTemplates()).get("GET /api/sites/{id}/uptime");
    if (!fn) throw new Error("no uptime route");
    const statements = roleStatements(fn.template, fn.roleId);
    expect(allows(statements, "dynamodb:Query", { logicalId: "MainTable" })).toBe(true);
    expect(allows(statements, "dynamodb:PutItem", { logicalId: "MainTable" })).toBe(false);
    expect(allows(statements, "sqs:SendMessage", { logicalId: eventsQueueId })).toBe(false);
  });
});

describe("Deletion of sites after a subscription ends", () => {
  test("an EventBridge rule runs the deletion handler every hour", () => {
    expect(SITE_DELETIONS_SCHEDULE).toBe("rate(1 hour)");
    expectScheduled("SiteDeletions", use(Events).siteDeletions, {
      schedule: "rate(1 hour)",
      handler: "packages/functions/src/workers/site-deletions.handler",
      timeout: SITE_DELETIONS_TIMEOUT_SECONDS,
    });
  });

  test("the deletion function may erase screenshots and items, ask Stripe and mail, nothing else", () => {
    const eventsTemplate = template(Events);
    const job = lambda(eventsTemplate, "SiteDeletions");
    const statements = roleStatements(eventsTemplate, job.roleId);
    // The due customers are one Query on the table; their sites and analytics on the table.
    expect(allows(statements, "dynamodb:Query", { logicalId: "MainTable" })).toBe(true);
    expect(allows(statements, "dynamodb:DeleteItem", { logicalId: "MainTable" })).toBe(true);
    expect(allows(statements, "dynamodb:BatchWriteItem", { logicalId: "MainTable" })).toBe(true);
    expect(allows(statements, "dynamodb:Scan", { logicalId: "MainTable" })).toBe(false);
    // A site's screenshots are deleted by prefix: a listing, then the deletes, under users/ only.
    expect(allows(statements, "s3:DeleteObject", { logicalId: bucketId, suffix: "/users/*" })).toBe(
      true,
    );
    expect(allows(statements, "s3:ListBucket", { logicalId: bucketId })).toBe(true);
    // Stripe is asked once more before anything is deleted.
    expect(allows(statements, "ssm:GetParameters", secretArn("test", "STRIPE_SECRET_KEY"))).toBe(
      true,
    );
    expect(allows(statements, "sqs:SendMessage", { logicalId: eventsQueueId })).toBe(true);
    expect(allows(statements, "sqs:SendMessage", { logicalId: queueId })).toBe(false);
    expect(allows(statements, "ses:SendEmail", sesIdentity)).toBe(false);
    const env = (job.properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toHaveProperty("SST_Parameter_value_STRIPE_PRICE_PRO");
  });

  test("the grace period is a stage setting of 1 to 90 whole days, 7 unless set", async () => {
    expect(storage.config.parameters.SITE_GRACE_PERIOD_DAYS.value).toBe("7");
    for (const days of ["0", "91", "7.5", "week"]) {
      await expect(
        synthesize("staging", { ...validSettings, SITE_GRACE_PERIOD_DAYS: days }),
      ).rejects.toThrow(/SITE_GRACE_PERIOD_DAYS/);
    }
    // The Stripe webhook (which suspends and states the date) and the deletion job read it.
    for (const [stackFn, id] of [
      [Webhooks, "StripeWebhook"],
      [Events, "SiteDeletions"],
    ] as const) {
      const fn = lambda(template(stackFn), id);
      const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env).toHaveProperty("SST_Parameter_value_SITE_GRACE_PERIOD_DAYS");
    }
  });
});
