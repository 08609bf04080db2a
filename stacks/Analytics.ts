/**
 * The page-view write path (docs/analytics.md "Write path"): the PageViews queue the collect
 * route sends accepted views to (its `page-views:send` grant), its dead-letter queue, and the
 * consumer that adds a batch of views to the counters in one small write per counter. Batch
 * settings come from packages/functions/src/routes.ts, which the local stack reads too.
 */
import { pageViewsConsumer, pageViewsVisibilityTimeoutSeconds } from "@portal/functions/routes";
import { Function as LambdaFunction, type StackContext, toCdkDuration, use } from "sst/constructs";
import { grantsProps } from "./grants";
import { consumedQueue } from "./queues";
import { Storage } from "./Storage";

export function Analytics({ stack }: StackContext) {
  const { table, bucket, config } = use(Storage);
  const granted = grantsProps(["table:count-views"], { table, bucket, config });

  const consumer = new LambdaFunction(stack, "PageViewsConsumer", {
    handler: pageViewsConsumer.handler,
    timeout: `${pageViewsConsumer.timeoutSeconds} seconds`,
    ...granted,
  });

  const { queue, deadLetters } = consumedQueue(stack, "PageViews", {
    consumer,
    eventSource: {
      batchSize: pageViewsConsumer.batchSize,
      maxBatchingWindow: toCdkDuration(`${pageViewsConsumer.batchWindowSeconds} seconds`),
      maxConcurrency: pageViewsConsumer.maxConcurrency,
    },
    // At least six times the consumer's timeout and its batching window (AWS's advice).
    visibilityTimeoutSeconds: pageViewsVisibilityTimeoutSeconds,
    // One receive only: the consumer never fails a batch on purpose, so a batch that comes back
    // had a crash or a timeout part-way, and counting it again could count it twice. What lands
    // in the dead-letter queue was never counted.
    maxReceiveCount: 1,
  });

  return { queue, deadLetters, consumer };
}
