/**
 * `npm run preflight -- --stage <stage>`: everything a deploy of the stage needs, checked before
 * it runs, one line per check (docs/operations.md "First deploy"). A check says what it found,
 * or what is wrong and the README "Deploy" step that fixes it. Checks that need an output of the
 * first deploy (the Stripe webhook endpoint and its secret) wait for it instead of failing.
 *
 * This is the runner: the checks are in checks/, what a check is in check.ts, and what
 * preflight changes (only with --create-webhook) in writes.ts.
 */
import { ACMClient } from "@aws-sdk/client-acm";
import { CloudFormationClient } from "@aws-sdk/client-cloudformation";
import { LambdaClient } from "@aws-sdk/client-lambda";
import { Route53Client } from "@aws-sdk/client-route-53";
import { SESv2Client } from "@aws-sdk/client-sesv2";
import { SSMClient } from "@aws-sdk/client-ssm";
import { STSClient } from "@aws-sdk/client-sts";
import {
  type Check,
  type Context,
  errorText,
  fail,
  type Outcome,
  type PreflightOptions,
  wait,
} from "./check";
import { preflightChecks } from "./checks";
import { type DeployStep, readDeploySteps, stepProviding } from "./readme";
import { type CheckLine, formatLine, passed, type Status } from "./report";
import { secretRules } from "./secrets";

export { type Check, type CheckLine, formatLine, type PreflightOptions, passed, type Status };

function stepNote(steps: DeployStep[], need: string | undefined) {
  const step = need ? stepProviding(steps, need) : undefined;
  return step ? ` (README "Deploy" step ${step.number})` : "";
}

export async function runPreflight(options: PreflightOptions): Promise<CheckLine[]> {
  const steps = readDeploySteps(options.readme);
  const region = options.region;
  const context: Context = {
    ...options,
    state: { secrets: new Map() },
    clients: {
      sts: new STSClient({ region }),
      lambda: new LambdaClient({ region }),
      ssm: new SSMClient({ region }),
      ses: new SESv2Client({ region }),
      // CloudFront takes certificates from us-east-1 only.
      acm: new ACMClient({ region: "us-east-1" }),
      cloudFormation: new CloudFormationClient({ region }),
      // Route 53 is global; its API lives in us-east-1.
      route53: new Route53Client({ region: "us-east-1" }),
    },
    setSecretCommand: (name) =>
      `npx sst secrets set ${name} ${secretRules[name]?.example ?? "<value>"} --stage ${options.stage}`,
  };
  const checks = preflightChecks();
  const providerName = new Map(checks.map((check) => [check.provides, check.name]));
  const statusOf = new Map<string, Status>();
  const lines: CheckLine[] = [];
  for (const check of checks) {
    const blocked = check.after.filter((name) => statusOf.get(name) !== "ok");
    let outcome: Outcome;
    if (blocked.length > 0) {
      const names = blocked.map((name) => providerName.get(name) ?? name).join(", ");
      const waiting = blocked.every((name) => statusOf.get(name) === "wait");
      outcome = waiting
        ? wait(`waits for: ${names}`)
        : { status: "skip", message: `needs what did not pass above: ${names}` };
    } else {
      try {
        outcome = await check.run(context);
      } catch (error) {
        outcome = fail(check.needs[0] ?? "settings", errorText(error));
      }
    }
    if (check.provides) statusOf.set(check.provides, outcome.status);
    const note =
      outcome.status === "wait"
        ? stepNote(steps, "deploy").replace("(", "(after ")
        : outcome.status === "fail"
          ? stepNote(steps, outcome.need)
          : "";
    lines.push({ name: check.name, status: outcome.status, message: `${outcome.message}${note}` });
  }
  return lines;
}
