/**
 * The HTTP API. Its routes are the records of packages/functions/src/routes.ts, one Lambda per
 * route, each granted exactly what its record names (stacks/grants.ts). Browsers reach it only
 * through the portal's CloudFront distribution (stacks/Web.ts): same origin, so no CORS.
 *
 * A route costs six CloudFormation resources (function, role, policy, invoke permission,
 * integration, route) and a stack may hold 500, so the routes' resources live in one stack
 * per area of the product (ROUTE_STACKS) and the Api stack keeps the HTTP API itself
 * (docs/decisions.md, "API routes in several stacks").
 */

import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_ROTATING_ENV } from "@portal/functions/api/origin-verify";
import { type RouteRecord, routeGrants, routes } from "@portal/functions/routes";
import { aws_apigatewayv2 as apigatewayv2 } from "aws-cdk-lib";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import type { Construct } from "constructs";
import {
  type ApiRouteProps,
  type App,
  Api as HttpApi,
  Stack,
  type StackContext,
  use,
} from "sst/constructs";
import { Analytics } from "./Analytics";
import { Events } from "./Events";
import { type GrantResources, grantsProps } from "./grants";
import { Hosting } from "./Hosting";
import { Jobs } from "./Jobs";
import type { OriginSecret } from "./origin-secret";
import { Privacy } from "./Privacy";
import { Storage } from "./Storage";

export interface ApiResources extends GrantResources {
  /** The values the handlers accept in the origin-verify header (stacks/origin-secret.ts). */
  originSecret: OriginSecret;
}

/**
 * Requests per second (steady, and burst) API Gateway lets through before answering 429. The
 * whole stage, then the public page-view endpoint, which every customer's visitors call and
 * which must never crowd out the portal.
 */
export const THROTTLE = {
  stage: { rate: 300, burst: 600 },
  "POST /api/collect": { rate: 100, burst: 200 },
} as const;

/**
 * Which stack holds a route's resources, by the folder of its handler
 * (packages/functions/src/api/<folder>/…): a route never moves between stacks unless its
 * handler moves, since CloudFormation would try to create it in the new stack while the old
 * one still holds its route key. Each stack's name is the API's id followed by the key here
 * ("ApiBilling"). Routes with their own throttling stay in the API's stack: the stage names
 * them, so they must be created with it.
 */
export const ROUTE_STACKS = {
  Customer: [
    "auth",
    "questionnaires",
    "dashboard",
    "activities",
    "sites",
    "tickets",
    "notifications",
    // The customer's own data (export, deletion) and the identity provider's webhook.
    "account",
    "webhooks",
    // Review and approval of the draft: the customer's answers and the team's rounds.
    "review",
  ],
  Billing: ["billing"],
  Tools: ["seo", "lighthouse", "analytics", "developer", "reports"],
  Staff: ["staff"],
  // The customer's content and the team's side of it (docs/content.md).
  Content: ["content"],
  // The team's deployments of customers' sites (docs/hosting.md).
  Hosting: ["hosting"],
  // The customer's team: members, roles, invitations, accounts (docs/team.md).
  Team: ["team"],
} as const satisfies Record<string, readonly string[]>;

/** The ROUTE_STACKS key for a record, from its handler's folder. */
export function routeStackOf(
  routeKey: string,
  record: RouteRecord,
  stacks: Readonly<Record<string, readonly string[]>> = ROUTE_STACKS,
): string {
  const folder = /^packages\/functions\/src\/api\/([^/]+)\//.exec(record.handler)?.[1];
  const stack = Object.keys(stacks).find((name) => folder && stacks[name]?.includes(folder));
  if (!stack) {
    throw new Error(
      `${routeKey}: no stack holds the handler folder "${folder ?? record.handler}"; add it to ROUTE_STACKS in stacks/Api.ts`,
    );
  }
  return stack;
}

/**
 * Builds the HTTP API for a route table ("METHOD /path" → record): the API, its stage and the
 * throttled routes in `scope`'s stack, every other route in its area's stack (ROUTE_STACKS),
 * created on the app beside it. Answers the API and those stacks.
 */
