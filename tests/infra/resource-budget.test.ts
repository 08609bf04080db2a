/**
 * CloudFormation refuses a stack of more than 500 resources, and a route costs six (function,
 * role, policy, invoke permission, integration, route). Every stack of the app stays at or
 * under RESOURCE_BUDGET, which leaves room for the next routes and for what other stacks add;
 * stacks/Api.ts spreads the routes over one stack per area (docs/decisions.md, "API routes in
 * several stacks").
 */
import { type RouteRecord, routes } from "@portal/functions/routes";
import type { Template } from "aws-cdk-lib/assertions";
import { type StackContext, use } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import { Analytics } from "../../stacks/Analytics";
import { createApi, ROUTE_STACKS, routeStackOf, THROTTLE } from "../../stacks/Api";
import { Events } from "../../stacks/Events";
import { Hosting } from "../../stacks/Hosting";
import { Jobs } from "../../stacks/Jobs";
import { Privacy } from "../../stacks/Privacy";
import { Storage } from "../../stacks/Storage";
import { createApp, stackTemplates, synthesize, validSettings } from "./synth";

/** At most this many resources in any stack: 70% of CloudFormation's 500. */
const RESOURCE_BUDGET = 350;

const resourceCount = (template: Template) => Object.keys(template.toJSON().Resources).length;

/** Every stack above the budget, in words; empty when all fit. */
function overBudget(templates: Map<string, Template>, budget = RESOURCE_BUDGET): string[] {
  return [...templates]
    .filter(([, template]) => resourceCount(template) > budget)
    .map(([name, template]) => `${name}: ${resourceCount(template)} resources (budget ${budget})`);
}

/**
 * `count` routes made from the real records (their handlers and grants, so their functions cost
 * what real ones do) under paths of their own, optionally all with one handler folder.
 */
function syntheticRoutes(count: number, folder?: string): Record<string, RouteRecord> {
  const records = Object.values(routes) as RouteRecord[];
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => {
      // Without the record's other paths, which only one route may answer.
      const { alsoAt: _paths, ...record } = records[i % records.length] as RouteRecord;
      const handler = folder
        ? record.handler.replace(/\/api\/[^/]+\//, `/api/${folder}/`)
        : record.handler;
      return [`GET /api/synthetic/${i}`, { ...record, handler }];
    }),
  );
}

/**
 * An app of the real Storage, Events, Jobs and Analytics stacks and an API built by the same
 * createApi as the real one, from `routeTable`: the templates of all its stacks.
 */
async function synthesizeApiOf(routeTable: Record<string, RouteRecord>) {
  const app = await createApp("budget", validSettings);
  app
    .stack(Storage)
    .stack(Events)
    .stack(Jobs)
    .stack(Hosting)
    .stack(Analytics)
    .stack(Privacy)
    .stack(function Synthetic({ stack }: StackContext) {
      const { table, bucket, config, originSecret, settings } = use(Storage);
      const { queue: events, webhooks } = use(Events);
      createApi(stack, "Synthetic", routeTable, {
        mail: settings.mail,
        table,
        bucket,
        config,
        originSecret,
        queue: use(Jobs).queue,
        events,
        webhooks,
        pageViews: use(Analytics).queue,
        privacyJobs: use(Privacy).privacyJobs,
        hosting: use(Hosting).hosting,
      });
    });
  return stackTemplates(app);
}

describe("resource budget", () => {
  let templates: Map<string, Template>;
  beforeAll(async () => {
    const { app } = await synthesize();
    templates = stackTemplates(app);
  });

  test(`no stack of the app holds more than ${RESOURCE_BUDGET} resources`, () => {
    expect(overBudget(templates)).toEqual([]);
    // The API's routes are spread: no stack carries most of them.
    const routeCount = Object.keys(routes).length;
    for (const [name, template] of templates) {
      const served = Object.keys(template.findResources("AWS::ApiGatewayV2::Route")).length;
      expect(served, name).toBeLessThan(routeCount / 2);
    }
  });

  test("the API's own stack keeps only the API, its stage and the throttled routes", () => {
    const api = templates.get("Api");
    if (!api) throw new Error("no Api stack");
    const served = Object.values(api.findResources("AWS::ApiGatewayV2::Route")).map(
      (route) => route.Properties.RouteKey,
    );
    const { stage: _stage, ...throttled } = THROTTLE;
    expect(served.sort()).toEqual(Object.keys(throttled).sort());
    for (const area of Object.keys(ROUTE_STACKS)) expect(templates.has(`Api${area}`)).toBe(true);
  });

  test("a route table of 120 routes spread like today's still fits every stack", async () => {
    const synthetic = await synthesizeApiOf(syntheticRoutes(120));
    const routeStacks = [...synthetic.keys()].filter((name) => name.startsWith("Synthetic"));
    expect(routeStacks.length).toBeGreaterThan(Object.keys(ROUTE_STACKS).length - 1);
    expect(overBudget(synthetic)).toEqual([]);
  });

  test("the count catches an over-budget stack: 70 routes of one area in one stack", async () => {
    // Over the budget, under CloudFormation's 500 (CDK itself refuses a larger stack).
    const synthetic = await synthesizeApiOf(syntheticRoutes(70, "staff"));
    const problems = overBudget(synthetic);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SyntheticStaff: 4\d\d resources \(budget 350\)$/);
  });

  test("a handler folder no stack lists stops synthesis with the place to add it", () => {
    const record: RouteRecord = {
      handler: "packages/functions/src/api/newsletters/list.handler",
      entitlement: "validPlan",
      grants: ["table:read"],
    };
    expect(() => routeStackOf("GET /api/newsletters", record)).toThrow(
      'GET /api/newsletters: no stack holds the handler folder "newsletters"; add it to ROUTE_STACKS in stacks/Api.ts',
    );
    for (const [routeKey, record] of Object.entries(routes)) {
      expect(() => routeStackOf(routeKey, record)).not.toThrow();
    }
  });
});
