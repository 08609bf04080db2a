/**
 * The Monitoring stack (stacks/Monitoring.ts, docs/operations.md) on the synthesised templates:
 * every alarm family is present and tells the topic, every dead-letter queue is alarmed, every
 * function logs to a retained log group. Each check reads template JSON, so the break-on-purpose
 * cases run the same check on a template with the alarm (or log group) taken out.
 */

import { Template } from "aws-cdk-lib/assertions";
import { App, Function as SstFunction, Stack, type StackContext } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import sstConfig from "../../sst.config";
import {
  DEFAULT_LOG_RETENTION_DAYS,
  LOG_RETENTION_CHOICES,
  POINT_IN_TIME_RECOVERY_DAYS,
  readOperationsSettings,
} from "../../stacks/Config";
import { NOTIFICATIONS_CONCURRENCY } from "../../stacks/Events";
import { WORKER_TIMEOUT_SECONDS } from "../../stacks/Jobs";
import {
  ALARMED_FUNCTION_GROUPS,
  FAILED_INVOCATION_PATTERN,
  failedInvocationsMetricName,
  HOSTING_METRICS,
  Monitoring,
  metricNamespace,
  RECORD_METRICS,
  type RecordMetric,
  THRESHOLDS,
} from "../../stacks/Monitoring";
import { consumedQueue } from "../../stacks/queues";
import { ACCOUNT, appOutdir, createApp, REGION, templatesOf, validSettings } from "./synth";
import { consumerConcurrency } from "./template-queries";

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON is untyped.
type Json = any;
interface Resource {
  Type: string;
  Properties: Record<string, Json>;
}
interface TemplateJson {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value: Json; Export?: { Name: string } }>;
}
/** Every stack's template, by stack name. */
type Templates = Record<string, TemplateJson>;

const NAMESPACE = metricNamespace({ name: "site-portal", stage: "test" });

/** Synthesises sst.config.ts's app, running `extra` (if any) just before the Monitoring stack. */
async function synthesizeWith(
  settings: Record<string, string>,
  extra?: (ctx: StackContext) => Record<string, never>,
): Promise<{ app: App; templates: Templates }> {
  const app = await createApp("test", settings);
  const addStack = app.stack.bind(app);
  app.stack = ((fn: Parameters<App["stack"]>[0]) => {
    if (fn === Monitoring && extra) addStack(extra);
    return addStack(fn);
  }) as App["stack"];
  await sstConfig.stacks(app);
  templatesOf(app); // synthesises
  const templates: Templates = {};
  for (const child of app.node.children) {
    if (child instanceof Stack) {
      templates[child.stackName] = Template.fromStack(child).toJSON() as TemplateJson;
    }
  }
  return { app, templates };
}

/** The resources of one type in every stack: [stack name, logical id, resource]. */
function resourcesOf(templates: Templates, type: string): [string, string, Resource][] {
  return Object.entries(templates).flatMap(([stackName, json]) =>
    Object.entries(json.Resources)
      .filter(([, r]) => r.Type === type)
      .map(([id, r]) => [stackName, id, r] as [string, string, Resource]),
  );
}

/**
 * What a value in one stack refers to: a Ref or GetAtt in the same stack, or an
 * Fn::ImportValue followed to the export of another. Answers [stack name, logical id].
 */
function referenced(templates: Templates, stackName: string, value: Json): [string, string] {
  if (value?.Ref) return [stackName, value.Ref];
  if (value?.["Fn::GetAtt"]) return [stackName, value["Fn::GetAtt"][0]];
  const name = value?.["Fn::ImportValue"];
  if (typeof name === "string") {
    for (const [exporter, json] of Object.entries(templates)) {
      for (const output of Object.values(json.Outputs ?? {})) {
        if (output.Export?.Name === name) return referenced(templates, exporter, output.Value);
      }
    }
  }
  throw new Error(`Not a reference: ${JSON.stringify(value)}`);
}

const monitoringOf = (templates: Templates) => {
  const found = Object.entries(templates).find(([name]) => name.endsWith("-Monitoring"));
  if (!found) throw new Error("No Monitoring stack");
  return found;
};

interface AlarmMetric {
  namespace: string;
  metricName: string;
  dimensions: Record<string, Json>;
  stat: string | undefined;
}

/** The metrics an alarm reads: its own, or those of its metric math. */
function alarmMetrics(alarm: Resource): AlarmMetric[] {
  const p = alarm.Properties;
  const dims = (list: { Name: string; Value: Json }[] | undefined) =>
    Object.fromEntries((list ?? []).map((d) => [d.Name, d.Value]));
  if (p.MetricName) {
    return [
      {
        namespace: p.Namespace,
        metricName: p.MetricName,
        dimensions: dims(p.Dimensions),
        stat: p.Statistic ?? p.ExtendedStatistic,
      },
    ];
  }
  return (p.Metrics ?? [])
    .filter((m: Json) => m.MetricStat)
    .map((m: Json) => ({
      namespace: m.MetricStat.Metric.Namespace,
      metricName: m.MetricStat.Metric.MetricName,
      dimensions: dims(m.MetricStat.Metric.Dimensions),
      stat: m.MetricStat.Stat,
    }));
}

