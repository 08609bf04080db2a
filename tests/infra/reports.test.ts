/**
 * The monthly report run as synthesised (docs/reports.md, "The monthly run"): an EventBridge
 * rule hourly on the first day of each month invoking the run, whose role reads and writes the
 * table and sends to the Jobs and Events queues only (no bucket: the PDF is the jobs worker's),
 * whose failures land on the failed-runs queue, and whose logs are counted with the other
 * schedules'. Each check runs on the real template and on a copy broken on purpose.
 */
import { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, test } from "vitest";
import { Jobs, MONTHLY_REPORTS_SCHEDULE } from "../../stacks/Jobs";
import { FAILED_INVOCATION_PATTERN } from "../../stacks/Monitoring";
import { synthesize } from "./synth";
import { roleStatements, type Statement } from "./template-queries";

type Json = Record<string, unknown>;
interface Resource {
  Type: string;
  // biome-ignore lint/suspicious/noExplicitAny: CloudFormation properties of any resource type
  Properties: Json & Record<string, any>;
}
type Resources = Record<string, Resource>;

let jobs: Resources;

beforeAll(async () => {
  const { template } = await synthesize();
  jobs = (template(Jobs).toJSON() as { Resources: Resources }).Resources;
});

const byType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

/** The run's function: the Cron construct's job (its handler is a placeholder in synthesis). */
function runFunction(resources: Resources): [string, Resource] | undefined {
  return byType(resources, "AWS::Lambda::Function").find(([id]) => id.startsWith("MonthlyReports"));
}

function scheduleProblems(resources: Resources): string[] {
  const fn = runFunction(resources);
  if (!fn) return ["no MonthlyReports function"];
  const rules = byType(resources, "AWS::Events::Rule").filter(([, rule]) =>
    JSON.stringify(rule.Properties.Targets ?? []).includes(fn[0]),
  );
  if (rules.length !== 1) return [`${rules.length} rules invoke the run`];
  const expression = rules[0]?.[1].Properties.ScheduleExpression;
  return expression === MONTHLY_REPORTS_SCHEDULE && expression === "cron(0 * 1 * ? *)"
    ? []
    : [`the rule runs on ${expression}`];
}

function grantProblems(resources: Resources): string[] {
  const fn = runFunction(resources);
  if (!fn) return ["no MonthlyReports function"];
  const roleId = (fn[1].Properties.Role as { "Fn::GetAtt": [string] })["Fn::GetAtt"][0];
  const statements: Statement[] = roleStatements(
    Template.fromJSON({ Resources: resources }),
    roleId,
  );
  const problems: string[] = [];
  const json = JSON.stringify(statements);
  for (const action of [
    "dynamodb:Query",
    "dynamodb:GetItem",
    "dynamodb:PutItem",
    "dynamodb:UpdateItem",
  ]) {
    if (!statements.some((s) => [s.Action].flat().includes(action))) problems.push(`no ${action}`);
  }
  const sends = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith("sqs:Send")));
  const targets = sends.map((s) => JSON.stringify(s.Resource)).join(" ");
  if (!/JobsQueue|Jobs[A-Z0-9]/.test(targets)) problems.push("cannot queue the PDF jobs");
  if (!/Events/.test(targets)) problems.push("cannot emit the mails");
  if (/DeadLetters|Webhook|PageViews|PrivacyJobs/.test(targets)) {
    problems.push(`sends elsewhere: ${targets}`);
  }
  if (/"s3:/.test(json)) problems.push("touches the bucket");
  if (/"\*"/.test(JSON.stringify(statements.map((s) => s.Action)))) problems.push("a wildcard");
  return problems;
}

function monitoringProblems(resources: Resources): string[] {
  const fn = runFunction(resources);
  if (!fn) return ["no MonthlyReports function"];
  const problems: string[] = [];
  const logGroup = JSON.stringify(fn[1].Properties.LoggingConfig?.LogGroup ?? null);
  if (!logGroup.includes("SchedulesLogs")) problems.push(`logs to ${logGroup}`);
  const counted = byType(resources, "AWS::Logs::MetricFilter").some(
    ([, f]) =>
      f.Properties.FilterPattern === FAILED_INVOCATION_PATTERN.logPatternString &&
      JSON.stringify(f.Properties.LogGroupName).includes("SchedulesLogs"),
  );
  if (!counted) problems.push("the schedules' log group counts no failures");
  const onFailure = byType(resources, "AWS::Lambda::EventInvokeConfig").find(([, c]) =>
    JSON.stringify(c.Properties.FunctionName).includes(fn[0]),
  );
  const destination = JSON.stringify(onFailure?.[1].Properties.DestinationConfig ?? null);
  if (!destination.includes("FailedScheduledRuns")) problems.push("failed runs go nowhere");
  return problems;
}

describe("the monthly report run", () => {
  test("runs hourly on the first of each month", () => {
    expect(scheduleProblems(jobs)).toEqual([]);
    const broken = structuredClone(jobs);
    for (const [, rule] of byType(broken, "AWS::Events::Rule")) {
      rule.Properties.ScheduleExpression = "rate(1 hour)";
    }
    expect(scheduleProblems(broken)).toEqual(["the rule runs on rate(1 hour)"]);
  });

  test("may read and write the table and send to the Jobs and Events queues, nothing else", () => {
    expect(grantProblems(jobs)).toEqual([]);
    const broken = structuredClone(jobs);
    const fn = runFunction(broken);
    if (!fn) throw new Error("no MonthlyReports function");
    const roleId = (fn[1].Properties.Role as { "Fn::GetAtt": [string] })["Fn::GetAtt"][0];
    for (const [, policy] of byType(broken, "AWS::IAM::Policy")) {
      if (!JSON.stringify(policy.Properties.Roles).includes(roleId)) continue;
      policy.Properties.PolicyDocument.Statement.push({
        Effect: "Allow",
        Action: "s3:GetObject",
        Resource: "arn:aws:s3:::bucket/*",
      });
    }
    expect(grantProblems(broken)).toContain("touches the bucket");
  });

  test("is watched with the schedules, and a failed run is kept", () => {
    expect(monitoringProblems(jobs)).toEqual([]);
    const broken = structuredClone(jobs);
    const fn = runFunction(broken);
    if (fn) delete fn[1].Properties.LoggingConfig;
    for (const [id] of byType(broken, "AWS::Lambda::EventInvokeConfig")) delete broken[id];
    expect(monitoringProblems(broken)).toEqual(["logs to null", "failed runs go nowhere"]);
  });
});
