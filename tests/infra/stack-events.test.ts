/**
 * Domain events and what consumes them (stacks/Events.ts): the notifications mailer, the
 * outgoing webhook deliveries and their sender, the uptime checks and the deletion of sites
 * after a subscription ends.
 * Synthesised offline for stage "test" (synthesized-app.ts) and asserted with CDK's Template.
 */
import { routes } from "@portal/functions/routes";
import type { Function as SstFunction } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
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
import { Jobs } from "../../stacks/Jobs";
import { Webhooks } from "../../stacks/Webhooks";
import { expectGrants, isKeyUse } from "./route-grants";
import { functionProps, secretArn, synthesize, validSettings } from "./synth";
import {
  type SynthesizedApp,
  sesIdentity,
  sesOtherIdentity,
  synthesizeApp,
} from "./synthesized-app";
import { allows, lambda, roleStatements, routeFunctions, table } from "./template-queries";

let template: SynthesizedApp["template"];
let storage: SynthesizedApp["storage"];
let apiTemplates: SynthesizedApp["apiTemplates"];
let bucketId: SynthesizedApp["bucketId"];
let queueId: SynthesizedApp["queueId"];
let eventsQueueId: SynthesizedApp["eventsQueueId"];
let eventsDeadLettersId: SynthesizedApp["eventsDeadLettersId"];
let webhooksQueueId: SynthesizedApp["webhooksQueueId"];
let webhooksDeadLettersId: SynthesizedApp["webhooksDeadLettersId"];
let grantTargets: SynthesizedApp["grantTargets"];
let events: SynthesizedApp["events"];

beforeAll(async () => {
  ({
    template,
    storage,
    apiTemplates,
    bucketId,
    queueId,
    eventsQueueId,
    eventsDeadLettersId,
    webhooksQueueId,
    webhooksDeadLettersId,
    grantTargets,
    events,
  } = await synthesizeApp());
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
    expect(functionProps(events.consumer).handler).toBe(
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

  test("routes that emit events may send to the queue; only the invitation routes send mail", () => {
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
    // An invitation is mailed by its own route, so the owner learns at once whether it was
    // accepted (docs/team.md); every other mail goes through the Events queue.
    const mailers = [...functions]
      .filter(([, fn]) =>
        allows(roleStatements(fn.template, fn.roleId), "ses:SendEmail", sesIdentity),
      )
      .map(([routeKey]) => routeKey)
      .sort();
    expect(mailers).toEqual([
      "POST /api/team/invitations",
      "POST /api/team/invitations/{id}/resend",
    ]);
    for (const fn of functions.values()) {
      const statements = roleStatements(fn.template, fn.roleId);
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
    expect(functionProps(events.sender).handler).toBe(
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
    expect(() =>
      expectGrants(fn, without, routes["GET /api/sites"], "GET /api/sites", grantTargets),
    ).toThrow();
  });
});

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
    expectScheduled("UptimeChecks", events.uptime, {
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
    expectScheduled("SiteDeletions", events.siteDeletions, {
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
