/**
 * Questions the infra tests ask of synthesised CloudFormation: which function serves a route,
 * and whether a function's IAM policies allow an action on a resource.
 */
import type { Template } from "aws-cdk-lib/assertions";
import { ACCOUNT, REGION } from "./synth";

type Json = unknown;
interface Resource {
  Type: string;
  Properties?: Record<string, Json>;
}
export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: Json;
}

function resources(template: Template): Record<string, Resource> {
  return (template.toJSON() as { Resources: Record<string, Resource> }).Resources;
}

function resource(template: Template, logicalId: string): Resource {
  const found = resources(template)[logicalId];
  if (!found) throw new Error(`No resource ${logicalId}`);
  return found;
}

/** The logical id an intrinsic `{ Ref }` or `{ "Fn::GetAtt": [id, attr] }` points at. */
function referencedId(value: Json): string {
  const v = value as { Ref?: string; "Fn::GetAtt"?: [string, string] };
  const id = v.Ref ?? v["Fn::GetAtt"]?.[0];
  if (!id) throw new Error(`Not a reference: ${JSON.stringify(value)}`);
  return id;
}

export interface RouteFunction {
  functionId: string;
  roleId: string;
  properties: Record<string, Json>;
  /** The template of the stack the route, its function and its role are in. */
  template: Template;
}

/**
 * Route key → the Lambda behind it (route → integration → function → role), over the API's
 * stacks (stacks/Api.ts puts each area's routes in a stack of its own).
 */
export function routeFunctions(
  templates: Template | readonly Template[],
): Map<string, RouteFunction> {
  const result = new Map<string, RouteFunction>();
  for (const api of Array.isArray(templates) ? templates : [templates as Template]) {
    for (const [routeKey, fn] of stackRouteFunctions(api)) {
      if (result.has(routeKey)) throw new Error(`${routeKey} is served from two stacks`);
      result.set(routeKey, fn);
    }
  }
  return result;
}

function stackRouteFunctions(api: Template): Map<string, RouteFunction> {
  const result = new Map<string, RouteFunction>();
  for (const route of Object.values(api.findResources("AWS::ApiGatewayV2::Route"))) {
    const props = route.Properties as {
      RouteKey: string;
      Target: { "Fn::Join": [string, Json[]] };
    };
    const integrationId = referencedId(props.Target["Fn::Join"][1][1]);
    const integration = resource(api, integrationId).Properties as { IntegrationUri: Json };
    const functionId = referencedId(integration.IntegrationUri);
    const fn = resource(api, functionId).Properties ?? {};
    result.set(props.RouteKey, {
      functionId,
      roleId: referencedId(fn.Role),
      properties: fn,
      template: api,
    });
  }
  return result;
}

/** Every statement of every IAM policy attached to the role. */
export function roleStatements(template: Template, roleId: string): Statement[] {
  const statements: Statement[] = [];
  for (const policy of Object.values(template.findResources("AWS::IAM::Policy"))) {
    const props = policy.Properties as {
      Roles: Json[];
      PolicyDocument: { Statement: Statement[] };
    };
    if (props.Roles.some((r) => referencedId(r) === roleId)) {
      statements.push(...props.PolicyDocument.Statement);
    }
  }
  return statements;
}

/**
 * A policy resource as text: literal parts kept (IAM wildcards included), pseudo parameters
 * filled in, any other intrinsic (an imported ARN, a GetAtt) kept as its JSON in «», which can
 * only match a target that names the same logical id.
 */
function resourceText(value: Json): string {
  if (typeof value === "string") return value;
  const v = value as { Ref?: string; "Fn::Join"?: [string, Json[]] };
  if (v.Ref === "AWS::Partition") return "aws";
  if (v.Ref === "AWS::Region") return REGION;
  if (v.Ref === "AWS::AccountId") return ACCOUNT;
  if (v["Fn::Join"]) return v["Fn::Join"][1].map(resourceText).join(v["Fn::Join"][0]);
  return `«${JSON.stringify(value)}»`;
}

