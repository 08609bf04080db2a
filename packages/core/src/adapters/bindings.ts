/**
 * Which route grant gives each adapter the binding it reads: the one map of adapter → grant.
 * stacks/grants.ts turns a grant into IAM and the binding's variable; tests/infra/route-grants
 * reads each route bundle's esbuild metafile and fails when a bundle holds an adapter module
 * whose grant its record (packages/functions/src/routes.ts) lacks, or a grant no module in it
 * uses (docs/security.md "Grants the build proves").
 *
 * To add an adapter: one entry here, and the adapter reads its binding with `readBinding`.
 * Modules are repo paths as esbuild's metafile names them. `sdk` are the AWS SDK packages the
 * adapter's grant lets a function call: the `cold` bench's control imports them alone.
 *
 * Reading a binding at first use rather than at import keeps a missing grant from hiding
 * behind a crash at load time, and keeps the cold start free of it (docs/performance.md
 * "`cold`").
 */

export interface AdapterBinding {
  /** The module that reads the binding (from the repo root). */
  module: string;
  /** The binding as SST's `sst/node` names it. */
  binding: string;
  /** Any of these grants sets the binding. */
  grants: readonly string[];
  /** The AWS SDK packages the grant lets the function call. */
  sdk: readonly string[];
  /**
   * A secret SST fetches from SSM at a cold start (`sst/node/config`), rather than a plain
   * variable this module can read itself.
   */
  secret?: true;
}

const TABLE_GRANTS = [
  "table:read",
  "table:write",
  "table:page-views",
  "table:count-views",
  "table:key-use",
  "table:idempotency",
] as const;
const DYNAMODB = ["@aws-sdk/client-dynamodb", "@aws-sdk/lib-dynamodb"] as const;
const SQS = ["@aws-sdk/client-sqs"] as const;
const S3 = ["@aws-sdk/client-s3", "@aws-sdk/s3-request-presigner"] as const;
/** sst/node/config fetches a bound secret with SSM GetParameters at a cold start. */
const SSM = ["@aws-sdk/client-ssm"] as const;

export const ADAPTER_BINDINGS = {
  table: {
    module: "packages/core/src/db/client.ts",
    binding: "Table.Main.tableName",
    grants: TABLE_GRANTS,
    sdk: DYNAMODB,
  },
  jobs: {
    module: "packages/core/src/adapters/queue.ts",
    binding: "Queue.Jobs.queueUrl",
    grants: ["jobs:send"],
    sdk: SQS,
  },
  events: {
    module: "packages/core/src/adapters/events.ts",
    binding: "Queue.Events.queueUrl",
    grants: ["events:send"],
    sdk: SQS,
  },
  webhookDeliveries: {
    module: "packages/core/src/adapters/webhook-deliveries.ts",
    binding: "Queue.WebhookDeliveries.queueUrl",
    grants: ["webhooks:send"],
    sdk: SQS,
  },
  pageViews: {
    module: "packages/core/src/adapters/page-views.ts",
    binding: "Queue.PageViews.queueUrl",
    grants: ["page-views:send"],
    sdk: SQS,
  },
  privacyJobs: {
    module: "packages/core/src/privacy/jobs-queue.ts",
    binding: "Queue.PrivacyJobs.queueUrl",
    grants: ["privacy-jobs:send"],
    sdk: SQS,
  },
  blobs: {
    module: "packages/core/src/adapters/blobs.ts",
    binding: "Bucket.Screenshots.bucketName",
    grants: ["screenshots:read", "screenshots:write", "exports:read", "exports:write"],
    sdk: S3,
  },
  tombstones: {
    module: "packages/core/src/adapters/tombstones.ts",
    binding: "Bucket.Screenshots.bucketName",
    grants: ["tombstones:write"],
    sdk: S3,
  },
  contentStore: {
    module: "packages/core/src/adapters/content-store.ts",
    binding: "Bucket.Screenshots.bucketName",
    grants: ["content:read", "content:upload", "content:write"],
    sdk: S3,
  },
  hostingStore: {
    module: "packages/core/src/adapters/hosting-store.ts",
    binding: "Bucket.Hosting.bucketName",
    grants: ["hosting:upload", "hosting:write"],
    sdk: S3,
  },
  edgeRoutes: {
    module: "packages/core/src/adapters/edge-routes.ts",
    binding: "Config.HOSTING_KVS_ARN",
    grants: ["edge-routes:write"],
    sdk: ["@aws-sdk/client-cloudfront-keyvaluestore", "@aws-sdk/signature-v4a"],
  },
  deployments: {
    module: "packages/core/src/hosting/deployments-queue.ts",
    binding: "Queue.Deployments.queueUrl",
    grants: ["deployments:send"],
    sdk: SQS,
  },
  hostingTenants: {
    module: "packages/core/src/adapters/hosting-tenants.ts",
    // With Config.HOSTING_CONNECTION_GROUP_ID, which the same grant sets.
    binding: "Config.HOSTING_DISTRIBUTION_ID",
    grants: ["hosting:tenants"],
    sdk: ["@aws-sdk/client-cloudfront"],
  },
  payments: {
    module: "packages/core/src/adapters/payments.ts",
    binding: "Config.STRIPE_SECRET_KEY",
    grants: ["stripe"],
    sdk: SSM,
    secret: true,
  },
  mailer: {
    module: "packages/core/src/adapters/mailer.ts",
    // The sender; mail:send is the IAM statement that lets SES send from it (every function
    // has the parameter itself).
    binding: "Config.MAIL_FROM",
    grants: ["mail:send"],
    sdk: ["@aws-sdk/client-sesv2"],
  },
  identityAdmin: {
    module: "packages/core/src/adapters/identity-admin.ts",
    binding: "Config.CLERK_SECRET_KEY",
    grants: ["identity:admin"],
    sdk: SSM,
    secret: true,
  },
  analyticsSalt: {
    module: "packages/core/src/analytics/collect.ts",
    binding: "Config.ANALYTICS_SALT_KEY",
    grants: ["analytics:salt"],
    sdk: SSM,
    secret: true,
  },
  unsubscribeKey: {
    module: "packages/core/src/notifications/unsubscribe-token.ts",
    binding: "Config.UNSUBSCRIBE_KEY",
    grants: ["mail:unsubscribe-key"],
    sdk: SSM,
    secret: true,
  },
  identityWebhookSecret: {
    module: "packages/functions/src/api/webhooks/clerk.ts",
    binding: "Config.CLERK_WEBHOOK_SECRET",
    grants: ["identity:webhook-secret"],
    sdk: SSM,
    secret: true,
  },
} as const satisfies Record<string, AdapterBinding>;

