/**
 * The page-view write path (docs/analytics.md "Write path"): the PageViews queue the collect
 * route sends accepted views to (its `page-views:send` grant), its dead-letter queue, and the
 * consumer that adds a batch of views to the counters in one small write per counter. Batch
 * settings come from packages/functions/src/routes.ts, which the local stack reads too.
 */
import { pageViewsConsumer } from "@portal/functions/routes";
import {
  Function as LambdaFunction,
  Queue,
  type StackContext,
  toCdkDuration,
  use,
} from "sst/constructs";
import { grantsProps } from "./grants";
import { Storage } from "./Storage";

export function Analytics({ stack }: StackContext) {
  const { table, bucket, config } = use(Storage);
  const granted = grantsProps(["table:count-views"], { table, bucket, config });

  const consumer = new LambdaFunction(stack, "PageViewsConsumer", {
    handler: pageViewsConsumer.handler,
    timeout: `${pageViewsConsumer.timeoutSeconds} seconds`,
    ...granted,
  });

  // Only the queue's redrive policy refers to it: what lands here was never counted.
  const deadLetters = new Queue(stack, "PageViewsDeadLetters", {
    cdk: { queue: { retentionPeriod: toCdkDuration("14 days") } },
  });

  const queue = new Queue(stack, "PageViews", {
    consumer: {
      function: consumer,
      cdk: {
        eventSource: {
          batchSize: pageViewsConsumer.batchSize,
          maxBatchingWindow: toCdkDuration(`${pageViewsConsumer.batchWindowSeconds} seconds`),
          maxConcurrency: pageViewsConsumer.maxConcurrency,
        },
      },
    },
    cdk: {
      queue: {
        // At least six times the consumer's timeout and its batching window (AWS's advice).
        visibilityTimeout: toCdkDuration(
          `${(pageViewsConsumer.timeoutSeconds + pageViewsConsumer.batchWindowSeconds) * 6} seconds`,
        ),
        // One receive only: the consumer never fails a batch on purpose, so a batch that comes
        // back had a crash or a timeout part-way, and counting it again could count it twice.
        deadLetterQueue: { queue: deadLetters.cdk.queue, maxReceiveCount: 1 },
      },
    },
  });

  return { queue, deadLetters, consumer };
}
