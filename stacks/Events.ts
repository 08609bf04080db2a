/**
 * Domain events (docs/notifications.md): the Events queue that the core emits to, its
 * dead-letter queue, and the notifications consumer that turns events into mails through SES
 * and into deliveries on the WebhookDeliveries queue, whose sender posts them to customers'
 * endpoints (docs/developer-api.md). Routes that emit get the `events:send` grant through their
 * records (routes.ts).
 */

import { QUEUE_CONSUMERS } from "@portal/functions/queue-consumers";
import { siteDeletionsWorkerHandler, uptimeWorkerHandler } from "@portal/functions/routes";
import { WORKER_GRANTS } from "@portal/functions/worker-grants";
import { aws_lambda_destinations as destinations } from "aws-cdk-lib";
import {
  Cron,
  Function as LambdaFunction,
  Queue,
  type StackContext,
  toCdkDuration,
  use,
} from "sst/constructs";
import { grantsProps } from "./grants";
import { mailFeedback } from "./mail-feedback";
import { consumedQueue } from "./queues";
import { Storage } from "./Storage";

// The Events and WebhookDeliveries queues' settings are their rows of the consumer table
// (packages/functions/src/queue-consumers.ts, which says why each is what it is), named here
// for the alarms and checks that read them.
/** One mail is one SES call; the rest is a cold start and headroom. */
export const NOTIFICATIONS_TIMEOUT_SECONDS = QUEUE_CONSUMERS.Events.timeoutSeconds;
/**
 * Notification consumers at once, at most: SQS's smallest cap. Each handles its batch one event
 * at a time, so two stay near SES's sending rate (14 mails a second for a new production
 * account) instead of the hundreds of parallel sends an uncapped queue would start for a burst
 * of events, which SES would throttle until the events ran out of receives and dead-lettered.
 * What two still send too fast is throttled and retried (docs/notifications.md).
 */
export const NOTIFICATIONS_CONCURRENCY = QUEUE_CONSUMERS.Events.maxConcurrency;
/** Receives before an event goes to the dead-letter queue (SES throttling is retried). */
export const EVENTS_MAX_RECEIVE_COUNT = QUEUE_CONSUMERS.Events.maxReceiveCount;
/** How often every live site is checked (docs/monitoring.md). */
export const UPTIME_SCHEDULE = "rate(5 minutes)";
/** A run checks sites eight at a time, each given 10 s twice (certificate, then the page). */
export const UPTIME_TIMEOUT_SECONDS = 240;
/** How often sites past their grace period are deleted (docs/billing.md "When a subscription ends"). */
export const SITE_DELETIONS_SCHEDULE = "rate(1 hour)";
/** Each due customer is a Stripe read and a few deletes per site; a few a day are due. */
export const SITE_DELETIONS_TIMEOUT_SECONDS = 300;
/**
 * One attempt per invocation; its POST ends within POST_DEADLINE_MS (10 s) whatever the
 * receiver does, leaving the rest to log and settle it (core/developer/sender-limits.ts).
 */
export const WEBHOOKS_TIMEOUT_SECONDS = QUEUE_CONSUMERS.WebhookDeliveries.timeoutSeconds;
/**
 * Receives of one attempt before it goes to the dead-letter queue. A receiver's failure is no
 * failed receive (the retry is a new, delayed message); only a crash of the sender is.
 */
export const WEBHOOKS_MAX_RECEIVE_COUNT = QUEUE_CONSUMERS.WebhookDeliveries.maxReceiveCount;
/**
 * Senders at once: a slow receiver must not take the account's Lambda concurrency. Each
 * customer holds at most MAX_IN_FLIGHT_PER_CUSTOMER of them (docs/developer-api.md).
 */
export const WEBHOOKS_CONCURRENCY = QUEUE_CONSUMERS.WebhookDeliveries.maxConcurrency;