/** Alarms of the Monitoring stack that tell its topic both when they fire and when they clear. */
function notifyingAlarms(templates: Templates): [string, Resource][] {
  const [, monitoring] = monitoringOf(templates);
  const topics = Object.entries(monitoring.Resources).filter(
    ([, r]) => r.Type === "AWS::SNS::Topic",
  );
  if (topics.length !== 1) throw new Error(`Expected one topic, found ${topics.length}`);
  const topic = JSON.stringify({ Ref: topics[0]?.[0] });
  const tells = (actions: Json[] | undefined) =>
    (actions ?? []).some((a) => JSON.stringify(a) === topic);
  return Object.entries(monitoring.Resources).filter(
    ([, r]) =>
      r.Type === "AWS::CloudWatch::Alarm" &&
      tells(r.Properties.AlarmActions) &&
      tells(r.Properties.OKActions),
  );
}

/** Each queue that is a dead-letter target or a failure destination: [stack, logical id]. */
function deadLetterTargets(templates: Templates): [string, string][] {
  const targets: [string, string][] = [];
  for (const [stackName, , queue] of resourcesOf(templates, "AWS::SQS::Queue")) {
    const target = queue.Properties?.RedrivePolicy?.deadLetterTargetArn;
    if (target) targets.push(referenced(templates, stackName, target));
  }
  for (const [stackName, , config] of resourcesOf(templates, "AWS::Lambda::EventInvokeConfig")) {
    const destination = config.Properties.DestinationConfig?.OnFailure?.Destination;
    if (!destination) continue;
    const [where, id] = referenced(templates, stackName, destination);
    if (templates[where]?.Resources[id]?.Type === "AWS::SQS::Queue") targets.push([where, id]);
  }
  return targets;
}

/** Dead-letter queues with no "depth > 0" alarm telling the topic, as "stack/id". */
function unalarmedDeadLetterQueues(templates: Templates): string[] {
  const [monitoringName] = monitoringOf(templates);
  const alarmed = new Set<string>();
  for (const [, alarm] of notifyingAlarms(templates)) {
    const p = alarm.Properties;
    if (
      p.Namespace === "AWS/SQS" &&
      p.MetricName === "ApproximateNumberOfMessagesVisible" &&
      p.Threshold === 0 &&
      p.ComparisonOperator === "GreaterThanThreshold"
    ) {
      const dimension = p.Dimensions?.find((d: Json) => d.Name === "QueueName");
      if (dimension) alarmed.add(referenced(templates, monitoringName, dimension.Value).join("/"));
    }
  }
  return deadLetterTargets(templates)
    .map((target) => target.join("/"))
    .filter((target) => !alarmed.has(target));
}

