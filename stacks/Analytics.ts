/**
 * The page-view write path (docs/analytics.md "Write path"): the PageViews queue the collect
 * route sends accepted views to (its `page-views:send` grant), its dead-letter queue, and the
 * consumer that adds a batch of views to the counters in one small write per counter. Batch
 * settings come from the consumer table (packages/functions/src/queue-consumers.ts), which the
 * local stack reads too.
 */

import { QUEUE_CONSUMERS } from "@portal/functions/queue-consumers";
import { WORKER_GRANTS } from "@portal/functions/worker-grants";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { grantsProps } from "./grants";
import { consumedQueue } from "./queues";
import { Storage } from "./Storage";

export function Analytics({ stack }: StackContext) {
  const { table, bucket, config } = use(Storage);
  const granted = grantsProps(WORKER_GRANTS.PageViewsConsumer.grants, {
    table,
    bucket,
    config,
  });

  const consumer = new LambdaFunction(stack, "PageViewsConsumer", {
    handler: QUEUE_CONSUMERS.PageViews.handler,
    timeout: `${QUEUE_CONSUMERS.PageViews.timeoutSeconds} seconds`,
    ...granted,
  });

  const { queue, deadLetters } = consumedQueue(stack, "PageViews", { consumer });

  return { queue, deadLetters, consumer };
}
