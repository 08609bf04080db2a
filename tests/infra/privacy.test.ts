/**
 * The customer's data exports (docs/privacy.md) as synthesised: the DataExports queue and its
 * dead-letter queue, a consumer that may touch one customer's export and nothing beyond, and
 * the bucket's rule that removes exports. The fence check is also run on a consumer given
 * broader grants, which it must catch.
 */
import { EXPORT_KEEP_DAYS, EXPORTS_PREFIX } from "@portal/core/privacy/enums";
import { dataExportsConsumer } from "@portal/functions/routes";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import { Events } from "../../stacks/Events";
import { grantsProps } from "../../stacks/grants";
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

/** What the export consumer may not do; empty when it is fenced in as docs/privacy.md says. */
function fenceViolations(statements: Statement[], bucket: string): string[] {
  const users = { logicalId: bucket, suffix: "/users/*" };
  const exportsTarget = { logicalId: bucket, suffix: `/${EXPORTS_PREFIX}*` };
  const problems: string[] = [];
  for (const action of ["s3:PutObject", "s3:DeleteObject"]) {
    if (allows(statements, action, users)) problems.push(`${action} on screenshots`);
  }
  if (!allows(statements, "s3:GetObject", users)) problems.push("cannot read screenshots");
  if (!allows(statements, "s3:PutObject", exportsTarget)) problems.push("cannot write exports");
  for (const statement of statements) {
    const actions = [statement.Action].flat();
    if (actions.some((a) => a === "s3:*" || a === "dynamodb:*" || a === "*")) {
      problems.push(`wildcard ${actions.join(",")}`);
    }
    // It mails through the Events queue, and sends to no other queue.
    if (actions.some((a) => a.startsWith("sqs:Send"))) {
      const target = JSON.stringify(statement.Resource);
      if (
        !/Events(?!.*DeadLetters)/.test(target) ||
        /Jobs|Webhook|PageViews|DataExports/.test(target)
      ) {
        problems.push(`sends to ${target}`);
      }
    }
  }
  return problems;
}

describe("DataExports", () => {
  test("the queue dead-letters an export after the consumer's receives, and outlives a run", () => {
    const json = template(Privacy).toJSON() as {
      Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
    };
    const queues = Object.entries(json.Resources).filter(([, r]) => r.Type === "AWS::SQS::Queue");
    const [queueId, queue] = queues.find(([id]) => !id.includes("DeadLetters")) ?? [];
    const deadLetters = queues.find(([id]) => id.includes("DeadLetters"));
    expect(queueId).toMatch(/^DataExports/);
    expect(deadLetters).toBeDefined();
    const props = queue?.Properties as {
      VisibilityTimeout: number;
      RedrivePolicy: { maxReceiveCount: number; deadLetterTargetArn: unknown };
    };
    expect(props.RedrivePolicy.maxReceiveCount).toBe(dataExportsConsumer.maxReceiveCount);
    expect(JSON.stringify(props.RedrivePolicy.deadLetterTargetArn)).toContain(deadLetters?.[0]);
    expect(props.VisibilityTimeout).toBeGreaterThan(dataExportsConsumer.timeoutSeconds);
    expect(consumerConcurrency(json, queueId as string).maximumConcurrency).toBe(
      dataExportsConsumer.maxConcurrency,
    );
    const fn = lambda(template(Privacy), "DataExportsConsumer");
    expect(fn.properties.Timeout).toBe(dataExportsConsumer.timeoutSeconds);
  });

  test("the consumer reads screenshots and writes exports only, and mails through Events", () => {
    const privacy = template(Privacy);
    const fn = lambda(privacy, "DataExportsConsumer");
    const statements = roleStatements(privacy, fn.roleId);
    expect(fenceViolations(statements, bucketId)).toEqual([]);
  });

  test("the fence check catches a consumer that may also write screenshots", async () => {
    const app = await createApp("test", validSettings);
    function BroadPrivacy({ stack }: StackContext) {
      const { table, bucket, config } = use(Storage);
      const granted = grantsProps(["table:write", "screenshots:write", "exports:write"], {
        table,
        bucket,
        config,
      });
      new LambdaFunction(stack, "DataExportsConsumer", {
        handler: dataExportsConsumer.handler,
        ...granted,
      });
      return {};
    }
    app.stack(Storage).stack(Events).stack(BroadPrivacy);
    const broad = templatesOf(app)(BroadPrivacy);
    const storageBucket = Object.keys(
      templatesOf(app)(Storage).findResources("AWS::S3::Bucket"),
    )[0];
    const fn = lambda(broad, "DataExportsConsumer");
    expect(fenceViolations(roleStatements(broad, fn.roleId), storageBucket as string)).toEqual([
      "s3:PutObject on screenshots",
      "s3:DeleteObject on screenshots",
    ]);
  });

  test("the bucket removes exports a day after they stop being offered", () => {
    template(Storage).hasResourceProperties("AWS::S3::Bucket", {
      LifecycleConfiguration: {
        Rules: [
          {
            Id: "DataExports",
            Prefix: EXPORTS_PREFIX,
            ExpirationInDays: EXPORT_KEEP_DAYS + 1,
            Status: "Enabled",
          },
        ],
      },
    });
  });
});
