/**
 * The consumer table (packages/functions/src/queue-consumers.ts) is the one statement of how
 * each queue feeds its consumer: the synthesized stacks and the local stack both follow it, and
 * neither writes a batch size or a receive count of its own again.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { localQueueOptions } from "@portal/devstack/services";
import {
  type ConsumedQueueId,
  consumerOf,
  PAGE_VIEWS_RECEIVES,
  QUEUE_CONSUMERS,
  visibilityTimeoutSeconds,
} from "@portal/functions/queue-consumers";
import { beforeAll, describe, expect, test } from "vitest";
import { stackTemplates, synthesize } from "./synth";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const QUEUE_IDS = Object.keys(QUEUE_CONSUMERS) as ConsumedQueueId[];

interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
}
type TemplateJson = { Resources: Record<string, Resource> };

/** What the template says about a queue and the mapping that feeds its consumer. */
interface Synthesized {
  batchSize: unknown;
  batchWindowSeconds: unknown;
  maxConcurrency: unknown;
  reportBatchItemFailures: boolean;
  maxReceiveCount: unknown;
  visibilityTimeoutSeconds: unknown;
  timeoutSeconds: unknown;
}

const refId = (value: unknown): string | undefined => {
  const v = value as { Ref?: string; "Fn::GetAtt"?: string[] } | undefined;
  return v?.Ref ?? v?.["Fn::GetAtt"]?.[0];
};

/** The queue `<id>` of the consumer table in whichever template has it. */
function synthesized(templates: TemplateJson[], queueId: string): Synthesized {
  for (const json of templates) {
    const entries = Object.entries(json.Resources);
    const queue = entries.find(
      ([logicalId, r]) =>
        r.Type === "AWS::SQS::Queue" &&
        logicalId.startsWith(`${queueId}Queue`) &&
        r.Properties?.RedrivePolicy !== undefined,
    );
    if (!queue) continue;
    const [queueLogicalId, { Properties: queueProps = {} }] = queue;
    const mapping = entries.find(
      ([, r]) =>
        r.Type === "AWS::Lambda::EventSourceMapping" &&
        refId(r.Properties?.EventSourceArn) === queueLogicalId,
    );
    if (!mapping) throw new Error(`No event source mapping reads ${queueLogicalId}`);
    const props = mapping[1].Properties ?? {};
    const fn = json.Resources[refId(props.FunctionName) ?? ""];
    return {
      batchSize: props.BatchSize,
      batchWindowSeconds: props.MaximumBatchingWindowInSeconds,
      maxConcurrency: (props.ScalingConfig as { MaximumConcurrency?: number } | undefined)
        ?.MaximumConcurrency,
      reportBatchItemFailures: ((props.FunctionResponseTypes as string[]) ?? []).includes(
        "ReportBatchItemFailures",
      ),
      maxReceiveCount: (queueProps.RedrivePolicy as { maxReceiveCount?: number }).maxReceiveCount,
      visibilityTimeoutSeconds: queueProps.VisibilityTimeout,
      timeoutSeconds: fn?.Properties?.Timeout,
    };
  }
  throw new Error(`No template has the queue ${queueId}`);
}

/** Where the template and the local stack leave the table, in words; empty when nowhere. */
function departures(templates: TemplateJson[], queueId: ConsumedQueueId): string[] {
  const row = consumerOf(queueId);
  const local = localQueueOptions(queueId);
  const aws = synthesized(templates, queueId);
  const expected: Synthesized = {
    batchSize: row.batchSize,
    batchWindowSeconds: row.batchWindowSeconds,
    maxConcurrency: row.maxConcurrency,
    reportBatchItemFailures: row.reportBatchItemFailures,
    maxReceiveCount: row.maxReceiveCount,
    visibilityTimeoutSeconds: visibilityTimeoutSeconds(row),
    timeoutSeconds: row.timeoutSeconds,
  };
  const problems = Object.entries(expected)
    .filter(([key, value]) => aws[key as keyof Synthesized] !== value)
    .map(
      ([key, value]) =>
        `${queueId}: the stack's ${key} is ${aws[key as keyof Synthesized]}, the table's ${value}`,
    );
  const localFacts = {
    handler: local.handler,
    batchSize: local.batchSize,
    batchWindowSeconds: (local.batchWindowMs ?? 0) / 1000,
    maxReceiveCount: local.maxReceiveCount,
  };
  const tableFacts = {
    handler: row.handler,
    batchSize: aws.batchSize,
    batchWindowSeconds: aws.batchWindowSeconds ?? 0,
    maxReceiveCount: aws.maxReceiveCount,
  };
  for (const [key, value] of Object.entries(tableFacts)) {
    const mine = localFacts[key as keyof typeof localFacts];
    if (mine !== value)
      problems.push(`${queueId}: the local stack's ${key} is ${mine}, AWS's ${value}`);
  }
  return problems;
}

let templates: TemplateJson[];

beforeAll(async () => {
  const { app } = await synthesize();
  templates = [...stackTemplates(app).values()].map((t) => t.toJSON() as TemplateJson);
});

describe("the consumer table", () => {
  test("every queue of the stacks and of the local stack is set up as its row says", () => {
    expect(QUEUE_IDS.sort()).toEqual(
      [
        "Deployments",
        "Events",
        "Jobs",
        "MailFeedback",
        "PageViews",
        "PrivacyJobs",
        "WebhookDeliveries",
      ].sort(),
    );
    expect(QUEUE_IDS.flatMap((id) => departures(templates, id))).toEqual([]);
  });

  test("a stack that sets a queue up otherwise is caught", () => {
    const tampered = structuredClone(templates);
    for (const json of tampered) {
      for (const resource of Object.values(json.Resources)) {
        if (
          resource.Type === "AWS::Lambda::EventSourceMapping" &&
          resource.Properties?.BatchSize === QUEUE_CONSUMERS.Events.batchSize
        )
          resource.Properties.BatchSize = 1;
      }
    }
    expect(departures(tampered, "Events")).toContain(
      `Events: the stack's batchSize is 1, the table's ${QUEUE_CONSUMERS.Events.batchSize}`,
    );
  });

  test("page views get more than one receive, each message handed back alone", () => {
    // Safe only with the consumer's "counted" marker (workers/page-views.test.ts): a message
    // that comes back is counted once. One receive sent a throttled batch to the dead letters.
    const pageViews = synthesized(templates, "PageViews");
    expect(pageViews.maxReceiveCount).toBe(PAGE_VIEWS_RECEIVES);
    expect(PAGE_VIEWS_RECEIVES).toBeGreaterThan(1);
    expect(pageViews.reportBatchItemFailures).toBe(true);
  });

  test("a queue without a row is refused with the table's name", () => {
    expect(() => consumerOf("Backlog")).toThrow(/no row in the consumer table/);
  });

  test("no stack and not the local stack writes a batch size or receive count of its own", () => {
    const sources = [
      ...readdirSync(path.join(repoRoot, "stacks"))
        .filter((f) => f.endsWith(".ts"))
        .map((f) => path.join("stacks", f)),
      path.join("packages", "devstack", "src", "services.ts"),
    ];
    const restated = /\b(batchSize|maxReceiveCount|maxBatchingWindow|batchWindowMs)\s*:\s*\d/;
    const copies = sources.filter((file) =>
      restated.test(readFileSync(path.join(repoRoot, file), "utf8")),
    );
    expect(copies).toEqual([]);
    // The check sees the shape the stacks used to have.
    expect(restated.test("eventSource: { batchSize: 10, reportBatchItemFailures: true }")).toBe(
      true,
    );
  });
});
