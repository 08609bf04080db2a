/**
 * The HTTP API. Its routes are the records of packages/functions/src/routes.ts, one Lambda per
 * route, each granted exactly what its record names (stacks/grants.ts). Browsers reach it only
 * through the portal's CloudFront distribution (stacks/Web.ts): same origin, so no CORS.
 */

import { ORIGIN_VERIFY_ENV } from "@portal/functions/api/origin-verify";
import { type RouteRecord, routeGrants, routes } from "@portal/functions/routes";
import {
  aws_apigatewayv2 as apigatewayv2,
  type aws_secretsmanager as secretsmanager,
} from "aws-cdk-lib";
import type { Construct } from "constructs";
import { type ApiRouteProps, Api as HttpApi, type StackContext, use } from "sst/constructs";
import { Analytics } from "./Analytics";
import { Events } from "./Events";
import { type GrantResources, grantsProps } from "./grants";
import { Jobs } from "./Jobs";
import { Privacy } from "./Privacy";
import { Storage } from "./Storage";

export interface ApiResources extends GrantResources {
  /** The value CloudFront sends in the origin-verify header; the handlers compare it. */
  originSecret: secretsmanager.ISecret;
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

/** Builds the HTTP API for a route table ("METHOD /path" → record). */
export function createApi(
  scope: Construct,
  id: string,
  routeTable: Readonly<Record<string, RouteRecord>>,
  resources: ApiResources,
) {
  const { config, originSecret } = resources;
  const apiRoutes: Record<string, ApiRouteProps<string>> = {};
  for (const [routeKey, record] of Object.entries(routeTable)) {
    const granted = grantsProps(routeGrants(routeKey, record), resources);
    apiRoutes[routeKey] = {
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
          [ORIGIN_VERIFY_ENV]: originSecret.secretValue.unsafeUnwrap(),
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
    routes: apiRoutes,
  });

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
  return api;
}

export function Api({ stack }: StackContext) {
  const { table, bucket, config, originSecret } = use(Storage);
  const { queue } = use(Jobs);
  const { queue: events, webhooks } = use(Events);
  const { queue: pageViews } = use(Analytics);
  const { privacyJobs } = use(Privacy);
  const api = createApi(stack, "Api", routes, {
    table,
    bucket,
    config,
    queue,
    events,
    webhooks,
    pageViews,
    privacyJobs,
    originSecret,
  });
  stack.addOutputs({ ApiUrl: api.url });
  return { api };
}
