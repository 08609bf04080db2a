/**
 * The job queue for screenshots, SEO and Lighthouse runs, its dead-letter queue, and the
 * Chromium worker that consumes it.
 */
import { jobsWorkerHandler } from "@portal/functions/routes";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { NODEJS_BUNDLING } from "./bundling";
import { Events } from "./Events";
import { grantsProps } from "./grants";
import { consumedQueue } from "./queues";
import { Storage } from "./Storage";

/** A Lighthouse run takes 15-30 s once Chromium is up; the rest is cold start and headroom. */
export const WORKER_TIMEOUT_SECONDS = 180;
/** Receives before a message goes to the dead-letter queue. */
export const MAX_RECEIVE_COUNT = 3;
/**
 * Chromium workers at once, at most (docs/security.md, "Background work"). The queue's event
 * source invokes no more than this many (maximumConcurrency), and the same number is reserved
 * for the worker: the queue cannot take the account's Lambda concurrency from the API, and the
 * event source is never throttled below its own maximum (a throttled delivery still counts
 * towards MAX_RECEIVE_COUNT). The account needs this many plus its 10 unreserved to spare.
 */
export const WORKER_CONCURRENCY = 5;

export function Jobs({ stack }: StackContext) {
  const { table, bucket, config } = use(Storage);
  const { queue: events } = use(Events);
  // Reads its jobs and writes their results; stores screenshots (and replaces old ones);
  // tells the customer's webhooks a run completed (events:send, docs/developer-api.md).
  const granted = grantsProps(["table:write", "screenshots:write", "events:send"], {
    table,
    bucket,
    config,
    events,
  });

  const worker = new LambdaFunction(stack, "JobsWorker", {
    handler: jobsWorkerHandler,
    // The @sparticuz/chromium npm package ships an x86_64 Chromium only (arm64 needs a separate
    // layer), so this function overrides the app's arm64 default.
    architecture: "x86_64",
    // Lighthouse scores depend on CPU, and Lambda gives CPU in proportion to memory.
    memorySize: "3008 MB",
    timeout: `${WORKER_TIMEOUT_SECONDS} seconds`,
    // Chromium unpacks itself into /tmp and Lighthouse writes traces there.
    diskSize: "2048 MB",
    reservedConcurrentExecutions: WORKER_CONCURRENCY,
    // SST replaces the app's default `nodejs` props rather than merging them: repeat them here.
    nodejs: {
      ...NODEJS_BUNDLING,
      // Installed as real node_modules next to the bundle instead of bundled: @sparticuz/chromium
      // reads its brotli-compressed binary from its own package folder, Lighthouse loads its
      // audits and locale files by path at run time, and puppeteer-core must be the same copy
      // Lighthouse drives. Versions come from packages/functions/package.json.
      install: ["@sparticuz/chromium", "lighthouse", "puppeteer-core"],
    },
    ...granted,
    bind: [
      config.parameters.S3_FORCE_PATH_STYLE,
      config.parameters.OUTBOUND_ALLOW_HOSTS,
      config.parameters.DNS_RESOLVER,
    ],
  });

  const { queue, deadLetters } = consumedQueue(stack, "Jobs", {
    consumer: worker,
    // One job per invocation: a failed Lighthouse run is retried alone, and the handler can
    // still report it through batchItemFailures instead of throwing.
    eventSource: {
      batchSize: 1,
      reportBatchItemFailures: true,
      maxConcurrency: WORKER_CONCURRENCY,
    },
    // AWS asks for at least six times the function timeout, so a message is not handed to a
    // second worker while the first (or a throttled retry of it) still runs.
    visibilityTimeoutSeconds: WORKER_TIMEOUT_SECONDS * 6,
    maxReceiveCount: MAX_RECEIVE_COUNT,
  });

  return { queue, deadLetters, worker };
}