/** The alarm families of docs/operations.md that have no alarm telling the topic. */
function missingAlarms(templates: Templates): string[] {
  const [monitoringName] = monitoringOf(templates);
  const alarms = notifyingAlarms(templates).map(([, alarm]) => alarm);
  const refersTo = (value: Json, type: string, idPrefix = "", stackSuffix = "") => {
    if (value === undefined) return false;
    const [where, id] = referenced(templates, monitoringName, value);
    return (
      templates[where]?.Resources[id]?.Type === type &&
      id.startsWith(idPrefix) &&
      where.endsWith(stackSuffix)
    );
  };
  const reads = (alarm: Resource, test: (m: AlarmMetric) => boolean) =>
    alarmMetrics(alarm).some(test);
  const has = (test: (alarm: Resource) => boolean) => alarms.some(test);
  const api = (metricName: string) => (m: AlarmMetric) =>
    m.namespace === "AWS/ApiGateway" &&
    m.metricName === metricName &&
    refersTo(m.dimensions.ApiId, "AWS::ApiGatewayV2::Api");
  const worker = (metricName: string) => (m: AlarmMetric) =>
    m.namespace === "AWS/Lambda" &&
    m.metricName === metricName &&
    refersTo(m.dimensions.FunctionName, "AWS::Lambda::Function", "JobsWorker");

  const missing: string[] = unalarmedDeadLetterQueues(templates).map((q) => `dead letters ${q}`);
  const families: Record<string, boolean> = {
    "API 5xx rate": has(
      (a) =>
        reads(a, api("5xx")) &&
        reads(a, api("Count")) &&
        a.Properties.Threshold === THRESHOLDS.apiServerErrorPercent,
    ),
    "API p99 latency": has(
      (a) => reads(a, api("Latency")) && a.Properties.ExtendedStatistic === "p99",
    ),
    "Lambda throttles": has((a) =>
      reads(
        a,
        (m) =>
          m.namespace === "AWS/Lambda" &&
          m.metricName === "Throttles" &&
          Object.keys(m.dimensions).length === 0,
      ),
    ),
    "Chromium worker throttles": has((a) => reads(a, worker("Throttles"))),
    "Chromium worker duration near its timeout": has(
      (a) =>
        reads(a, (m) => worker("Duration")(m) && m.stat === "Maximum") &&
        a.Properties.Threshold ===
          WORKER_TIMEOUT_SECONDS * 1000 * THRESHOLDS.workerDurationShareOfTimeout,
    ),
    "SES bounce rate": has((a) =>
      reads(a, (m) => m.namespace === "AWS/SES" && m.metricName === "Reputation.BounceRate"),
    ),
    "SES complaint rate": has((a) =>
      reads(a, (m) => m.namespace === "AWS/SES" && m.metricName === "Reputation.ComplaintRate"),
    ),
    "CloudFront 5xx rate": has((a) =>
      reads(
        a,
        (m) =>
          m.namespace === "AWS/CloudFront" &&
          m.metricName === "5xxErrorRate" &&
          m.dimensions.Region === "Global" &&
          refersTo(m.dimensions.DistributionId, "AWS::CloudFront::Distribution", "", "-Web"),
      ),
    ),
    "Hosted sites 5xx rate": has((a) =>
      reads(
        a,
        (m) =>
          m.namespace === "AWS/CloudFront" &&
          m.metricName === "5xxErrorRate" &&
          m.dimensions.Region === "Global" &&
          refersTo(
            m.dimensions.DistributionId,
            "AWS::CloudFront::Distribution",
            "Sites",
            "-Hosting",
          ),
      ),
    ),
    "Deployments failing to build": has(
      (a) =>
        reads(
          a,
          (m) =>
            m.namespace === NAMESPACE &&
            m.metricName === HOSTING_METRICS.deploymentsFailed &&
            m.stat === "Sum",
        ) && a.Properties.Threshold === THRESHOLDS.deploymentsFailedPerHour,
    ),
    "Custom-domain certificates stuck in validation": has(
      (a) =>
        reads(
          a,
          (m) => m.namespace === NAMESPACE && m.metricName === HOSTING_METRICS.certificatesStuck,
        ) && a.Properties.Threshold === 1,
    ),
  };
  const recordsOf = (metricName: RecordMetric) => (m: AlarmMetric) =>
    m.namespace === NAMESPACE && m.metricName === metricName && m.stat === "Sum";
  const fromFirst = (a: Resource) =>
    a.Properties.Threshold === 1 &&
    a.Properties.ComparisonOperator === "GreaterThanOrEqualToThreshold";
  // At any traffic: no expression gating it on a request count.
  families["API handled 500s"] = has(
    (a) =>
      reads(a, recordsOf("ApiHandled500s")) &&
      fromFirst(a) &&
      !JSON.stringify(a.Properties.Metrics ?? "").includes("requests"),
  );
  families["Stripe webhook failures"] = has(
    (a) =>
      reads(a, recordsOf("StripeWebhookFailureRecords")) &&
      reads(
        a,
        (m) =>
          m.namespace === "AWS/Lambda" &&
          m.metricName === "Url5xxCount" &&
          m.stat === "Sum" &&
          refersTo(m.dimensions.FunctionName, "AWS::Lambda::Function", "StripeWebhook"),
      ) &&
      fromFirst(a),
  );
  families["Mail rejected by SES"] = has(
    (a) => reads(a, recordsOf("MailRejected")) && fromFirst(a),
  );
  for (const group of ALARMED_FUNCTION_GROUPS) {
    families[`${group} failed invocations`] = has(
      (a) =>
        reads(
          a,
          (m) =>
            m.namespace === NAMESPACE &&
            m.metricName === failedInvocationsMetricName(group) &&
            m.stat === "Sum",
        ) &&
        a.Properties.Threshold === 1 &&
        a.Properties.ComparisonOperator === "GreaterThanOrEqualToThreshold",
    );
  }
  return [
    ...missing,
    ...Object.entries(families)
      .filter(([, present]) => !present)
      .map(([family]) => family),
  ];
}

/**
 * Functions whose logs do not go to a log group of their stack kept `days` days, and alarmed
 * groups' log groups that do not count failed invocations, in words.
 */