export function Events({ stack, app }: StackContext) {
  const { table, bucket, config, settings } = use(Storage);

  // Made before the notifications consumer, which queues deliveries on it; its sender, which
  // also emits to the events queue, is attached below. One attempt per invocation, and few
  // senders at once.
  const {
    queue: webhooks,
    deadLetters: webhookDeadLetters,
    attach: attachSender,
  } = consumedQueue(stack, "WebhookDeliveries");

  // Claims event ids and reads the user (table:write), sends the mail, signs the unsubscribe
  // link, and queues the customer's webhook deliveries (webhooks:send).
  const granted = grantsProps(WORKER_GRANTS.Notifications.grants, {
    table,
    bucket,
    config,
    mail: settings.mail,
    webhooks,
  });

  const consumer = new LambdaFunction(stack, "Notifications", {
    handler: QUEUE_CONSUMERS.Events.handler,
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

  // A few events per invocation; a failed one is retried alone (batchItemFailures).
  const { queue, deadLetters } = consumedQueue(stack, "Events", { consumer });

  // Uptime and certificate checks of every live site (docs/monitoring.md): reads live sites
  // and writes their monitor items and daily counts (table:write), emits site.down,
  // site.recovered and site.certificate_expiring to the queue above (events:send).
  const uptimeGrants = grantsProps(WORKER_GRANTS.UptimeChecks.grants, {
    table,
    bucket,
    config,
    events: queue,
  });
  const uptime = new Cron(stack, "UptimeChecks", {
    schedule: UPTIME_SCHEDULE,
    job: {
      function: {
        handler: uptimeWorkerHandler,
        timeout: `${UPTIME_TIMEOUT_SECONDS} seconds`,
        ...uptimeGrants,
        bind: [...(uptimeGrants.bind ?? []), config.parameters.OUTBOUND_ALLOW_HOSTS],
      },
    },
  });

  // Deletion of sites whose grace period is over: reads the due customers and erases their
  // sites (table:write), their screenshots (screenshots:write, which includes the listing a
  // prefix delete needs), asks Stripe once more first (stripe and the price parameters) and
  // mails through the queue above (events:send).
  const deletionGrants = grantsProps(WORKER_GRANTS.SiteDeletions.grants, {
    table,
    bucket,
    config,
    events: queue,
  });
  const siteDeletions = new Cron(stack, "SiteDeletions", {
    schedule: SITE_DELETIONS_SCHEDULE,
    job: {
      function: {
        handler: siteDeletionsWorkerHandler,
        timeout: `${SITE_DELETIONS_TIMEOUT_SECONDS} seconds`,
        ...deletionGrants,
        bind: [...(deletionGrants.bind ?? []), ...Object.values(config.parameters)],
      },
    },
  });

  // EventBridge invokes the schedules asynchronously: a run that still fails after Lambda's two
  // retries would be dropped without a trace. It lands here instead (the event and the error),
  // kept 14 days like a dead-letter queue and alarmed like one (stacks/Monitoring.ts,
  // docs/operations.md).
  const failedScheduledRuns = new Queue(stack, "FailedScheduledRuns", {
    cdk: { queue: { retentionPeriod: toCdkDuration("14 days") } },
  });
  // Under `sst dev` the runs execute on the developer's machine, and SST configures their
  // asynchronous invocation itself (no retries); a function takes only one such configuration.
  if (app.mode !== "dev") {
    for (const schedule of [uptime, siteDeletions]) {
      schedule.jobFunction.configureAsyncInvoke({
        onFailure: new destinations.SqsDestination(failedScheduledRuns.cdk.queue),
      });
    }
  }

  // The webhook sender: reads the endpoint and logs each attempt (table:write), queues the
  // next try (webhooks:send), and tells the customer when it turns an endpoint off
  // (events:send). Outbound through the guard, like the uptime checks.
  const senderGrants = grantsProps(WORKER_GRANTS.WebhookSender.grants, {
    table,
    bucket,
    config,
    events: queue,
    webhooks,
  });
  const sender = new LambdaFunction(stack, "WebhookSender", {
    handler: QUEUE_CONSUMERS.WebhookDeliveries.handler,
    timeout: `${WEBHOOKS_TIMEOUT_SECONDS} seconds`,
    ...senderGrants,
    bind: [...(senderGrants.bind ?? []), config.parameters.OUTBOUND_ALLOW_HOSTS],
  });
  attachSender(sender);

  // SES's bounces and complaints turn mail to an address off (docs/notifications.md).
  const feedback = mailFeedback(stack, { table, bucket, config }, settings.mail);

  return {
    queue,
    deadLetters,
    consumer,
    mailFeedback: feedback,
    uptime,
    siteDeletions,
    failedScheduledRuns,
    webhooks,
    webhookDeadLetters,
    sender,
  };
}
