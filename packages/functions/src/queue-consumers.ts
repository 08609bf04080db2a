/**
 * THE queue-consumer table: for each SQS queue, the function that consumes it and how its event
 * source feeds it (batch size, batching window, consumers at once), how long a message stays
 * invisible while it runs, and how many receives it gets before the dead-letter queue. Read by
 * the stacks that make the queues (stacks/queues.ts `consumedQueue`) and by the local stack
 * (packages/devstack/src/services.ts), so a setting is written here once and both follow it
 * (tests/infra/queue-consumers.test.ts holds them to it).
 */
import { SENDER_CONCURRENCY, SENDER_TIMEOUT_SECONDS } from "@portal/core/developer/sender-limits";
import {
  deploymentsConsumer,
  jobsWorkerHandler,
  mailFeedbackConsumer,
  notificationsWorkerHandler,
  pageViewsConsumer,
  privacyJobsConsumer,
  webhooksWorkerHandler,
} from "./routes";
import {
  BROWSER_TIMEOUT_SECONDS,
  DEFAULT_MAX_RECEIVE_COUNT,
  JOBS_WORKER_TIMEOUT_SECONDS,
} from "./workers/job-settings";

export interface QueueConsumer {
  /** The consuming function's handler. */
  handler: string;
  /** The consuming function's Lambda timeout. */
  timeoutSeconds: number;
  /** Messages per invocation at most (the event source's BatchSize). */
  batchSize: number;
  /** How long a batch may wait to fill (MaximumBatchingWindowInSeconds); none when absent. */
  batchWindowSeconds?: number;
  /** Invocations at once at most (the event source's ScalingConfig.MaximumConcurrency). */
  maxConcurrency: number;
  /** Receives before a message moves to the dead-letter queue (the redrive policy). */
  maxReceiveCount: number;
  /** The consumer answers which messages of a batch failed (ReportBatchItemFailures). */
  reportBatchItemFailures: boolean;
}

/** The browser function's Lambda timeout (workers/job-settings.ts). */
export { BROWSER_TIMEOUT_SECONDS };

/** Receives of a page-view message before the dead-letter queue (PageViews below). */
export const PAGE_VIEWS_RECEIVES = 5;

export const QUEUE_CONSUMERS = {
  /**
   * Screenshots, SEO and Lighthouse runs, review screenshots and report PDFs (stacks/Jobs.ts).
   * One job per invocation: a failed run is retried alone. At most five at once
   * (docs/security.md, "Background work"): each worker runs one browser at a time, so at most
   * five browsers run too, and one customer's jobs hold at most two of them
   * (core/browser/worker-share.ts).
   */
  Jobs: {
    handler: jobsWorkerHandler,
    timeoutSeconds: JOBS_WORKER_TIMEOUT_SECONDS,
    batchSize: 1,
    maxConcurrency: 5,
    maxReceiveCount: DEFAULT_MAX_RECEIVE_COUNT,
    reportBatchItemFailures: true,
  },
  /**
   * Domain events to mails and webhook deliveries (stacks/Events.ts, docs/notifications.md). One
   * mail is one SES call. A few events per invocation, a failed one retried alone; two consumers
   * at once (SQS's smallest cap) stay near SES's sending rate instead of starting hundreds of
   * parallel sends that SES would throttle until the events ran out of receives. Five receives:
   * SES throttling is retried.
   */
  Events: {
    handler: notificationsWorkerHandler,
    timeoutSeconds: 30,
    batchSize: 10,
    maxConcurrency: 2,
    maxReceiveCount: 5,
    reportBatchItemFailures: true,
  },
  /**
   * One webhook attempt per invocation, few senders at once (docs/developer-api.md, "Fair
   * sharing and limits"). A receiver's failure is no failed receive (the retry is a new, delayed
   * message); only a crash of the sender is.
   */
  WebhookDeliveries: {
    handler: webhooksWorkerHandler,
    timeoutSeconds: SENDER_TIMEOUT_SECONDS,
    batchSize: 1,
    maxConcurrency: SENDER_CONCURRENCY,
    maxReceiveCount: 3,
    reportBatchItemFailures: true,
  },
  /**
   * Page views in batches (docs/analytics.md, "Write path"). Five receives: each message's
   * "counted" marker (core/analytics/counted-marker.ts) makes a message that comes back (its
   * invocation throttled, crashed or timed out part-way) count once, so a burst that throttles
   * the consumer waits on the queue instead of going to the dead-letter queue. Only a message
   * whose marker could not be written is handed back on its own.
   */
  PageViews: {
    handler: pageViewsConsumer.handler,
    timeoutSeconds: pageViewsConsumer.timeoutSeconds,
    batchSize: pageViewsConsumer.batchSize,
    batchWindowSeconds: pageViewsConsumer.batchWindowSeconds,
    maxConcurrency: pageViewsConsumer.maxConcurrency,
    maxReceiveCount: PAGE_VIEWS_RECEIVES,
    reportBatchItemFailures: true,
  },
  /** Data exports and account erasures (docs/privacy.md), one job per invocation. */
  PrivacyJobs: {
    handler: privacyJobsConsumer.handler,
    timeoutSeconds: privacyJobsConsumer.timeoutSeconds,
    batchSize: 1,
    maxConcurrency: privacyJobsConsumer.maxConcurrency,
    maxReceiveCount: privacyJobsConsumer.maxReceiveCount,
    reportBatchItemFailures: true,
  },
  /**
   * Hosted sites' deployments (docs/hosting.md "Queue and worker"): one zip per invocation, a
   * failed build retried alone; two at once.
   */
  Deployments: {
    handler: deploymentsConsumer.handler,
    timeoutSeconds: deploymentsConsumer.timeoutSeconds,
    batchSize: 1,
    maxConcurrency: deploymentsConsumer.maxConcurrency,
    maxReceiveCount: deploymentsConsumer.maxReceiveCount,
    reportBatchItemFailures: true,
  },
  /**
   * SES's bounces and complaints, raw from the configuration set's topic (stacks/mail-feedback.ts,
   * docs/notifications.md "Bounces and complaints"). A few per invocation, a failed one retried.
   */
  MailFeedback: {
    handler: mailFeedbackConsumer.handler,
    timeoutSeconds: mailFeedbackConsumer.timeoutSeconds,
    batchSize: 10,
    maxConcurrency: 2,
    maxReceiveCount: mailFeedbackConsumer.maxReceiveCount,
    reportBatchItemFailures: true,
  },
} as const satisfies Record<string, QueueConsumer>;

export type ConsumedQueueId = keyof typeof QUEUE_CONSUMERS;

/** The table's row for a queue, or a clear error naming the table when it has none. */
export function consumerOf(queueId: string): QueueConsumer {
  if (!Object.hasOwn(QUEUE_CONSUMERS, queueId)) {
    throw new Error(
      `The queue "${queueId}" has no row in the consumer table (packages/functions/src/queue-consumers.ts): add one there`,
    );
  }
  return QUEUE_CONSUMERS[queueId as ConsumedQueueId];
}

/**
 * How long a received message stays invisible: six times the consumer's timeout plus its batching
 * window (AWS's advice), so a message is not handed to a second consumer while the first, or a
 * throttled retry of it, still runs.
 */
export function visibilityTimeoutSeconds(consumer: QueueConsumer): number {
  return (consumer.timeoutSeconds + (consumer.batchWindowSeconds ?? 0)) * 6;
}