function logProblems(templates: Templates, days: number): string[] {
  const problems: string[] = [];
  // Lambda@Edge copies log in each edge's region under names CloudFront chooses: no log group
  // of ours applies (docs/operations.md "Hosted sites 5xx rate").
  const edge = new Set(
    resourcesOf(templates, "AWS::CloudFront::Distribution").flatMap(([stackName, , d]) =>
      (d.Properties.DistributionConfig.DefaultCacheBehavior.LambdaFunctionAssociations ?? []).map(
        (a: Json) => {
          const version = templates[stackName]?.Resources[a.LambdaFunctionARN.Ref];
          return `${stackName}/${version?.Properties.FunctionName.Ref}`;
        },
      ),
    ),
  );
  for (const [stackName, id, fn] of resourcesOf(templates, "AWS::Lambda::Function")) {
    if (edge.has(`${stackName}/${id}`)) continue;
    const target = fn.Properties.LoggingConfig?.LogGroup;
    const logGroup = target && templates[stackName]?.Resources[target.Ref];
    if (logGroup?.Type !== "AWS::Logs::LogGroup") {
      problems.push(`${stackName}/${id} logs to no log group of its stack`);
    } else if (logGroup.Properties.RetentionInDays !== days) {
      problems.push(`${stackName}/${id} logs to a log group not kept ${days} days`);
    } else if (fn.Properties.LoggingConfig.LogFormat !== "JSON") {
      problems.push(`${stackName}/${id} does not log in JSON (the failure count reads it)`);
    }
  }
  for (const [stackName, id, logGroup] of resourcesOf(templates, "AWS::Logs::LogGroup")) {
    if (logGroup.Properties.RetentionInDays !== days) {
      problems.push(`${stackName}/${id} is not kept ${days} days`);
    }
  }
  // CDK's per-function retention (a custom resource per function) must not come back.
  if (resourcesOf(templates, "Custom::LogRetention").length > 0) {
    problems.push("a Custom::LogRetention resource exists");
  }
  const counted = new Set(
    resourcesOf(templates, "AWS::Logs::MetricFilter")
      .filter(
        ([, , f]) =>
          f.Properties.FilterPattern === FAILED_INVOCATION_PATTERN.logPatternString &&
          f.Properties.MetricTransformations[0].MetricNamespace === NAMESPACE,
      )
      .map(([stackName, , f]) => `${stackName}/${f.Properties.LogGroupName.Ref}`),
  );
  for (const [stackName, id] of resourcesOf(templates, "AWS::Logs::LogGroup")) {
    const group = ALARMED_FUNCTION_GROUPS.find((g) => id.startsWith(`${g}Logs`));
    if (group && !counted.has(`${stackName}/${id}`)) {
      problems.push(`${stackName}/${id} does not count failed invocations`);
    }
    // Every log group of a group counts the failure records its functions write.
    for (const [metricName, record] of Object.entries(RECORD_METRICS)) {
      if (record.group !== group) continue;
      const filtered = resourcesOf(templates, "AWS::Logs::MetricFilter").some(
        ([where, , f]) =>
          where === stackName &&
          f.Properties.LogGroupName.Ref === id &&
          f.Properties.FilterPattern === record.pattern.logPatternString &&
          f.Properties.MetricTransformations[0].MetricName === metricName &&
          f.Properties.MetricTransformations[0].MetricNamespace === NAMESPACE,
      );
      if (!filtered) problems.push(`${stackName}/${id} does not count ${metricName}`);
    }
  }
  return problems;
}

const clone = (templates: Templates) => structuredClone(templates);

let app: App;
let templates: Templates;
/** The app again, with ALARM_EMAIL and LOG_RETENTION_DAYS set and one more consumedQueue. */
let configured: Templates;

/** A queue added through consumedQueue by someone who never opened stacks/Monitoring.ts. */
function Backlog({ stack }: StackContext) {
  const consumer = new SstFunction(stack, "BacklogConsumer", {
    handler: "packages/functions/src/workers/notifications.handler",
  });
  consumedQueue(stack, "Backlog", {
    consumer,
    settings: {
      handler: "packages/functions/src/workers/notifications.handler",
      timeoutSeconds: 10,
      batchSize: 1,
      maxConcurrency: 2,
      maxReceiveCount: 3,
      reportBatchItemFailures: false,
    },
  });
  return {};
}

beforeAll(async () => {
  ({ app, templates } = await synthesizeWith(validSettings));
  ({ templates: configured } = await synthesizeWith(
    { ...validSettings, ALARM_EMAIL: "ops@example.com", LOG_RETENTION_DAYS: "90" },
    Backlog,
  ));
});

