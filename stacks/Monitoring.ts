/**
 * How the operator hears of trouble (docs/operations.md): one SNS topic (ALARM_EMAIL is
 * subscribed to it), CloudWatch alarms that tell it when they go off and when they recover, and
 * one dashboard with the same figures. Also where every function's logs go: one log group per
 * function group and stack, kept LOG_RETENTION_DAYS, instead of a log group per function that is
 * kept forever.
 *
 * The stack finds what it watches in the app instead of being told: every queue's dead-letter
 * queue, every HTTP API, every function. A queue made later through consumedQueue
 * (stacks/queues.ts) is alarmed without an edit here, and a function that fits no group stops
 * synthesis until it is given one (FUNCTION_GROUPS below).
 */
import {
  aws_cloudwatch_actions as actions,
  CfnResource,
  aws_cloudwatch as cloudwatch,
  Duration,
  aws_lambda as lambda,
  aws_logs as logs,
  Stack,
  aws_sns as sns,
  aws_sqs as sqs,
  aws_sns_subscriptions as subscriptions,
} from "aws-cdk-lib";
import type { IConstruct } from "constructs";
import {
  type App,
  Cron,
  Api as HttpApi,
  Queue,
  Function as SstFunction,
  type StackContext,
  use,
} from "sst/constructs";
import { readOperationsSettings } from "./Config";
import { Events } from "./Events";
import { Hosting } from "./Hosting";
import { Jobs, WORKER_TIMEOUT_SECONDS } from "./Jobs";
import { Web } from "./Web";
import { Webhooks } from "./Webhooks";

/**
 * The groups functions are watched in, by what invokes them. Each has one failed-invocations
 * alarm and shares one log group per stack. `Deployment` holds the custom-resource handlers
 * CDK and SST add to stacks: a failure there fails the deploy in front of whoever runs it, so
 * it has a log group but no alarm.
 */
export const FUNCTION_GROUPS = {
  ApiRoutes: "API routes (one function per route, stacks/Api.ts)",
  QueueConsumers: "queue consumers (notifications, webhook sender, page views)",
  Schedules: "scheduled runs (uptime checks, site deletions, monthly reports)",
  StripeWebhook: "the Stripe webhook (stacks/Webhooks.ts)",
  ChromiumWorker: "the Chromium worker (stacks/Jobs.ts)",
  Deployment: "custom-resource handlers that run during deploys",
} as const;
export type FunctionGroup = keyof typeof FUNCTION_GROUPS;

/** Groups whose failed invocations are alarmed (all but Deployment). */
export const ALARMED_FUNCTION_GROUPS = Object.keys(FUNCTION_GROUPS).filter(
  (group) => group !== "Deployment",
) as Exclude<FunctionGroup, "Deployment">[];

/**
 * Lambda's JSON log format ends every invocation with a `platform.report` record whose
 * `record.status` is "success", or says how it failed ("error", "failure", "timeout"). Counting
 * the others in a group's log groups gives the group's failed invocations in one metric,
 * however many functions it has, where CloudWatch metric math could add up at most 10
 * per-function metrics in an alarm.
 */
export const FAILED_INVOCATION_PATTERN = logs.FilterPattern.all(
  logs.FilterPattern.stringValue("$.type", "=", "platform.report"),
  logs.FilterPattern.stringValue("$.record.status", "!=", "success"),
);

/**
 * Failures the functions answer or record themselves, which no invocation metric sees (the
 * function succeeded): counted from the records they log, in the log groups of `group`, into
 * the stage's namespace. Each is alarmed from its first occurrence, at any traffic.
 */