export type AdapterName = keyof typeof ADAPTER_BINDINGS;

/** A function reached for a binding its route's record does not grant. */
export class MissingBindingError extends Error {
  constructor(
    readonly adapter: AdapterName,
    readonly binding: string,
    readonly grants: readonly string[],
  ) {
    super(
      `${binding} is not bound to this function: its route record needs the ${grants.join(" or ")} grant (packages/functions/src/routes.ts; stacks/grants.ts binds it)`,
    );
    this.name = "MissingBindingError";
  }
}

/**
 * The variable SST sets for a plain binding: `Queue.Jobs.queueUrl` is SST_Queue_queueUrl_Jobs,
 * `Config.APP_URL` (a parameter) SST_Parameter_value_APP_URL.
 */
export function bindingVariable(binding: string): string {
  const [construct, id, prop] = binding.split(".");
  if (!construct || !id) throw new Error(`Not a binding: ${binding}`);
  if (construct === "Config") return `SST_Parameter_value_${id}`;
  if (!prop) throw new Error(`Not a binding: ${binding}`);
  return `SST_${construct}_${prop}_${id}`;
}

/**
 * The adapter's binding, read now. Plain bindings come from the variable SST sets; a secret
 * from `read` (sst/node/config, which fetched it). Missing or empty: a MissingBindingError
 * that names the binding and the grant that sets it.
 */
export function readBinding(adapter: AdapterName, read?: () => string | undefined): string {
  const entry: AdapterBinding = ADAPTER_BINDINGS[adapter];
  let value: string | undefined;
  try {
    value = read ? read() : process.env[bindingVariable(entry.binding)];
  } catch {
    // sst/node throws its own "Cannot use Config.X" for an unbound name: ours says which grant.
    value = undefined;
  }
  if (!value) throw new MissingBindingError(adapter, entry.binding, entry.grants);
  return value;
}

/**
 * A parameter every function is bound to (stacks/Api.ts binds them all), read from its variable
 * without loading sst/node: undefined when unset.
 */
export function parameter(name: string): string | undefined {
  return process.env[bindingVariable(`Config.${name}`)];
}
