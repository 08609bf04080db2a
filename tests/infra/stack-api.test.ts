/**
 * The API (stacks/Api.ts): one function per route record, each granted what its record says and
 * nothing more (route-grants.ts), its throttling and bundling; and every function's runtime.
 * Synthesised offline for stage "test" (synthesized-app.ts) and asserted with CDK's Template.
 */
import {
  type Grant,
  type RouteRecord,
  routeKeysOf,
  routeRecord,
  routes,
} from "@portal/functions/routes";
import { Match } from "aws-cdk-lib/assertions";
import { Runtime } from "aws-cdk-lib/aws-lambda";
import { Function as SstFunction } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import { Api, THROTTLE } from "../../stacks/Api";
import { RUNTIME_SDK_CLIENTS, UNUSED_CREDENTIAL_PROVIDERS } from "../../stacks/bundling";
import { expectGrants } from "./route-grants";
import { functionProps } from "./synth";
import { type SynthesizedApp, synthesizeApp } from "./synthesized-app";
import { allows, only, roleStatements, routeFunctions } from "./template-queries";

let app: SynthesizedApp["app"];
let template: SynthesizedApp["template"];
let jobs: SynthesizedApp["jobs"];
let api: SynthesizedApp["api"];
let apiTemplates: SynthesizedApp["apiTemplates"];
let deadLettersId: SynthesizedApp["deadLettersId"];
let grantTargets: SynthesizedApp["grantTargets"];
let events: SynthesizedApp["events"];
let analytics: SynthesizedApp["analytics"];

beforeAll(async () => {
  ({ app, template, jobs, api, events, analytics, apiTemplates, deadLettersId, grantTargets } =
    await synthesizeApp());
});

