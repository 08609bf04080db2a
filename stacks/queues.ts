/**
 * A queue read by one consumer function, with the dead-letter queue its redrive policy sends
 * what the consumer could not take (kept 14 days for someone to look at): the shape of the
 * Jobs, Events, PageViews, WebhookDeliveries and PrivacyJobs queues, each set up as its row of
 * the consumer table says (packages/functions/src/queue-consumers.ts, which the local stack
 * reads too). Construct ids are `<id>` and `<id>DeadLetters`. A consumer that itself needs the
 * queue (it sends to it, as the webhook sender queues its retries) is made after it: leave
 * `consumer` out and pass it to `attach`.
 */
import {
  consumerOf,
  type QueueConsumer,
  visibilityTimeoutSeconds,
} from "@portal/functions/queue-consumers";
import type { aws_lambda_event_sources as sources } from "aws-cdk-lib";
import type { Construct } from "constructs";
import { type Function as LambdaFunction, Queue, toCdkDuration } from "sst/constructs";

export function consumedQueue(
  scope: Construct,
  id: string,
  options: {
    consumer?: LambdaFunction;
    /** Only for a queue outside the table (a test's): the table's row for `id` otherwise. */
    settings?: QueueConsumer;
  } = {},
) {
  const settings = options.settings ?? consumerOf(id);
  const eventSource: sources.SqsEventSourceProps = {
    batchSize: settings.batchSize,
    maxConcurrency: settings.maxConcurrency,
    ...(settings.reportBatchItemFailures ? { reportBatchItemFailures: true } : {}),
    ...(settings.batchWindowSeconds === undefined
      ? {}
      : { maxBatchingWindow: toCdkDuration(`${settings.batchWindowSeconds} seconds`) }),
  };
  // Only the queue's redrive policy refers to this queue: no function binds it.
  const deadLetters = new Queue(scope, `${id}DeadLetters`, {
    cdk: { queue: { retentionPeriod: toCdkDuration("14 days") } },
  });
  const consumer = (fn: LambdaFunction) => ({
    function: fn,
    cdk: { eventSource },
  });
  const queue = new Queue(scope, id, {
    ...(options.consumer ? { consumer: consumer(options.consumer) } : {}),
    cdk: {
      queue: {
        visibilityTimeout: toCdkDuration(`${visibilityTimeoutSeconds(settings)} seconds`),
        deadLetterQueue: {
          queue: deadLetters.cdk.queue,
          maxReceiveCount: settings.maxReceiveCount,
        },
      },
    },
  });
  const attach = (fn: LambdaFunction) => queue.addConsumer(scope, consumer(fn));
  return { queue, deadLetters, attach };
}
