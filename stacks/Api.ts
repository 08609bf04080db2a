/**
 * The HTTP API. Its routes are the entries of packages/functions/src/routes.ts, one Lambda per
 * route; each function's permissions come from stacks/api-access.ts.
 */
import { routes } from "@portal/functions/routes";
import type { Construct } from "constructs";
import {
  type ApiRouteProps,
  type FunctionProps,
  Api as HttpApi,
  type StackContext,
  use,
} from "sst/constructs";
import { type Access, accessFor } from "./api-access";
import { Jobs } from "./Jobs";
import { Storage } from "./Storage";

type StorageOutputs = ReturnType<typeof Storage>;
type JobsOutputs = ReturnType<typeof Jobs>;

export interface ApiResources {
  table: StorageOutputs["table"];
  bucket: StorageOutputs["bucket"];
  config: StorageOutputs["config"];
  queue: JobsOutputs["queue"];
  appUrl: string;
}

/**
 * The function props one kind of access adds. Read-only and send-only access set the variable
 * SST's binding would set (`SST_<Construct>_<prop>_<id>`, so `Bucket.Screenshots.bucketName` and
 * `Queue.Jobs.queueUrl` work as usual) with a narrower grant than binding's s3:* / sqs:*.
 */
function accessProps(access: Access, { bucket, queue, config }: ApiResources): FunctionProps {
  switch (access) {
    case "stripe":
      return { bind: [config.secrets.STRIPE_SECRET_KEY] };
    case "screenshots:read":
      return {
        environment: { SST_Bucket_bucketName_Screenshots: bucket.bucketName },
        permissions: [[bucket.cdk.bucket, "grantRead"]],
      };
    case "screenshots:write":
      return { bind: [bucket] };
    case "jobs:send":
      return {
        environment: { SST_Queue_queueUrl_Jobs: queue.queueUrl },
        permissions: [[queue.cdk.queue, "grantSendMessages"]],
      };
    case "analytics:salt":
      return { bind: [config.secrets.ANALYTICS_SALT_KEY] };
  }
}

function mergeAccess(props: FunctionProps[]): FunctionProps {
  return {
    bind: props.flatMap((p) => p.bind ?? []),
    environment: Object.assign({}, ...props.map((p) => p.environment ?? {})),
    permissions: props.flatMap((p) => (Array.isArray(p.permissions) ? p.permissions : [])),
  };
}

/** Builds the HTTP API for a route table ("METHOD /path" → handler). */
export function createApi(
  scope: Construct,
  id: string,
  routeTable: Readonly<Record<string, string>>,
  resources: ApiResources,
) {
  const { table, config } = resources;
  const apiRoutes: Record<string, ApiRouteProps<string>> = {};
  for (const [routeKey, handler] of Object.entries(routeTable)) {
    const extra = [...accessFor(routeKey)].map((access) => accessProps(access, resources));
    apiRoutes[routeKey] = { function: { handler, ...mergeAccess(extra) } };
  }

  return new HttpApi(scope, id, {
    defaults: {
      function: {
        // API Gateway stops waiting after 30 s.
        timeout: "29 seconds",
        bind: [
          table,
          config.secrets.CLERK_JWT_KEY,
          // Parameters are plain configuration (no secret, no IAM grant), so every function
          // gets all of them and a handler never fails on an unbound Config value.
          ...Object.values(config.parameters),
        ],
      },
    },
    // The SPA calls the API from its own origin with the session token; nothing else may.
    cors: {
      allowOrigins: [resources.appUrl],
      allowCredentials: true,
      allowHeaders: ["authorization", "content-type"],
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      maxAge: "1 day",
    },
    routes: apiRoutes,
  });
}

export function Api({ stack }: StackContext) {
  const { table, bucket, config, settings } = use(Storage);
  const { queue } = use(Jobs);
  const api = createApi(stack, "Api", routes, {
    table,
    bucket,
    config,
    queue,
    appUrl: settings.parameters.APP_URL,
  });
  stack.addOutputs({ ApiUrl: api.url });
  return { api };
}