describe("Api", () => {
  test("every entry of the route table is an API route, and there are no others", () => {
    const served = [...routeFunctions(apiTemplates()).keys()].sort();
    const keys = (Object.entries(routes) as [string, RouteRecord][]).flatMap(([key, record]) =>
      routeKeysOf(key, record),
    );
    expect(served).toEqual(keys.sort());
    expect(served.length).toBeGreaterThan(0);
  });

  test("a record's other route keys reach the record's own function, not a copy", () => {
    const served = routeFunctions(apiTemplates());
    const own = served.get("GET /api/questionnaires/me");
    const alias = served.get("GET /api/questionnaire");
    expect(own?.functionId).toBeDefined();
    expect(alias?.functionId).toBe(own?.functionId);
    expect(alias?.template).toBe(own?.template);
  });

  test("each route's function runs the handler the route table names", () => {
    for (const [routeKey, { handler }] of Object.entries(routes)) {
      expect(functionProps(api.api.getFunction(routeKey)).handler).toBe(handler);
    }
  });

  test("each route's function can do exactly what its record grants", () => {
    for (const [routeKey, fn] of routeFunctions(apiTemplates())) {
      const record = routeRecord(routeKey);
      if (!record) throw new Error(`${routeKey}: no record`);
      try {
        expectGrants(fn, roleStatements(fn.template, fn.roleId), record, routeKey, grantTargets);
      } catch (error) {
        throw new Error(`${routeKey}: ${(error as Error).message}`);
      }
    }
  });

  test("a function whose grant is taken away no longer passes the check (the check can fail)", () => {
    const [routeKey, fn] = [...routeFunctions(apiTemplates())].find(([key]) =>
      (routes[key as keyof typeof routes].grants as readonly Grant[]).includes("jobs:send"),
    ) ?? ["", undefined];
    if (!fn) throw new Error("no route sends jobs");
    const statements = roleStatements(fn.template, fn.roleId).filter(
      (s) => !JSON.stringify(s.Action).includes("sqs:SendMessage"),
    );
    expect(() =>
      expectGrants(fn, statements, routes[routeKey as keyof typeof routes], routeKey, grantTargets),
    ).toThrow();
  });

  test("no API function can reach the dead-letter queue", () => {
    for (const fn of routeFunctions(apiTemplates()).values()) {
      const statements = roleStatements(fn.template, fn.roleId);
      expect(allows(statements, "sqs:ReceiveMessage", { logicalId: deadLettersId })).toBe(false);
      expect(allows(statements, "sqs:SendMessage", { logicalId: deadLettersId })).toBe(false);
    }
  });

  test("has no CORS: browsers call it on the SPA's own origin", () => {
    template(Api).hasResourceProperties("AWS::ApiGatewayV2::Api", {
      CorsConfiguration: Match.absent(),
    });
  });

  test("the stage throttles every route, and the public page-view route lower still", () => {
    const collect = THROTTLE["POST /api/collect"];
    expect(collect.rate).toBeLessThan(THROTTLE.stage.rate);
    template(Api).hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: THROTTLE.stage.rate,
        ThrottlingBurstLimit: THROTTLE.stage.burst,
      }),
      RouteSettings: {
        "POST /api/collect": {
          ThrottlingRateLimit: collect.rate,
          ThrottlingBurstLimit: collect.burst,
        },
      },
    });
    // The route must exist before the stage names it.
    const [stageId] = only(template(Api), "AWS::ApiGatewayV2::Stage");
    const stage = template(Api).toJSON().Resources[stageId] as { DependsOn?: string[] };
    const collectRoute = Object.entries(
      template(Api).findResources("AWS::ApiGatewayV2::Route"),
    ).find(([, r]) => r.Properties.RouteKey === "POST /api/collect");
    expect(stage.DependsOn).toContain(collectRoute?.[0]);
  });

  test("API functions run nodejs24.x ESM bundles on arm64", () => {
    for (const fn of routeFunctions(apiTemplates()).values()) {
      expect(fn.properties.Architectures).toEqual(["arm64"]);
    }
    // The runtime and format are applied when SST bundles (App.finish), so they are read from
    // the construct; the template only holds SST's placeholder until then.
    for (const routeKey of Object.keys(routes)) {
      const props = functionProps(api.api.getFunction(routeKey));
      expect(props?.runtime).toBe("nodejs24.x");
      expect(props?.nodejs?.format).toBe("esm");
    }
  });

  test("every function leaves SST's SSM client and the unused credential providers to the runtime, and only those", () => {
    const functions = [
      ...Object.keys(routes).map((routeKey) => api.api.getFunction(routeKey)),
      jobs.worker,
      events.consumer,
      analytics.consumer,
    ];
    for (const fn of functions) {
      const external = functionProps(fn).nodejs?.esbuild?.external ?? [];
      expect(external).toEqual([...UNUSED_CREDENTIAL_PROVIDERS, ...RUNTIME_SDK_CLIENTS]);
    }
    // The clients our own code calls stay bundled: the version we test is the one we run.
    expect(RUNTIME_SDK_CLIENTS).toEqual(["@aws-sdk/client-ssm"]);
    for (const name of UNUSED_CREDENTIAL_PROVIDERS) {
      expect(name).toMatch(
        /^@(aws-sdk|smithy)\/credential-provider-(ini|sso|web-identity|process|http|imds)$/,
      );
    }
  });
});

describe("runtime", () => {
  test("every function of every stack runs Node 24 LTS, a runtime this aws-cdk-lib knows", () => {
    const functions = app.node.findAll().filter((c) => c instanceof SstFunction);
    // The API's routes, the jobs worker, the notifications mailer, the webhook, uptime…
    expect(functions.length).toBeGreaterThan(Object.keys(routes).length + 3);
    for (const fn of functions) {
      expect(functionProps(fn).runtime, fn.node.path).toBe("nodejs24.x");
    }
    // When SST bundles (App.finish) it writes the runtime into the template as the name of
    // aws-cdk-lib's Runtime for it; without one, synthesis for deploy would fail.
    const known = Runtime.ALL.find((r) => r.name === "nodejs24.x");
    expect(known?.family).toBe(Runtime.NODEJS_22_X.family);
  });
});