export function createApi(
  scope: Construct,
  id: string,
  routeTable: Readonly<Record<string, RouteRecord>>,
  resources: ApiResources,
) {
  const { config, originSecret } = resources;
  const ownRoutes: Record<string, ApiRouteProps<string>> = {};
  const areaRoutes = new Map<string, Record<string, ApiRouteProps<string>>>();
  for (const [routeKey, record] of Object.entries(routeTable)) {
    const granted = grantsProps(routeGrants(routeKey, record), resources);
    let group = ownRoutes;
    if (!(routeKey in THROTTLE)) {
      const area = routeStackOf(routeKey, record);
      group = areaRoutes.get(area) ?? {};
      areaRoutes.set(area, group);
    }
    group[routeKey] = {
      function: {
        handler: record.handler,
        ...granted,
        // Public routes never read a session, so they never get the key that verifies one.
        bind: [
          ...(granted.bind ?? []),
          ...(record.entitlement === "public" ? [] : [config.secrets.CLERK_JWT_KEY]),
        ],
      },
    };
  }

  const api = new HttpApi(scope, id, {
    defaults: {
      function: {
        // API Gateway stops waiting after 30 s.
        timeout: "29 seconds",
        environment: {
          // Resolved by CloudFormation at deploy time from Secrets Manager: never in the template.
          [ORIGIN_VERIFY_ENV]: originSecret.sent.unsafeUnwrap(),
          // While the secret rotates, the other value is accepted too (docs/access.md).
          ...(originSecret.rotating
            ? { [ORIGIN_VERIFY_ROTATING_ENV]: originSecret.rotating.unsafeUnwrap() }
            : {}),
        },
        // Parameters are plain configuration (no secret, no IAM grant), so every function
        // gets all of them and a handler never fails on an unbound Config value.
        bind: Object.values(config.parameters),
      },
      throttle: THROTTLE.stage,
    },
    // Browsers call it on the SPA's own origin, through CloudFront: no cross-origin caller is
    // ever allowed (SST's default would allow every origin).
    cors: false,
    routes: ownRoutes,
  });
  // SST's Api puts a route's function, integration, permission and route in the scope given.
  const app = scope.node.root as App;
  const routeStacks = [...areaRoutes].map(([area, group]) => {
    const stack = new Stack(app, `${id}${area}`);
    api.addRoutes(stack, group);
    return stack;
  });
  addAliasRoutes(api, routeTable);

  const stage = api.cdk.httpApi.defaultStage?.node.defaultChild as apigatewayv2.CfnStage;
  const { stage: _stage, ...perRoute } = THROTTLE;
  const limited = Object.entries(perRoute).filter(([routeKey]) => routeKey in routeTable);
  stage.routeSettings = Object.fromEntries(
    limited.map(([routeKey, limit]) => [
      routeKey,
      // Passed to CloudFormation as written (the property is untyped): its own casing.
      { ThrottlingRateLimit: limit.rate, ThrottlingBurstLimit: limit.burst },
    ]),
  );
  // API Gateway refuses settings for a route that does not exist yet.
  for (const child of api.node.findAll()) {
    if (child instanceof apigatewayv2.CfnRoute && limited.some(([key]) => key === child.routeKey)) {
      stage.addDependency(child);
    }
  }
  return { api, routeStacks };
}

/**
 * A record's `alsoAt` route keys: each one more route (and integration and invoke permission)
 * on the record's own function, beside it in its stack, so one function answers both paths.
 */
function addAliasRoutes(api: HttpApi, routeTable: Readonly<Record<string, RouteRecord>>) {
  for (const [routeKey, record] of Object.entries(routeTable)) {
    const fn = record.alsoAt?.length ? api.getFunction(routeKey) : undefined;
    if (!fn) continue;
    const scope = Stack.of(fn);
    for (const alias of record.alsoAt ?? []) {
      if (alias in routeTable)
        throw new Error(`${alias} is both a route and an alias of ${routeKey}`);
      const [method = "", path = ""] = alias.split(" ");
      const name = alias.replace(/[^A-Za-z0-9]/g, "_");
      new apigatewayv2.HttpRoute(scope, `Route_${name}`, {
        httpApi: api.cdk.httpApi,
        routeKey: apigatewayv2.HttpRouteKey.with(path, method as apigatewayv2.HttpMethod),
        integration: new HttpLambdaIntegration(`Integration_${name}`, fn),
      });
    }
  }
}

export function Api({ stack }: StackContext) {
  const { table, bucket, config, originSecret, settings } = use(Storage);
  const { queue } = use(Jobs);
  const { queue: events, webhooks } = use(Events);
  const { queue: pageViews } = use(Analytics);
  const { privacyJobs } = use(Privacy);
  const { hosting } = use(Hosting);
  const { api, routeStacks } = createApi(stack, "Api", routes, {
    table,
    bucket,
    config,
    queue,
    events,
    webhooks,
    pageViews,
    privacyJobs,
    hosting,
    originSecret,
    // The team's invitation mails (docs/team.md).
    mail: settings.mail,
  });
  stack.addOutputs({ ApiUrl: api.url });
  return { api, routeStacks };
}