function glob(pattern: string, text: string, ignoreCase = false): boolean {
  const source = pattern
    .split("")
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`, ignoreCase ? "i" : "").test(text);
}

export type Target =
  /** a literal ARN, e.g. of an SSM parameter */
  | { arn: string }
  /** any ARN built from the resource with this logical id (directly or imported) */
  | { logicalId: string; suffix?: string };

function resourceMatches(resourcePattern: string, target: Target): boolean {
  if ("arn" in target) return glob(resourcePattern, target.arn);
  if (resourcePattern === "*") return true;
  if (!resourcePattern.includes(target.logicalId)) return false;
  return target.suffix === undefined || resourcePattern.endsWith(target.suffix);
}

/** Whether any Allow statement grants `action` on `target` (no Deny statements exist here). */
export function allows(statements: Statement[], action: string, target: Target): boolean {
  return statements.some((s) => {
    if (s.Effect !== "Allow") return false;
    const actions = Array.isArray(s.Action) ? s.Action : [s.Action];
    if (!actions.some((a) => glob(a, action, true))) return false;
    const list = Array.isArray(s.Resource) ? s.Resource : [s.Resource];
    return list.map(resourceText).some((r) => resourceMatches(r, target));
  });
}

/** The one resource of a type in a template, with its logical id. */
export function only(template: Template, type: string): [string, Resource] {
  const found = Object.entries(template.findResources(type));
  if (found.length !== 1) throw new Error(`Expected one ${type}, found ${found.length}`);
  return found[0] as [string, Resource];
}

/** The Lambda function whose logical id starts with the construct id given, with its role. */
export function lambda(template: Template, constructId: string): RouteFunction {
  const found = Object.entries(template.findResources("AWS::Lambda::Function")).filter(([id]) =>
    id.startsWith(constructId),
  );
  if (found.length !== 1)
    throw new Error(`Expected one function ${constructId}*, found ${found.length}`);
  const [functionId, fn] = found[0] as [string, Resource];
  const properties = fn.Properties ?? {};
  return { functionId, roleId: referencedId(properties.Role), properties, template };
}

export interface ConsumerConcurrency {
  /** The event source mapping's ScalingConfig.MaximumConcurrency, if set. */
  maximumConcurrency: number | undefined;
  /** The consuming function's ReservedConcurrentExecutions, if set. */
  reserved: number | undefined;
}

/**
 * How many copies of a queue's consumer may run: the cap on its event source mapping and the
 * concurrency reserved for the function it invokes. Reads template JSON, so a test can also
 * ask it about a template it changed on purpose.
 */
export function consumerConcurrency(
  json: { Resources: Record<string, { Type: string; Properties?: Record<string, Json> }> },
  queueId: string,
): ConsumerConcurrency {
  const mappings = Object.values(json.Resources).filter(
    (r) =>
      r.Type === "AWS::Lambda::EventSourceMapping" &&
      referencedId(r.Properties?.EventSourceArn) === queueId,
  );
  if (mappings.length !== 1) {
    throw new Error(`Expected one event source mapping on ${queueId}, found ${mappings.length}`);
  }
  const props = mappings[0]?.Properties ?? {};
  const scaling = props.ScalingConfig as { MaximumConcurrency?: number } | undefined;
  const fn = json.Resources[referencedId(props.FunctionName)];
  return {
    maximumConcurrency: scaling?.MaximumConcurrency,
    reserved: fn?.Properties?.ReservedConcurrentExecutions as number | undefined,
  };
}

/** The table's own ARN (an imported value, rendered «…» by resourceText), not an index's. */
export const table: Target = { logicalId: "MainTable", suffix: "»" };
export const tableIndexes: Target = { logicalId: "MainTable", suffix: "/index/*" };

/** A template's JSON, for a test that changes a copy on purpose to show a check catches it. */
export interface TemplateResource {
  Type: string;
  Properties: Record<string, unknown>;
}
export type TemplateJson = { Resources: Record<string, TemplateResource> };