describe("alarms", () => {
  test("every alarm family of docs/operations.md is there and tells the topic", () => {
    expect(app.node.findAll().some((c) => c.node.id.endsWith("Monitoring"))).toBe(true);
    expect(missingAlarms(templates)).toEqual([]);
  });

  test("taking out any one alarm, or its OK action, is noticed (the checks can fail)", () => {
    const [monitoringName, monitoring] = monitoringOf(templates);
    const alarmIds = Object.keys(monitoring.Resources).filter(
      (id) => monitoring.Resources[id]?.Type === "AWS::CloudWatch::Alarm",
    );
    expect(alarmIds.length).toBeGreaterThanOrEqual(17);
    for (const id of alarmIds) {
      const removed = clone(templates);
      delete removed[monitoringName]?.Resources[id];
      expect(missingAlarms(removed), `without ${id}`).not.toEqual([]);

      const silentOnRecovery = clone(templates);
      delete silentOnRecovery[monitoringName]?.Resources[id]?.Properties.OKActions;
      expect(missingAlarms(silentOnRecovery), `${id} without OK action`).not.toEqual([]);
    }
  });

  test("every dead-letter queue, and the schedules' failure queue, has a depth > 0 alarm", () => {
    const targets = deadLetterTargets(templates).map(([stack, id]) => `${stack}/${id}`);
    expect(targets).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/-Jobs\/JobsDeadLetters/),
        expect.stringMatching(/-Events\/EventsDeadLetters/),
        expect.stringMatching(/-Events\/WebhookDeliveriesDeadLetters/),
        expect.stringMatching(/-Analytics\/PageViewsDeadLetters/),
        expect.stringMatching(/-Events\/FailedScheduledRuns/),
      ]),
    );
    expect(unalarmedDeadLetterQueues(templates)).toEqual([]);
  });

  test("a queue added later through consumedQueue is alarmed without an edit to Monitoring", () => {
    const backlog = deadLetterTargets(configured).find(([, id]) =>
      id.startsWith("BacklogDeadLetters"),
    );
    expect(backlog).toBeDefined();
    expect(unalarmedDeadLetterQueues(configured)).toEqual([]);
    // Its consumer joined the queue consumers' log group and failure count.
    expect(logProblems(configured, 90)).toEqual([]);
  });

  test("the dead-letter check names a queue whose alarm was taken out", () => {
    const [monitoringName, monitoring] = monitoringOf(templates);
    const [alarmId] = Object.entries(monitoring.Resources).find(
      ([id, r]) => r.Type === "AWS::CloudWatch::Alarm" && id.startsWith("PageViewsDeadLetters"),
    ) as [string, Resource];
    const removed = clone(templates);
    delete removed[monitoringName]?.Resources[alarmId];
    expect(unalarmedDeadLetterQueues(removed)).toEqual([
      expect.stringMatching(/-Analytics\/PageViewsDeadLetters/),
    ]);
  });

  test("records the functions answer themselves are counted with the fields they log", () => {
    // The fields the handlers write (api/frame.ts, webhooks/stripe.ts, workers/notifications.ts).
    expect(RECORD_METRICS.ApiHandled500s.pattern.logPatternString).toBe("{ $.status = 500 }");
    expect(RECORD_METRICS.StripeWebhookFailureRecords.pattern.logPatternString).toBe(
      '{ ($.route = "stripe-webhook") && (($.status = 500) || ($.msg = "bad signature")) }',
    );
    expect(RECORD_METRICS.MailRejected.pattern.logPatternString).toBe(
      '{ ($.msg = "domain event handled") && ($.outcome = "rejected") }',
    );
    expect(logProblems(templates, DEFAULT_LOG_RETENTION_DAYS)).toEqual([]);
    const [stackName, id] = resourcesOf(templates, "AWS::Logs::MetricFilter").find(
      ([, , f]) => f.Properties.MetricTransformations[0].MetricName === "MailRejected",
    ) as [string, string, Resource];
    const removed = clone(templates);
    delete removed[stackName]?.Resources[id];
    expect(logProblems(removed, DEFAULT_LOG_RETENTION_DAYS)).toEqual([
      expect.stringMatching(/does not count MailRejected/),
    ]);
  });

  test("the API's 5xx rate ignores quiet periods and its threshold is a percentage", () => {
    const [, monitoring] = monitoringOf(templates);
    const rate = Object.values(monitoring.Resources).find((r) =>
      r.Properties?.AlarmName?.endsWith("Api 5xx rate"),
    );
    const expression = rate?.Properties.Metrics.find((m: Json) => m.Expression)?.Expression;
    expect(expression).toBe("IF(requests >= 10, 100 * errors / requests, 0)");
    expect(rate?.Properties.TreatMissingData).toBe("notBreaching");
  });

  test("the topic has no subscriber unless ALARM_EMAIL is set, then exactly that address", () => {
    const [, monitoring] = monitoringOf(templates);
    expect(Object.values(monitoring.Resources).map((r) => r.Type)).not.toContain(
      "AWS::SNS::Subscription",
    );
    const [, withEmail] = monitoringOf(configured);
    const subscriptions = Object.values(withEmail.Resources).filter(
      (r) => r.Type === "AWS::SNS::Subscription",
    );
    expect(subscriptions.map((s) => [s.Properties.Protocol, s.Properties.Endpoint])).toEqual([
      ["email", "ops@example.com"],
    ]);
  });

  test("one dashboard shows every alarm, and the check notices one left out", () => {
    const [monitoringName, monitoring] = monitoringOf(templates);
    const unshown = (json: Templates) => {
      const [, m] = monitoringOf(json);
      const dashboards = Object.values(m.Resources).filter(
        (r) => r.Type === "AWS::CloudWatch::Dashboard",
      );
      if (dashboards.length !== 1) return ["exactly one dashboard"];
      const body = JSON.stringify(dashboards[0]?.Properties.DashboardBody);
      return Object.keys(m.Resources).filter(
        (id) => m.Resources[id]?.Type === "AWS::CloudWatch::Alarm" && !body.includes(`"${id}"`),
      );
    };
    expect(unshown(templates)).toEqual([]);
    const trimmed = clone(templates);
    const dashboard = Object.values(trimmed[monitoringName]?.Resources ?? {}).find(
      (r) => r.Type === "AWS::CloudWatch::Dashboard",
    ) as Resource;
    const firstAlarm = Object.keys(monitoring.Resources).find(
      (id) => monitoring.Resources[id]?.Type === "AWS::CloudWatch::Alarm",
    ) as string;
    dashboard.Properties.DashboardBody = JSON.parse(
      JSON.stringify(dashboard.Properties.DashboardBody).replaceAll(`"${firstAlarm}"`, '"gone"'),
    );
    expect(unshown(trimmed)).toEqual([firstAlarm]);
  });
});

