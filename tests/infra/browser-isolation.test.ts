/**
 * The audit browser holds no keys (docs/security.md, "The audit browser"): the browser
 * function's role grants nothing and it has no binding, the worker may invoke that one function
 * and nothing else of Lambda's, and the worker's bundle carries no browser.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { jobsWorkerHandler } from "@portal/functions/routes";
import { App, aws_lambda as cdkLambda, aws_iam as iam, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import type { FunctionProps } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { BROWSER_RUNTIME_PACKAGES } from "../../stacks/browser-runtime";
import { bundleHandlers } from "../../stacks/bundling";
import { Jobs } from "../../stacks/Jobs";
import { appOutdir, synthesize } from "./synth";
import { allows, lambda, roleStatements, type Statement } from "./template-queries";

type Json = Record<string, unknown>;
let jobs: Template;
let jobsConstructs: { worker: unknown; browser: unknown };

beforeAll(async () => {
  const { app, template } = await synthesize();
  jobs = template(Jobs);
  const stack = app.node.tryFindChild(app.logicalPrefixedName("Jobs"));
  const find = (id: string) => stack?.node.tryFindChild(id);
  jobsConstructs = { worker: find("JobsWorker"), browser: find("Browser") };
});

const propsOf = (fn: unknown) => (fn as { props: FunctionProps }).props;

/** What a role may do, in words; empty when it may do nothing at all. */
function roleGrants(template: Template, roleId: string): string[] {
  const role = template.toJSON().Resources[roleId] as { Properties: Json } | undefined;
  if (!role) throw new Error(`No role ${roleId}`);
  const grants: string[] = [];
  for (const arn of (role.Properties.ManagedPolicyArns as unknown[]) ?? []) {
    grants.push(`managed policy ${JSON.stringify(arn)}`);
  }
  for (const policy of (role.Properties.Policies as { PolicyName: string }[]) ?? []) {
    grants.push(`inline policy ${policy.PolicyName}`);
  }
  for (const statement of roleStatements(template, roleId)) {
    grants.push(`statement ${JSON.stringify(statement.Action)}`);
  }
  for (const [id, policy] of Object.entries(template.findResources("AWS::IAM::ManagedPolicy"))) {
    const roles = JSON.stringify((policy.Properties as Json).Roles ?? []);
    if (roles.includes(`"${roleId}"`)) grants.push(`managed policy ${id}`);
  }
  return grants;
}

/** Variables of SST bindings and of AWS keys (Lambda adds the role's own keys at run time). */
const SECRET_OR_BINDING =
  /^(SST_(Table|Bucket|Queue|Parameter|Secret|Function|Topic|Api)_|AWS_ACCESS|AWS_SECRET|AWS_SESSION)/;

/** Every Lambda action the statements allow, with its resources. */
function lambdaGrants(statements: Statement[]) {
  return statements
    .filter((s) =>
      (Array.isArray(s.Action) ? s.Action : [s.Action]).some((a) => /^lambda:/i.test(a)),
    )
    .map((s) => ({ Action: s.Action, Resource: s.Resource }));
}

describe("the browser function", () => {
  it("has a role with no statement and no managed policy", () => {
    const browser = lambda(jobs, "Browser");
    expect(roleGrants(jobs, browser.roleId)).toEqual([]);
  });

  it("has no binding and no key in its environment", () => {
    const env = (lambda(jobs, "Browser").properties.Environment as { Variables?: Json })?.Variables;
    expect(Object.keys(env ?? {}).filter((name) => SECRET_OR_BINDING.test(name))).toEqual([]);
    expect(propsOf(jobsConstructs.browser).bind ?? []).toEqual([]);
  });

  it("loads Chromium, Lighthouse and puppeteer from node_modules installed from its lock", () => {
    const props = propsOf(jobsConstructs.browser);
    expect(props.nodejs?.install).toBeUndefined();
    expect(props.nodejs?.esbuild?.external).toEqual(
      expect.arrayContaining(BROWSER_RUNTIME_PACKAGES),
    );
    expect(props.hooks?.afterBuild).toBeTypeOf("function");
  });

  it("the check finds a role that grants something (logs, X-Ray, or a statement)", () => {
    // Broken on purpose: a function with CDK's default role (AWSLambdaBasicExecutionRole) and
    // one extra statement, as SST would make it without the role of our own.
    const app = new App({ outdir: appOutdir() });
    const stack = new Stack(app, "Broken");
    const fn = new cdkLambda.Function(stack, "Browser", {
      code: cdkLambda.Code.fromInline("exports.handler = async () => {}"),
      handler: "index.handler",
      runtime: cdkLambda.Runtime.NODEJS_22_X,
    });
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ["s3:PutObject"], resources: ["*"] }));
    const broken = Template.fromStack(stack);
    const grants = roleGrants(broken, lambda(broken, "Browser").roleId);
    expect(grants).toHaveLength(2);
    expect(grants[0]).toContain("AWSLambdaBasicExecutionRole");
    expect(grants[1]).toContain("s3:PutObject");
  });
});

describe("the jobs worker", () => {
  it("may invoke the browser function and no other Lambda action or function", () => {
    const worker = lambda(jobs, "JobsWorker");
    const browser = lambda(jobs, "Browser");
    const statements = roleStatements(jobs, worker.roleId);
    expect(lambdaGrants(statements)).toEqual([
      { Action: "lambda:InvokeFunction", Resource: { "Fn::GetAtt": [browser.functionId, "Arn"] } },
    ]);
    expect(allows(statements, "lambda:InvokeFunction", { logicalId: browser.functionId })).toBe(
      true,
    );
    // Told which function to call as SST's binding would, without the binding's lambda:*.
    const env = (worker.properties.Environment as { Variables: Json }).Variables;
    expect(env.SST_Function_functionName_Browser).toEqual({ Ref: browser.functionId });
  });

  it("the check finds a worker that may do more with Lambda", () => {
    const worker = lambda(jobs, "JobsWorker");
    const statements = roleStatements(jobs, worker.roleId);
    const broader: Statement[] = [
      ...statements,
      { Effect: "Allow", Action: "lambda:*", Resource: "*" },
    ];
    expect(lambdaGrants(broader)).toHaveLength(2);
  });

  it("installs nothing and bundles no browser", async () => {
    expect(propsOf(jobsConstructs.worker).nodejs?.install).toBeUndefined();
    const out = await mkdtemp(path.join(os.tmpdir(), "portal-worker-bundle-"));
    try {
      const [bundle] = await bundleHandlers([jobsWorkerHandler], out);
      const packages = (bundle?.inputs ?? []).map(([input]) => input);
      expect(packages.length).toBeGreaterThan(0);
      expect(packages.filter((p) => BROWSER_RUNTIME_PACKAGES.some((b) => p.startsWith(b)))).toEqual(
        [],
      );
      // The Lambda client it invokes the browser with is there.
      expect(packages).toContain("@aws-sdk/client-lambda");
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);
});
