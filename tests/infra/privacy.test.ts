/**
 * The customer's own data (docs/privacy.md) as synthesised: the PrivacyJobs queue and its
 * dead-letter queue, a consumer fenced to the bucket's users/ and exports/ prefixes, the
 * Events queue and Clerk's secret key, and the bucket's rule that removes exports. The fence
 * check is also run on a consumer given broader grants, which it must catch.
 */
import {
  EXPORT_KEEP_DAYS,
  EXPORTS_PREFIX,
  TOMBSTONE_KEEP_DAYS,
  TOMBSTONES_PREFIX,
} from "@portal/core/privacy/enums";
import { privacyJobsConsumer } from "@portal/functions/routes";
import { Match } from "aws-cdk-lib/assertions";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import { Events } from "../../stacks/Events";
import { grantsProps } from "../../stacks/grants";
import { Jobs } from "../../stacks/Jobs";
import { Privacy } from "../../stacks/Privacy";
import { Storage } from "../../stacks/Storage";
import { createApp, synthesize, templatesOf, validSettings } from "./synth";
import {
  allows,
  consumerConcurrency,
  lambda,
  roleStatements,
  type Statement,
} from "./template-queries";

type Templates = Awaited<ReturnType<typeof synthesize>>["template"];
let template: Templates;
let bucketId: string;

beforeAll(async () => {
  ({ template } = await synthesize());
  bucketId = Object.keys(template(Storage).findResources("AWS::S3::Bucket"))[0] as string;
});

/** What the privacy jobs consumer may not do; empty when it is fenced in as docs/privacy.md says. */
function fenceViolations(statements: Statement[], bucket: string): string[] {
  const problems: string[] = [];
  for (const prefix of ["users/", EXPORTS_PREFIX]) {
    const target = { logicalId: bucket, suffix: `/${prefix}*` };
    for (const action of ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"]) {
      if (!allows(statements, action, target)) problems.push(`no ${action} under ${prefix}`);
    }
  }
  for (const statement of statements) {
    const actions = [statement.Action].flat();
    if (actions.some((a) => a === "s3:*" || a === "dynamodb:*" || a === "*")) {
      problems.push(`wildcard ${actions.join(",")}`);
    }
    // Objects only under the two prefixes, and tombstones written only: never the whole bucket.
    if (actions.some((a) => a.startsWith("s3:") && a !== "s3:ListBucket")) {
      for (const resource of [statement.Resource].flat()) {
        const where = JSON.stringify(resource);
        const tombstones = /\/tombstones\/\*"\]\]\}$/.test(where);
        if (tombstones && actions.some((a) => a !== "s3:PutObject")) {
          problems.push(`more than writing tombstones: ${actions.join(",")}`);
        } else if (!tombstones && !/\/(users|exports)\/\*"\]\]\}$/.test(where)) {
          problems.push(`objects outside users/ and exports/: ${where}`);
        }
      }
    }
    // It mails through the Events queue, and sends to no other queue.
    if (actions.some((a) => a.startsWith("sqs:Send"))) {
      const target = JSON.stringify(statement.Resource);
      if (!/Events/.test(target) || /Jobs|Webhook|PageViews|DeadLetters/.test(target)) {
        problems.push(`sends to ${target}`);
      }
    }
  }
  return problems;
}

describe("PrivacyJobs", () => {
  test("the queue dead-letters an export after the consumer's receives, and outlives a run", () => {
    const json = template(Privacy).toJSON() as {
      Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
    };
    const queues = Object.entries(json.Resources).filter(([, r]) => r.Type === "AWS::SQS::Queue");
    const [queueId, queue] = queues.find(([id]) => !id.includes("DeadLetters")) ?? [];
    const deadLetters = queues.find(([id]) => id.includes("DeadLetters"));
    expect(queueId).toMatch(/^PrivacyJobs/);
    expect(deadLetters).toBeDefined();
    const props = queue?.Properties as {
      VisibilityTimeout: number;
      RedrivePolicy: { maxReceiveCount: number; deadLetterTargetArn: unknown };
    };
    expect(props.RedrivePolicy.maxReceiveCount).toBe(privacyJobsConsumer.maxReceiveCount);
    expect(JSON.stringify(props.RedrivePolicy.deadLetterTargetArn)).toContain(deadLetters?.[0]);
    expect(props.VisibilityTimeout).toBeGreaterThan(privacyJobsConsumer.timeoutSeconds);
    expect(consumerConcurrency(json, queueId as string).maximumConcurrency).toBe(
      privacyJobsConsumer.maxConcurrency,
    );
    const fn = lambda(template(Privacy), "PrivacyJobsConsumer");
    expect(fn.properties.Timeout).toBe(privacyJobsConsumer.timeoutSeconds);
  });

  test("the consumer touches the customer prefixes only, mails through Events, may delete identities", () => {
    const privacy = template(Privacy);
    const fn = lambda(privacy, "PrivacyJobsConsumer");
    const statements = roleStatements(privacy, fn.roleId);
    expect(fenceViolations(statements, bucketId)).toEqual([]);
    // Each erasure is recorded for a restore to re-apply (docs/operations.md).
    expect(
      allows(statements, "s3:PutObject", { logicalId: bucketId, suffix: `/${TOMBSTONES_PREFIX}*` }),
    ).toBe(true);
    const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toHaveProperty("SST_Secret_value_CLERK_SECRET_KEY");
    expect(env).not.toHaveProperty("SST_Secret_value_CLERK_WEBHOOK_SECRET");
  });

  test("the fence check catches a consumer that may also send jobs to the Chromium worker", async () => {
    const app = await createApp("test", validSettings);
    function BroadPrivacy({ stack }: StackContext) {
      const { table, bucket, config } = use(Storage);
      const { queue } = use(Jobs);
      const granted = grantsProps(
        ["table:write", "screenshots:write", "exports:write", "jobs:send"],
        { table, bucket, config, queue },
      );
      new LambdaFunction(stack, "PrivacyJobsConsumer", {
        handler: privacyJobsConsumer.handler,
        ...granted,
      });
      return {};
    }
    app.stack(Storage).stack(Events).stack(Jobs).stack(BroadPrivacy);
    const templates = templatesOf(app);
    const broad = templates(BroadPrivacy);
    const storageBucket = Object.keys(templates(Storage).findResources("AWS::S3::Bucket"))[0];
    const fn = lambda(broad, "PrivacyJobsConsumer");
    const problems = fenceViolations(roleStatements(broad, fn.roleId), storageBucket as string);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^sends to .*Jobs/);
  });

  test("the bucket removes exports a day after they stop being offered", () => {
    template(Storage).hasResourceProperties("AWS::S3::Bucket", {
      LifecycleConfiguration: {
        // Beside the rule for unconfirmed content uploads (tests/infra/content.test.ts).
        Rules: Match.arrayWith([
          {
            Id: "DataExports",
            Prefix: EXPORTS_PREFIX,
            ExpirationInDays: EXPORT_KEEP_DAYS + 1,
            Status: "Enabled",
          },
        ]),
      },
    });
  });

  test("the bucket keeps erasures and revocations past point-in-time recovery's 35 days, then removes them", () => {
    expect(TOMBSTONE_KEEP_DAYS).toBeGreaterThan(35);
    template(Storage).hasResourceProperties("AWS::S3::Bucket", {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          {
            Id: "Tombstones",
            Prefix: TOMBSTONES_PREFIX,
            ExpirationInDays: TOMBSTONE_KEEP_DAYS,
            Status: "Enabled",
          },
        ]),
      },
    });
  });
});