describe("failed scheduled runs", () => {
  /** Functions an EventBridge rule invokes that have no on-failure destination. */
  const withoutDestination = (json: Templates) => {
    const [, events] = Object.entries(json).find(([name]) => name.endsWith("-Events")) as [
      string,
      TemplateJson,
    ];
    const scheduled = Object.values(events.Resources)
      .filter((r) => r.Type === "AWS::Events::Rule")
      .flatMap((r) => r.Properties.Targets.map((t: Json) => t.Arn["Fn::GetAtt"][0] as string));
    const destined = new Set(
      Object.values(events.Resources)
        .filter(
          (r) =>
            r.Type === "AWS::Lambda::EventInvokeConfig" &&
            r.Properties.DestinationConfig?.OnFailure?.Destination,
        )
        .map((r) => r.Properties.FunctionName.Ref as string),
    );
    return { scheduled, missing: scheduled.filter((fn) => !destined.has(fn)) };
  };

  test("both schedules send a run that failed for good to an alarmed queue", () => {
    const { scheduled, missing } = withoutDestination(templates);
    expect(scheduled).toHaveLength(2);
    expect(missing).toEqual([]);
  });

  test("the check names a schedule whose destination was taken out", () => {
    const broken = clone(templates);
    const [, events] = Object.entries(broken).find(([name]) => name.endsWith("-Events")) as [
      string,
      TemplateJson,
    ];
    const [configId, config] = Object.entries(events.Resources).find(
      ([, r]) => r.Type === "AWS::Lambda::EventInvokeConfig",
    ) as [string, Resource];
    delete events.Resources[configId];
    expect(withoutDestination(broken).missing).toEqual([config.Properties.FunctionName.Ref]);
  });
});