export const RECORD_METRICS = {
  /** An API route answered a handled JSON 500 (the request log line, api/frame.ts). */
  ApiHandled500s: {
    group: "ApiRoutes",
    pattern: logs.FilterPattern.numberValue("$.status", "=", 500),
  },
  /**
   * The Stripe webhook failed a delivery it answered itself (webhooks/stripe.ts): its handler
   * threw (500), or the signature did not verify (a wrong STRIPE_WEBHOOK_SECRET fails every
   * delivery that way). A delivery without any signature (a scanner, `npm run smoke`) is not one.
   */
  StripeWebhookFailureRecords: {
    group: "StripeWebhook",
    pattern: logs.FilterPattern.all(
      logs.FilterPattern.stringValue("$.route", "=", "stripe-webhook"),
      logs.FilterPattern.any(
        logs.FilterPattern.numberValue("$.status", "=", 500),
        logs.FilterPattern.stringValue("$.msg", "=", "bad signature"),
      ),
    ),
  },
  /**
   * SES refused a mail (core/notifications/deliver.ts records the event `rejected`): in SES's
   * sandbox every mail to an unverified address is.
   */
  MailRejected: {
    group: "QueueConsumers",
    pattern: logs.FilterPattern.all(
      logs.FilterPattern.stringValue("$.msg", "=", "domain event handled"),
      logs.FilterPattern.stringValue("$.outcome", "=", "rejected"),
    ),
  },
} as const satisfies Record<string, { group: FunctionGroup; pattern: logs.IFilterPattern }>;
export type RecordMetric = keyof typeof RECORD_METRICS;

/** Thresholds of the alarms (docs/operations.md says what each means and what to do). */
export const THRESHOLDS = {
  /** Share of API requests answered 5xx, in percent, over 5 minutes (with ≥ 10 requests). */
  apiServerErrorPercent: 5,
  /** 99th percentile of API Gateway's latency, in milliseconds (functions stop at 29 s). */
  apiP99LatencyMs: 5_000,
  /** Share of the Chromium worker's timeout its longest run may take before it is reported. */
  workerDurationShareOfTimeout: 0.8,
  /** SES puts an account under review at a 5 % bounce rate and 0.1 % complaint rate. */
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
  /** Share of viewer requests CloudFront answered 5xx, in percent, over 5 minutes. */
  cloudFront5xxPercent: 5,
  /** Deployments that failed to build in an hour before the team is told (docs/hosting.md). */
  deploymentsFailedPerHour: 3,
} as const;

const FIVE_MINUTES = Duration.minutes(5);

/** The headings of docs/operations.md that each alarm's description points to. */
export const RUNBOOK = {
  deadLetters: "A dead-letter queue is not empty",
  api5xx: "API 5xx rate",
  apiLatency: "API p99 latency",
  failures: "Failed invocations of a function group",
  throttles: "Lambda throttles",
  workerDuration: "Chromium worker duration near its timeout",
  ses: "SES bounce and complaint rates",
  cloudFront: "CloudFront 5xx rate",
  apiHandled500s: "Handled API 500s",
  stripeWebhook: "Stripe webhook failed deliveries",
  mailRejected: "Mail rejected by SES",
  hosting5xx: "Hosted sites 5xx rate",
  deploymentsFailed: "Deployments failing to build",
  certificatesStuck: "Custom-domain certificates stuck in validation",
} as const;

/**
 * Metrics the code publishes itself, in the stage's namespace, through CloudWatch's embedded
 * metric format (packages/core/src/adapters/metrics.ts): a log line, no grant.
 */
export const HOSTING_METRICS = {
  /** One per deployment the worker marks failed (a refused zip or a crash). */
  deploymentsFailed: "DeploymentsFailed",
  /** Custom domains whose certificate has waited longer than the check allows (hourly). */
  certificatesStuck: "CertificatesStuck",
} as const;

/** The metric namespace a stage's own metrics (failed invocations per group) are published in. */
export const metricNamespace = (app: Pick<App, "name" | "stage">) => `${app.name}/${app.stage}`;
export const failedInvocationsMetricName = (group: FunctionGroup) => `${group}FailedInvocations`;

