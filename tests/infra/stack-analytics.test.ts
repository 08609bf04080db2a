/**
 * The page-view write path (stacks/Analytics.ts): the PageViews queue and its consumer.
 * Synthesised offline for stage "test" (synthesized-app.ts) and asserted with CDK's Template.
 */
import { PAGE_VIEWS_RECEIVES } from "@portal/functions/queue-consumers";
import { pageViewsConsumer } from "@portal/functions/routes";
import { beforeAll, describe, expect, test } from "vitest";
import { Analytics } from "../../stacks/Analytics";
import { TABLE_READ_ACTIONS } from "../../stacks/grants";
import { functionProps, secretArn } from "./synth";
import { type SynthesizedApp, synthesizeApp } from "./synthesized-app";
import {
  allows,
  consumerConcurrency,
  lambda,
  roleStatements,
  routeFunctions,
  type TemplateJson,
  table,
  tableIndexes,
} from "./template-queries";

let template: SynthesizedApp["template"];
let apiTemplates: SynthesizedApp["apiTemplates"];
let pageViewsQueueId: SynthesizedApp["pageViewsQueueId"];
let pageViewsDeadLettersId: SynthesizedApp["pageViewsDeadLettersId"];
let analyticsStack: SynthesizedApp["analytics"];

beforeAll(async () => {
  ({
    template,
    apiTemplates,
    pageViewsQueueId,
    pageViewsDeadLettersId,
    analytics: analyticsStack,
  } = await synthesizeApp());
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
    expect(functionProps(analyticsStack.consumer).handler).toBe(pageViewsConsumer.handler);
    const queue = analytics.toJSON().Resources[pageViewsQueueId].Properties;
    expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(
      6 * (pageViewsConsumer.timeoutSeconds + pageViewsConsumer.batchWindowSeconds),
    );
  });

  test("a batch is received up to the consumer's receives, then dead-lettered", () => {
    // Counted once however often it comes back: the consumer's per-message marker
    // (docs/analytics.md); the consumer table's row says how many.
    template(Analytics).hasResourceProperties("AWS::SQS::Queue", {
      RedrivePolicy: {
        deadLetterTargetArn: { "Fn::GetAtt": [pageViewsDeadLettersId, "Arn"] },
        maxReceiveCount: PAGE_VIEWS_RECEIVES,
      },
    });
    expect(PAGE_VIEWS_RECEIVES).toBeGreaterThan(1);
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