describe("log retention", () => {
  test("every function of every stack logs in JSON to a log group of its stack kept 60 days", () => {
    expect(resourcesOf(templates, "AWS::Lambda::Function").length).toBeGreaterThan(70);
    expect(logProblems(templates, DEFAULT_LOG_RETENTION_DAYS)).toEqual([]);
  });

  test("LOG_RETENTION_DAYS sets it for every function and the API's access logs", () => {
    expect(logProblems(configured, 90)).toEqual([]);
    const [, accessLogs] =
      resourcesOf(configured, "AWS::Logs::LogGroup").find(
        ([stack, id]) => stack.endsWith("-Api") && id.startsWith("ApiLogGroup"),
      ) ?? [];
    expect(accessLogs).toBeDefined();
  });

  test("the check names a function without its log group, or a log group without retention", () => {
    const [stackName, fnId] = resourcesOf(templates, "AWS::Lambda::Function")[5] as [
      string,
      string,
      Resource,
    ];
    const unrouted = clone(templates);
    delete unrouted[stackName]?.Resources[fnId]?.Properties.LoggingConfig;
    expect(logProblems(unrouted, DEFAULT_LOG_RETENTION_DAYS)).toEqual([
      `${stackName}/${fnId} logs to no log group of its stack`,
    ]);

    const [apiStack, accessLogsId] = resourcesOf(templates, "AWS::Logs::LogGroup").find(([, id]) =>
      id.startsWith("ApiLogGroup"),
    ) as [string, string, Resource];
    const forever = clone(templates);
    delete forever[apiStack]?.Resources[accessLogsId]?.Properties.RetentionInDays;
    expect(logProblems(forever, DEFAULT_LOG_RETENTION_DAYS)).toEqual([
      `${apiStack}/${accessLogsId} is not kept ${DEFAULT_LOG_RETENTION_DAYS} days`,
    ]);

    const [filterStack, filterId] = resourcesOf(templates, "AWS::Logs::MetricFilter")[0] as [
      string,
      string,
      Resource,
    ];
    const uncounted = clone(templates);
    const logGroupId = uncounted[filterStack]?.Resources[filterId]?.Properties.LogGroupName.Ref;
    delete uncounted[filterStack]?.Resources[filterId];
    expect(logProblems(uncounted, DEFAULT_LOG_RETENTION_DAYS)).toEqual([
      `${filterStack}/${logGroupId} does not count failed invocations`,
    ]);
  });

  test("the API stack gets a fixed few log resources, not one per route", () => {
    const [, api] = Object.entries(templates).find(([name]) => name.endsWith("-Api")) as [
      string,
      TemplateJson,
    ];
    const logResources = Object.values(api.Resources).filter((r) =>
      r.Type.startsWith("AWS::Logs::"),
    );
    // Access logs, the routes' shared group, its failure count and handled-500 count, the
    // deploy handler's group.
    expect(logResources).toHaveLength(5);
  });

  test("every function's role but the audit browser's may write its logs (Lambda's basic execution policy)", () => {
    const functions = resourcesOf(templates, "AWS::Lambda::Function");
    // The browser holds no grant at all, logs included (docs/security.md, "The audit browser"):
    // its failures reach the worker, which logs them, and its Lambda metrics.
    const isBrowser = ([stackName, id]: [string, string, Resource]) =>
      stackName.endsWith("Jobs") && id.startsWith("Browser");
    expect(functions.filter(isBrowser)).toHaveLength(1);
    for (const [stackName, id, fn] of functions.filter((entry) => !isBrowser(entry))) {
      const role = templates[stackName]?.Resources[fn.Properties.Role["Fn::GetAtt"][0]];
      expect(JSON.stringify(role?.Properties.ManagedPolicyArns), id).toContain(
        "service-role/AWSLambdaBasicExecutionRole",
      );
    }
  });

  test("a function that fits no group stops synthesis with a message saying where to add it", async () => {
    function Stray({ stack }: StackContext) {
      new SstFunction(stack, "StrayFunction", {
        handler: "packages/functions/src/workers/notifications.handler",
      });
      return {};
    }
    await expect(synthesizeWith(validSettings, Stray)).rejects.toThrow(
      /StrayFunction belongs to no monitoring group: add it to one in stacks\/Monitoring.ts/,
    );
  });
});

describe("sst dev", () => {
  test("the app synthesises in dev mode: no site to watch, SST's own settings for the schedules", async () => {
    await createApp("test", validSettings); // loads the project and the settings
    const dev = new App(
      { mode: "dev", stage: "test", name: "site-portal", account: ACCOUNT, region: REGION },
      { outdir: appOutdir() },
    );
    await sstConfig.stacks(dev);
    dev.synth();
    const json = Object.fromEntries(
      dev.node.children
        .filter((c): c is Stack => c instanceof Stack)
        .map((stack) => [stack.stackName, Template.fromStack(stack).toJSON() as TemplateJson]),
    );
    const [, monitoring] = monitoringOf(json);
    const metrics = Object.values(monitoring.Resources).map((r) => r.Properties?.MetricName);
    // The portal's SPA runs on Vite's dev server; the hosted sites' distribution is deployed.
    const distributionsWatched = Object.values(monitoring.Resources)
      .filter((r) => r.Properties?.MetricName === "5xxErrorRate")
      .map((r) => {
        const dimension = r.Properties.Dimensions.find((d: Json) => d.Name === "DistributionId");
        return referenced(json, monitoringOf(json)[0], dimension.Value)[0];
      });
    expect(distributionsWatched).toEqual([expect.stringMatching(/-Hosting$/)]);
    expect(metrics).toContain("ApproximateNumberOfMessagesVisible");
    // SST sets no retries for live functions; a second async configuration would be refused.
    const asyncConfigs = resourcesOf(json, "AWS::Lambda::EventInvokeConfig");
    expect(asyncConfigs.length).toBeGreaterThan(0);
    for (const [, , config] of asyncConfigs) {
      expect(config.Properties.MaximumRetryAttempts).toBe(0);
      expect(config.Properties.DestinationConfig).toBeUndefined();
    }
    expect(logProblems(json, DEFAULT_LOG_RETENTION_DAYS)).toEqual([]);
  });
});

