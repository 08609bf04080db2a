/**
 * The job queue, its dead-letter queue, the jobs worker and the audit browser (stacks/Jobs.ts).
 * Synthesised offline for stage "test" (synthesized-app.ts) and asserted with CDK's Template.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { Jobs, MAX_RECEIVE_COUNT, WORKER_CONCURRENCY } from "../../stacks/Jobs";
import { Storage } from "../../stacks/Storage";
import { Web } from "../../stacks/Web";
import { Webhooks } from "../../stacks/Webhooks";
import { functionProps, secretArn } from "./synth";
import { type SynthesizedApp, synthesizeApp } from "./synthesized-app";
import {
  allows,
  consumerConcurrency,
  lambda,
  roleStatements,
  type TemplateJson,
} from "./template-queries";

let template: SynthesizedApp["template"];
let jobs: SynthesizedApp["jobs"];
let apiTemplates: SynthesizedApp["apiTemplates"];
let bucketId: SynthesizedApp["bucketId"];
let queueId: SynthesizedApp["queueId"];
let deadLettersId: SynthesizedApp["deadLettersId"];

beforeAll(async () => {
  ({ template, jobs, apiTemplates, bucketId, queueId, deadLettersId } = await synthesizeApp());
});

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