/** Every dead-letter queue in the app: the queues some queue's redrive policy sends to. */
export function deadLetterQueues(scope: IConstruct): sqs.IQueue[] {
  const found = new Set<sqs.IQueue>();
  for (const construct of scope.node.findAll()) {
    if (construct instanceof sqs.Queue && construct.deadLetterQueue) {
      found.add(construct.deadLetterQueue.queue);
    }
  }
  return [...found];
}

/** Which group each function of the app belongs to; throws for a function that fits none. */
function functionGroups(
  app: IConstruct,
  known: {
    chromium: lambda.IFunction[];
    stripeWebhook: lambda.IFunction[];
    /** Lambda@Edge: CloudFront runs its copies and logs them in each edge's region. */
    edge: lambda.IFunction[];
  },
) {
  const all = app.node.findAll();
  const groupOf = new Map<IConstruct, FunctionGroup>();
  const assign = (fns: (lambda.IFunction | undefined)[], group: FunctionGroup) => {
    for (const fn of fns) if (fn && !groupOf.has(fn)) groupOf.set(fn, group);
  };
  // In this order: the worker also consumes a queue, but it is watched as the Chromium worker.
  assign(known.chromium, "ChromiumWorker");
  assign(
    all.filter((c) => c instanceof Cron).map((cron) => cron.jobFunction),
    "Schedules",
  );
  assign(known.stripeWebhook, "StripeWebhook");
  for (const api of all.filter((c) => c instanceof HttpApi)) {
    assign(
      api.routes.map((routeKey) => api.getFunction(routeKey)),
      "ApiRoutes",
    );
  }
  assign(
    all.filter((c) => c instanceof Queue).map((queue) => queue.consumerFunction),
    "QueueConsumers",
  );

  // Every AWS::Lambda::Function resource, including those CDK makes without a Function construct.
  const functions = all.filter(
    (c): c is CfnResource =>
      c instanceof CfnResource &&
      c.cfnResourceType === "AWS::Lambda::Function" &&
      !known.edge.includes(c.node.scope as lambda.IFunction),
  );
  return functions.map((resource) => {
    const owner = resource.node.scope as IConstruct;
    const group = groupOf.get(owner);
    if (group) return { resource, group };
    if (owner instanceof SstFunction) {
      throw new Error(
        `The function ${owner.node.path} belongs to no monitoring group: add it to one in stacks/Monitoring.ts (FUNCTION_GROUPS, functionGroups), so its failures are alarmed`,
      );
    }
    return { resource, group: "Deployment" as const };
  });
}

/**
 * Sends every function's logs to the log group of its group in its own stack (made here, kept
 * `retention` days) in Lambda's JSON format, and counts each group's failed invocations there.
 * One log group and one metric filter per group and stack, however many functions. Lambda's
 * default, a log group per function that it makes itself, is kept forever; giving each one a
 * retention would take a resource per function (CDK's `logRetention` adds a custom resource per
 * function), in a stack already near CloudFormation's 500.
 */
function shareLogGroups(
  app: App,
  functions: { resource: CfnResource; group: FunctionGroup }[],
  retention: logs.RetentionDays,
) {
  const logGroups = new Map<string, logs.LogGroup>();
  for (const { resource, group } of functions) {
    const stack = Stack.of(resource);
    const key = `${stack.stackName}/${group}`;
    let logGroup = logGroups.get(key);
    if (!logGroup) {
      logGroup = new logs.LogGroup(stack, `${group}Logs`, {
        logGroupName: `/aws/lambda/${stack.stackName}/${group}`,
        retention,
      });
      if (group !== "Deployment") {
        new logs.MetricFilter(stack, `${group}FailedInvocations`, {
          logGroup,
          filterPattern: FAILED_INVOCATION_PATTERN,
          metricNamespace: metricNamespace(app),
          metricName: failedInvocationsMetricName(group),
          metricValue: "1",
        });
      }
      for (const [metricName, record] of Object.entries(RECORD_METRICS)) {
        if (record.group !== group) continue;
        new logs.MetricFilter(stack, metricName, {
          logGroup,
          filterPattern: record.pattern,
          metricNamespace: metricNamespace(app),
          metricName,
          metricValue: "1",
        });
      }
      logGroups.set(key, logGroup);
    }
    // Lambda's basic execution role (every function's) may write to any log group.
    resource.addPropertyOverride("LoggingConfig", {
      LogGroup: logGroup.logGroupName,
      LogFormat: "JSON",
    });
  }
  // Log groups made by constructs (the API's access logs) are kept as long.
  for (const construct of app.node.findAll()) {
    if (construct instanceof logs.CfnLogGroup && construct.retentionInDays === undefined) {
      construct.retentionInDays = retention;
    }
  }
}