describe("notifications consumer", () => {
  test(`at most ${NOTIFICATIONS_CONCURRENCY} consumers send mail at once`, () => {
    const [, events] = Object.entries(templates).find(([name]) => name.endsWith("-Events")) as [
      string,
      TemplateJson,
    ];
    const [queueId] = Object.entries(events.Resources).find(
      ([id, r]) => r.Type === "AWS::SQS::Queue" && id.startsWith("EventsQueue"),
    ) as [string, Resource];
    expect(consumerConcurrency(events, queueId).maximumConcurrency).toBe(NOTIFICATIONS_CONCURRENCY);
    // SQS's event source takes no cap below 2.
    expect(NOTIFICATIONS_CONCURRENCY).toBeGreaterThanOrEqual(2);
    const uncapped = structuredClone(events);
    for (const r of Object.values(uncapped.Resources)) {
      if (r.Type === "AWS::Lambda::EventSourceMapping") delete r.Properties.ScalingConfig;
    }
    expect(consumerConcurrency(uncapped, queueId).maximumConcurrency).toBeUndefined();
  });
});

describe("operations settings", () => {
  test("defaults: no alarm e-mail, logs kept 60 days", () => {
    expect(readOperationsSettings("staging", {})).toEqual({
      alarmEmail: undefined,
      logRetentionDays: 60,
    });
  });

  test("the default keeps the request log as far back as the table can be restored", () => {
    // A restore to any point of the recovery window re-applies later erasures and revocations
    // from the request log (docs/operations.md, "Restoring the table").
    const tables = resourcesOf(templates, "AWS::DynamoDB::Table");
    expect(tables.length).toBeGreaterThan(0);
    for (const [, , table] of tables) {
      const recovery = table.Properties.PointInTimeRecoverySpecification;
      expect(recovery.PointInTimeRecoveryEnabled).toBe(true);
      // Unset is DynamoDB's default window, POINT_IN_TIME_RECOVERY_DAYS.
      expect(recovery.RecoveryPeriodInDays ?? POINT_IN_TIME_RECOVERY_DAYS).toBe(
        POINT_IN_TIME_RECOVERY_DAYS,
      );
    }
    expect(DEFAULT_LOG_RETENTION_DAYS).toBeGreaterThanOrEqual(POINT_IN_TIME_RECOVERY_DAYS);
    expect(LOG_RETENTION_CHOICES).toContain(DEFAULT_LOG_RETENTION_DAYS);
    // And not longer than needed: the choice below it would not reach back far enough.
    const below = LOG_RETENTION_CHOICES.filter((days) => days < DEFAULT_LOG_RETENTION_DAYS).at(-1);
    expect(below).toBeLessThan(POINT_IN_TIME_RECOVERY_DAYS);
  });

  test("prod requires ALARM_EMAIL: its alarms must reach someone", () => {
    expect(() => readOperationsSettings("prod", {})).toThrow(/ALARM_EMAIL is required/);
    expect(readOperationsSettings("prod", { ALARM_EMAIL: "ops@example.com" }).alarmEmail).toBe(
      "ops@example.com",
    );
  });

  test("accepts an address and any retention CloudWatch Logs offers", () => {
    expect(LOG_RETENTION_CHOICES).toEqual(expect.arrayContaining([1, 7, 14, 30, 90, 365, 3653]));
    expect(LOG_RETENTION_CHOICES).not.toContain(9999);
    expect(
      readOperationsSettings("prod", {
        ALARM_EMAIL: " ops@example.com ",
        LOG_RETENTION_DAYS: "365",
      }),
    ).toEqual({ alarmEmail: "ops@example.com", logRetentionDays: 365 });
  });

  test.each([
    ["ALARM_EMAIL", "not-an-address"],
    ["ALARM_EMAIL", "Ops <ops@example.com>"],
    ["ALARM_EMAIL", "ops@example.com,dev@example.com"],
    ["LOG_RETENTION_DAYS", "31"],
    ["LOG_RETENTION_DAYS", "0"],
    ["LOG_RETENTION_DAYS", "thirty"],
    ["LOG_RETENTION_DAYS", "9999"],
  ])("refuses %s=%s, naming the setting", (name, value) => {
    expect(() => readOperationsSettings("prod", { [name]: value })).toThrow(
      new RegExp(`Stage "prod" is not configured[\\s\\S]*${name} must be`),
    );
  });
});
