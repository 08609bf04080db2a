/**
 * The customer's own data (docs/privacy.md): the PrivacyJobs queue, its dead-letter queue
 * (alarmed like every consumedQueue), and the consumer that builds a customer's export into the
 * private bucket under exports/ (mailing the link through the Events queue) or erases their
 * account. The API's routes queue jobs through their records' `privacy-jobs:send` grant.
 */

import { QUEUE_CONSUMERS } from "@portal/functions/queue-consumers";
import { WORKER_GRANTS } from "@portal/functions/worker-grants";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { Events } from "./Events";
import { grantsProps } from "./grants";
import { consumedQueue } from "./queues";
import { Storage } from "./Storage";

/** What the consumer may do: its row of packages/functions/src/worker-grants.ts. */
export const PRIVACY_JOBS_GRANTS = WORKER_GRANTS.PrivacyJobs.grants;

export function Privacy({ stack }: StackContext) {
  const { table, bucket, config } = use(Storage);
  const { queue: events } = use(Events);
  const granted = grantsProps(PRIVACY_JOBS_GRANTS, { table, bucket, config, events });
  const consumer = new LambdaFunction(stack, "PrivacyJobsConsumer", {
    handler: QUEUE_CONSUMERS.PrivacyJobs.handler,
    timeout: `${QUEUE_CONSUMERS.PrivacyJobs.timeoutSeconds} seconds`,
    // The whole archive is built in memory before one PutObject.
    memorySize: "1024 MB",
    ...granted,
    bind: [...(granted.bind ?? []), ...Object.values(config.parameters)],
  });
  const { queue: privacyJobs, deadLetters: privacyJobsDeadLetters } = consumedQueue(
    stack,
    "PrivacyJobs",
    { consumer },
  );
  return { privacyJobs, privacyJobsDeadLetters, privacyJobsConsumer: consumer };
}