export function Monitoring({ stack, app }: StackContext) {
  const settings = readOperationsSettings(app.stage);
  const jobs = use(Jobs);
  const { failedScheduledRuns } = use(Events);
  const webhooks = use(Webhooks);
  const { site } = use(Web);
  const hosting = use(Hosting);

  const functionsOf = (outputs: object) =>
    Object.values(outputs).filter((v): v is lambda.Function => v instanceof lambda.Function);
  shareLogGroups(
    app,
    functionGroups(app, {
      chromium: functionsOf(jobs),
      stripeWebhook: functionsOf(webhooks),
      edge: [hosting.notFound],
    }),
    settings.logRetentionDays,
  );

  const topic = new sns.Topic(stack, "Alarms", {
    displayName: `${app.stage} ${app.name} alarms`,
  });
  if (settings.alarmEmail) {
    topic.addSubscription(new subscriptions.EmailSubscription(settings.alarmEmail));
  }
  const alarms: cloudwatch.Alarm[] = [];
  const alarm = (
    id: string,
    title: string,
    /** The section of docs/operations.md that says what it means and what to do. */
    runbook: string,
    props: Omit<cloudwatch.CreateAlarmOptions, "alarmName" | "alarmDescription"> & {
      metric: cloudwatch.Metric | cloudwatch.MathExpression;
    },
  ) => {
    const created = props.metric.createAlarm(stack, id, {
      // Nothing to count (no traffic, an empty queue) is fine, not unknown.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...props,
      alarmName: `${app.stage}-${app.name} ${title}`,
      alarmDescription: `What it means and what to do: docs/operations.md, "${runbook}".`,
    });
    created.addAlarmAction(new actions.SnsAction(topic));
    created.addOkAction(new actions.SnsAction(topic));
    alarms.push(created);
    return created;
  };

  // Dead-letter queues: each message is work that failed for good. Found, not listed.
  for (const queue of [...deadLetterQueues(app), failedScheduledRuns.cdk.queue]) {
    const name = queue.node.scope?.node.id ?? queue.node.id;
    alarm(`${name}NotEmpty`, `${name} not empty`, RUNBOOK.deadLetters, {
      metric: queue.metricApproximateNumberOfMessagesVisible({
        statistic: "Maximum",
        period: FIVE_MINUTES,
      }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  // The HTTP API (every one in the app; today there is one).
  for (const api of app.node.findAll().filter((c) => c instanceof HttpApi)) {
    const httpApi = api.cdk.httpApi;
    const name = api.node.id;
    alarm(`${name}ServerErrorRate`, `${name} 5xx rate`, RUNBOOK.api5xx, {
      metric: new cloudwatch.MathExpression({
        // A handful of requests with one failure is no rate: below 10 requests it reads 0.
        expression: "IF(requests >= 10, 100 * errors / requests, 0)",
        usingMetrics: {
          errors: httpApi.metricServerError({ statistic: "Sum", period: FIVE_MINUTES }),
          requests: httpApi.metricCount({ statistic: "Sum", period: FIVE_MINUTES }),
        },
        label: "5xx, % of requests",
        period: FIVE_MINUTES,
      }),
      threshold: THRESHOLDS.apiServerErrorPercent,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });
    alarm(`${name}LatencyP99`, `${name} p99 latency`, RUNBOOK.apiLatency, {
      metric: httpApi.metricLatency({ statistic: "p99", period: FIVE_MINUTES }),
      threshold: THRESHOLDS.apiP99LatencyMs,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      // Two bad 5-minute periods out of three: one slow cold-start burst is not an incident.
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
  }

  // Failed invocations per function group (errors, crashes, timeouts), from the log groups.
  for (const group of ALARMED_FUNCTION_GROUPS) {
    alarm(`${group}Failures`, `${group} failed invocations`, RUNBOOK.failures, {
      metric: new cloudwatch.Metric({
        namespace: metricNamespace(app),
        metricName: failedInvocationsMetricName(group),
        statistic: "Sum",
        period: FIVE_MINUTES,
      }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  // Failures the functions answer or record themselves (RECORD_METRICS), from the first one.
  const records = (metricName: RecordMetric) =>
    new cloudwatch.Metric({
      namespace: metricNamespace(app),
      metricName,
      statistic: "Sum",
      period: FIVE_MINUTES,
    });
  const atLeastOnce = {
    threshold: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  };
  // The rate alarm reads 0 below 10 requests: a quiet portal failing every request is heard here.
  alarm("ApiHandled500s", "Api handled 500s", RUNBOOK.apiHandled500s, {
    metric: records("ApiHandled500s"),
    ...atLeastOnce,
  });
  // The Stripe webhook's Function URL: what it answered 5xx (crashes, timeouts, throttles and
  // handled 500s alike), plus the failures the handler recorded (a bad signature is a 400).
  const webhookFunctions = functionsOf(webhooks);
  alarm("StripeWebhookDeliveryFailures", "StripeWebhook failed deliveries", RUNBOOK.stripeWebhook, {
    metric: new cloudwatch.MathExpression({
      expression: `FILL(records, 0) + ${webhookFunctions.map((_, i) => `FILL(url${i}, 0)`).join(" + ")}`,
      usingMetrics: {
        records: records("StripeWebhookFailureRecords"),
        ...Object.fromEntries(
          webhookFunctions.map((fn, i) => [
            `url${i}`,
            fn.metric("Url5xxCount", { statistic: "Sum", period: FIVE_MINUTES }),
          ]),
        ),
      },
      label: "failed deliveries",
      period: FIVE_MINUTES,
    }),
    ...atLeastOnce,
  });
  alarm("MailRejected", "Mail rejected by SES", RUNBOOK.mailRejected, {
    metric: records("MailRejected"),
    ...atLeastOnce,
  });

  // Throttles: every function without a reservation draws on the account's one unreserved
  // pool, so a throttle anywhere means that pool ran out, and the account-wide metric says it
  // once. The Chromium functions have a reservation of their own and are watched on their own.
  alarm("LambdaThrottles", "Lambda throttles", RUNBOOK.throttles, {
    metric: new cloudwatch.Metric({
      namespace: "AWS/Lambda",
      metricName: "Throttles",
      statistic: "Sum",
      period: FIVE_MINUTES,
    }),
    threshold: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });
  const chromium = functionsOf(jobs);
  alarm("ChromiumThrottles", "ChromiumWorker throttles", RUNBOOK.throttles, {
    metric: new cloudwatch.MathExpression({
      expression: `SUM([${chromium.map((_, i) => `f${i}`).join(", ")}])`,
      usingMetrics: Object.fromEntries(
        chromium.map((fn, i) => [`f${i}`, fn.metricThrottles({ period: FIVE_MINUTES })]),
      ),
      label: "Throttles",
      period: FIVE_MINUTES,
    }),
    threshold: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });
  alarm("ChromiumDuration", "ChromiumWorker duration near timeout", RUNBOOK.workerDuration, {
    metric: jobs.worker.metricDuration({ statistic: "Maximum", period: FIVE_MINUTES }),
    threshold: WORKER_TIMEOUT_SECONDS * 1000 * THRESHOLDS.workerDurationShareOfTimeout,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });

  // SES reputation: account-wide rates SES publishes itself (fractions, not percent).
  const ses = (metricName: string) =>
    new cloudwatch.Metric({
      namespace: "AWS/SES",
      metricName,
      statistic: "Maximum",
      period: Duration.minutes(15),
    });
  alarm("SesBounceRate", "SES bounce rate", RUNBOOK.ses, {
    metric: ses("Reputation.BounceRate"),
    threshold: THRESHOLDS.sesBounceRate,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });
  alarm("SesComplaintRate", "SES complaint rate", RUNBOOK.ses, {
    metric: ses("Reputation.ComplaintRate"),
    threshold: THRESHOLDS.sesComplaintRate,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });

  // The portal's distribution. CloudFront publishes in us-east-1 only, the app's region
  // (sst.config.ts): an alarm cannot watch another region's metric.
  // `sst dev` deploys no site (the SPA runs on Vite's dev server), so there is nothing to watch.
  const distribution = site.cdk?.distribution;
  if (distribution) {
    alarm("CloudFrontServerErrorRate", "CloudFront 5xx rate", RUNBOOK.cloudFront, {
      metric: new cloudwatch.Metric({
        namespace: "AWS/CloudFront",
        metricName: "5xxErrorRate",
        dimensionsMap: { DistributionId: distribution.distributionId, Region: "Global" },
        statistic: "Average",
        period: FIVE_MINUTES,
        region: "us-east-1",
      }),
      threshold: THRESHOLDS.cloudFront5xxPercent,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
  }

  // The customers' sites (docs/hosting.md): their distribution answers 5xx (an S3 or Lambda@Edge
  // failure, a function error), builds failing, certificates not issued.
  alarm("HostingServerErrorRate", "Hosted sites 5xx rate", RUNBOOK.hosting5xx, {
    metric: new cloudwatch.Metric({
      namespace: "AWS/CloudFront",
      metricName: "5xxErrorRate",
      dimensionsMap: { DistributionId: hosting.distribution.distributionId, Region: "Global" },
      statistic: "Average",
      period: FIVE_MINUTES,
      region: "us-east-1",
    }),
    threshold: THRESHOLDS.cloudFront5xxPercent,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
  });
  alarm("DeploymentsFailed", "Deployments failing to build", RUNBOOK.deploymentsFailed, {
    metric: new cloudwatch.Metric({
      namespace: metricNamespace(app),
      metricName: HOSTING_METRICS.deploymentsFailed,
      statistic: "Sum",
      period: Duration.hours(1),
    }),
    threshold: THRESHOLDS.deploymentsFailedPerHour,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });
  alarm("CertificatesStuck", "Certificates stuck in validation", RUNBOOK.certificatesStuck, {
    metric: new cloudwatch.Metric({
      namespace: metricNamespace(app),
      metricName: HOSTING_METRICS.certificatesStuck,
      statistic: "Maximum",
      period: Duration.hours(1),
    }),
    threshold: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });

  // The same figures on one page, each with its alarm's threshold.
  const dashboard = new cloudwatch.Dashboard(stack, "Dashboard", {
    dashboardName: `${app.stage}-${app.name}`,
  });
  for (let i = 0; i < alarms.length; i += 3) {
    dashboard.addWidgets(
      ...alarms.slice(i, i + 3).map(
        (watched) =>
          new cloudwatch.AlarmWidget({
            alarm: watched,
            title: (watched.node.defaultChild as cloudwatch.CfnAlarm).alarmName ?? watched.node.id,
            width: 8,
          }),
      ),
    );
  }

  stack.addOutputs({ AlarmTopicArn: topic.topicArn });
  return { topic, alarms, dashboard };
}
