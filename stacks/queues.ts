/**
 * A queue read by one consumer function, with the dead-letter queue its redrive policy sends
 * what the consumer could not take (kept 14 days for someone to look at): the shape of the
 * Jobs, Events and PageViews queues. Construct ids are `<id>` and `<id>DeadLetters`.
 */
import type { aws_lambda_event_sources as sources } from "aws-cdk-lib";
import type { Construct } from "constructs";
import { type Function as LambdaFunction, Queue, toCdkDuration } from "sst/constructs";

export function consumedQueue(
  scope: Construct,
  id: string,
  options: {
    consumer: LambdaFunction;
    eventSource: sources.SqsEventSourceProps;
    visibilityTimeoutSeconds: number;
    /** Receives before a message moves to the dead-letter queue. */
    maxReceiveCount: number;
  },
) {
  // Only the queue's redrive policy refers to this queue: no function binds it.
  const deadLetters = new Queue(scope, `${id}DeadLetters`, {
    cdk: { queue: { retentionPeriod: toCdkDuration("14 days") } },
  });
  const queue = new Queue(scope, id, {
    consumer: { function: options.consumer, cdk: { eventSource: options.eventSource } },
    cdk: {
      queue: {
        visibilityTimeout: toCdkDuration(`${options.visibilityTimeoutSeconds} seconds`),
        deadLetterQueue: { queue: deadLetters.cdk.queue, maxReceiveCount: options.maxReceiveCount },
      },
    },
  });
  return { queue, deadLetters };
}
