/**
 * Domain events (docs/notifications.md): the Events queue that the core emits to, its
 * dead-letter queue, and the notifications consumer that turns events into mails through SES.
 * Routes that emit get the `events:send` grant through their records (routes.ts).
 */
import { notificationsWorkerHandler } from "@portal/functions/routes";
import {
  Function as LambdaFunction,
  Queue,
  type StackContext,
  toCdkDuration,
  use,
} from "sst/constructs";
import { grantsProps } from "./grants";
import { Storage } from "./Storage";

/** One mail is one SES call; the rest is a cold start and headroom. */
export const NOTIFICATIONS_TIMEOUT_SECONDS = 30;
/** Receives before an event goes to the dead-letter queue (SES throttling is retried). */
export const EVENTS_MAX_RECEIVE_COUNT = 5;

export function Events({ stack }: StackContext) {
  const { table, bucket, config, settings } = use(Storage);
  // Claims event ids and reads the user (table:write), sends the mail, signs the unsubscribe link.
  const granted = grantsProps(["table:write", "mail:send", "mail:unsubscribe-key"], {
    table,
    bucket,
    config,
    mail: settings.mail,
  });

  const consumer = new LambdaFunction(stack, "Notifications", {
    handler: notificationsWorkerHandler,
    timeout: `${NOTIFICATIONS_TIMEOUT_SECONDS} seconds`,
    ...granted,
    bind: [
      ...(granted.bind ?? []),
      config.parameters.APP_URL,
      config.parameters.MAIL_FROM,
      config.parameters.SES_CONFIGURATION_SET,
      config.parameters.PRODUCT_NAME,
    ],
  });

  const deadLetters = new Queue(stack, "EventsDeadLetters", {
    cdk: { queue: { retentionPeriod: toCdkDuration("14 days") } },
  });

  const queue = new Queue(stack, "Events", {
    consumer: {
      function: consumer,
      cdk: {
        // A few events per invocation; a failed one is retried alone (batchItemFailures).
        eventSource: { batchSize: 10, reportBatchItemFailures: true },
      },
    },
    cdk: {
      queue: {
        visibilityTimeout: toCdkDuration(`${NOTIFICATIONS_TIMEOUT_SECONDS * 6} seconds`),
        deadLetterQueue: {
          queue: deadLetters.cdk.queue,
          maxReceiveCount: EVENTS_MAX_RECEIVE_COUNT,
        },
      },
    },
  });

  return { queue, deadLetters, consumer };
}
