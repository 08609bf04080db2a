/**
 * The job queue for screenshots, SEO and Lighthouse runs, its dead-letter queue, the jobs
 * worker that consumes it, and the browser function the worker invokes for each run
 * (docs/security.md, "The audit browser"): the worker holds the keys and no browser, the
 * browser holds a browser and no keys.
 */

import { BROWSER_TIMEOUT_SECONDS, QUEUE_CONSUMERS } from "@portal/functions/queue-consumers";
import { browserHandler, monthlyReportsWorkerHandler } from "@portal/functions/routes";
import { WORKER_GRANTS } from "@portal/functions/worker-grants";
import { aws_lambda_destinations as destinations, aws_iam as iam } from "aws-cdk-lib";
import { Cron, Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { BROWSER_RUNTIME_PACKAGES, installBrowserRuntime } from "./browser-runtime";
import { NODEJS_BUNDLING } from "./bundling";
import { workerReservedConcurrency } from "./Config";
import { Events } from "./Events";
import { grantsProps } from "./grants";
import { consumedQueue } from "./queues";
import { Storage } from "./Storage";

// The browser's and the worker's timeouts, the receives and the jobs at once are the Jobs row
// of the consumer table (packages/functions/src/queue-consumers.ts), named here for the stacks,
// alarms and checks that read them.
export { BROWSER_TIMEOUT_SECONDS };
/** The worker waits for the browser, then has a few seconds to record the outcome. */
export const WORKER_TIMEOUT_SECONDS = QUEUE_CONSUMERS.Jobs.timeoutSeconds;
/** Receives before a message goes to the dead-letter queue. */
export const MAX_RECEIVE_COUNT = QUEUE_CONSUMERS.Jobs.maxReceiveCount;
/**
 * Jobs at once, at most (docs/security.md, "Background work"): the queue's event source invokes
 * no more workers than this (maximumConcurrency; Lambda's minimum is 2), and each worker runs
 * one browser at a time, so at most this many browsers run too. No concurrency is reserved
 * unless the stage asks for it (WORKER_RESERVED_CONCURRENCY, stacks/Config.ts).
 */
export const WORKER_CONCURRENCY = QUEUE_CONSUMERS.Jobs.maxConcurrency;

export function Jobs({ stack, app }: StackContext) {
  const { table, bucket, config } = use(Storage);
  const { queue: events, failedScheduledRuns } = use(Events);

  // No statement, no managed policy, no binding: the role's temporary keys, which Lambda puts
  // in every function's environment, open nothing. Not even CloudWatch Logs: what a run
  // printed reaches the worker in the invoke's answer, and Lambda's metrics need no grant.
  const browserRole = new iam.Role(stack, "BrowserRole", {
    assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com"),
    description: "The audit browser: grants nothing (docs/security.md, The audit browser)",
  });
  const browser = new LambdaFunction(stack, "Browser", {
    handler: browserHandler,
    role: browserRole,
    // SST turns X-Ray on by default, which adds xray:Put* to the role: the browser sends none.
    tracing: "disabled",
    // The @sparticuz/chromium npm package ships an x86_64 Chromium only (arm64 needs a separate
    // layer), so this function overrides the app's arm64 default.
    architecture: "x86_64",
    // Lighthouse scores depend on CPU, and Lambda gives CPU in proportion to memory.
    memorySize: "3008 MB",
    timeout: `${BROWSER_TIMEOUT_SECONDS} seconds`,
    // Chromium unpacks itself into /tmp and Lighthouse writes traces there.
    diskSize: "2048 MB",
    // SST replaces the app's default `nodejs` props rather than merging them: repeat them here.
    nodejs: {
      ...NODEJS_BUNDLING,
      esbuild: {
        ...NODEJS_BUNDLING.esbuild,
        external: [...NODEJS_BUNDLING.esbuild.external, ...BROWSER_RUNTIME_PACKAGES],
      },
    },
    // Installed from packages/browser-runtime's lock (browser-runtime.ts). Only when deploying:
    // `sst dev` links the bundle folder's node_modules to the workspace's.
    hooks:
      app.mode === "deploy"
        ? { afterBuild: (_props, out) => installBrowserRuntime(out) }
        : undefined,
  });

  // The worker sends to its own queue (a job whose customer's share of the workers is in use
  // goes back for later, docs/security.md "Background work"), so it is attached after.
  const { queue, deadLetters, attach } = consumedQueue(stack, "Jobs");

  // Reads its jobs and writes their results; stores screenshots (and replaces old ones);
  // tells the customer's webhooks a run completed (events:send, docs/developer-api.md); puts
  // jobs back (jobs:send).
  const granted = grantsProps(WORKER_GRANTS.JobsWorker.grants, {
    table,
    bucket,
    config,
    events,
    queue,
  });
  const worker = new LambdaFunction(stack, "JobsWorker", {
    handler: QUEUE_CONSUMERS.Jobs.handler,
    // It waits for the browser and writes a few items: no Chromium, so the app's arm64
    // default and a small size.
    memorySize: "512 MB",
    timeout: `${WORKER_TIMEOUT_SECONDS} seconds`,
    reservedConcurrentExecutions: workerReservedConcurrency(WORKER_CONCURRENCY),
    ...granted,
    environment: {
      ...granted.environment,
      // What SST's binding would set (Function.Browser.functionName), without its lambda:*.
      SST_Function_functionName_Browser: browser.functionName,
    },
    permissions: [
      ...(Array.isArray(granted.permissions) ? granted.permissions : []),
      new iam.PolicyStatement({
        actions: ["lambda:InvokeFunction"],
        resources: [browser.functionArn],
      }),
    ],
    bind: [
      ...(granted.bind ?? []),
      config.parameters.S3_FORCE_PATH_STYLE,
      config.parameters.OUTBOUND_ALLOW_HOSTS,
      config.parameters.DNS_RESOLVER,
      // The monthly report's PDF names the product (core/reports/pdf-job.ts).
      config.parameters.PRODUCT_NAME,
    ],
  });

  // One job per invocation: a failed Lighthouse run is retried alone, and the handler can
  // still report it through batchItemFailures instead of throwing.
  attach(worker);

  const monthlyReports = monthlyReportsSchedule(stack, {
    grants: grantsProps(WORKER_GRANTS.MonthlyReports.grants, {
      table,
      bucket,
      config,
      events,
      queue,
    }),
  });
  if (app.mode !== "dev") {
    // As the other schedules (stacks/Events.ts): a run that still fails after Lambda's retries
    // lands on the failed-runs queue, which is alarmed.
    monthlyReports.jobFunction.configureAsyncInvoke({
      onFailure: new destinations.SqsDestination(failedScheduledRuns.cdk.queue),
    });
  }

  return { queue, deadLetters, worker, browser, monthlyReports };
}

/**
 * The monthly care report run (docs/reports.md, "The monthly run"): every hour of the first day
 * of each month (UTC). The first invocation does the work; each handles at most
 * REPORT_SITES_PER_RUN sites and keeps a cursor, so the later ones finish a long list and then
 * find the month done.
 */
export const MONTHLY_REPORTS_SCHEDULE = "cron(0 * 1 * ? *)";
/** A site is a dozen reads, a write, a queued PDF and an event: 200 fit well within this. */
export const MONTHLY_REPORTS_TIMEOUT_SECONDS = 300;

/**
 * Reads live sites, their owners and a month of stored data and writes the frozen report and
 * its "sent" marker (table:write), queues the PDFs (jobs:send), emits the mails (events:send).
 */
function monthlyReportsSchedule(
  stack: StackContext["stack"],
  { grants }: { grants: ReturnType<typeof grantsProps> },
) {
  return new Cron(stack, "MonthlyReports", {
    schedule: MONTHLY_REPORTS_SCHEDULE,
    job: {
      function: {
        handler: monthlyReportsWorkerHandler,
        timeout: `${MONTHLY_REPORTS_TIMEOUT_SECONDS} seconds`,
        ...grants,
      },
    },
  });
}
