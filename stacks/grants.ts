/**
 * The function props one grant of a route record (packages/functions/src/routes.ts) adds: the
 * narrowest IAM statement for it, and the variable SST's binding would set
 * (`SST_<Construct>_<prop>_<id>`, so `Table.Main.tableName`, `Bucket.Screenshots.bucketName`
 * and `Queue.Jobs.queueUrl` work as usual). Binding a Table or Bucket would grant dynamodb:*
 * or s3:* on all of it; these grant only the actions a route's code calls.
 */
import { ADAPTER_BINDINGS, type AdapterBinding } from "@portal/core/adapters/bindings";
import { API_KEY_TOUCH_ATTRIBUTES } from "@portal/core/db/entities/api-key";
import { IDEMPOTENCY_KEY_ATTRIBUTES } from "@portal/core/db/entities/idempotency-key";
import { EXPORTS_PREFIX, TOMBSTONES_PREFIX } from "@portal/core/privacy/enums";
import type { Grant } from "@portal/functions/routes";
import { aws_iam as iam, Stack } from "aws-cdk-lib";
import type { Bucket, FunctionProps, Queue, Table } from "sst/constructs";
import type { ConfigConstructs, StageSettings } from "./Config";

export interface GrantResources {
  table: Table;
  bucket: Bucket;
  config: ConfigConstructs;
  /**
   * The Jobs queue: the API's functions and the monthly report run send jobs; the worker and
   * the webhook never do.
   */
  queue?: Queue;
  /** The domain events queue (stacks/Events.ts). */
  events?: Queue;
  /** The queue of outgoing customer webhooks (stacks/Events.ts). */
  webhooks?: Queue;
  /** The accepted page views queue (stacks/Analytics.ts). */
  pageViews?: Queue;
  /** The PrivacyJobs queue: data exports and account erasures (stacks/Privacy.ts). */
  privacyJobs?: Queue;
  /**
   * The customers' sites (stacks/Hosting.ts, docs/hosting.md): the Hosting bucket, the routing
   * entries' KeyValueStore and the Deployments queue.
   */
  hosting?: {
    bucket: Bucket;
    kvsArn: string;
    deployments?: Queue;
    /** The multi-tenant distribution custom domains' tenants are made on. */
    tenants?: { distributionId: string; distributionArn: string; connectionGroupId: string };
  };
  /** The stage's mail settings, for mail:send (stacks/Config.ts). */
  mail?: StageSettings["mail"];
}

/** Everything the product stores in the bucket lives under this prefix (core/sites/screenshots). */
export const SCREENSHOTS_PREFIX = "users/";
/** Customers' data exports, in the same private bucket (core/privacy/export.ts). */
export { EXPORTS_PREFIX };

export const TABLE_READ_ACTIONS = [
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:ConditionCheckItem",
] as const;
export const TABLE_WRITE_ACTIONS = [
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
] as const;

function tableAccess(table: Table, statements: iam.PolicyStatement[]): FunctionProps {
  return {
    environment: { SST_Table_tableName_Main: table.tableName },
    permissions: statements,
  };
}

function tableStatement(table: Table, actions: readonly string[], resources?: string[]) {
  return new iam.PolicyStatement({
    actions: [...actions],
    resources: resources ?? [table.tableArn, `${table.tableArn}/index/*`],
  });
}

function screenshotAccess(
  bucket: Bucket,
  actions: string[],
  list: boolean,
  prefix = SCREENSHOTS_PREFIX,
): FunctionProps {
  const objects = new iam.PolicyStatement({
    actions,
    resources: [`${bucket.bucketArn}/${prefix}*`],
  });
  // Deleting a site removes everything under its prefix, which takes a listing first.
  const listing = new iam.PolicyStatement({
    actions: ["s3:ListBucket"],
    resources: [bucket.bucketArn],
    conditions: { StringLike: { "s3:prefix": `${prefix}*` } },
  });
  return {
    environment: { SST_Bucket_bucketName_Screenshots: bucket.bucketName },
    permissions: list ? [objects, listing] : [objects],
  };
}

/** Customers' uploaded content: under each customer's own folder (core/content/files.ts). */
export const CONTENT_OBJECTS = "users/*/content/*";

/**
 * The object actions of one content grant, on content keys only, and for content:write the
 * listing (on those keys only) without which S3 answers a HEAD of a missing object 403, not 404.
 */
function contentAccess(bucket: Bucket, actions: string[], list: boolean): FunctionProps {
  const objects = new iam.PolicyStatement({
    actions,
    resources: [`${bucket.bucketArn}/${CONTENT_OBJECTS}`],
  });
  const listing = new iam.PolicyStatement({
    actions: ["s3:ListBucket"],
    resources: [bucket.bucketArn],
    conditions: { StringLike: { "s3:prefix": CONTENT_OBJECTS } },
  });
  return {
    environment: { SST_Bucket_bucketName_Screenshots: bucket.bucketName },
    permissions: list ? [objects, listing] : [objects],
  };
}

export function grantProps(grant: Grant, resources: GrantResources): FunctionProps {
  const { table, bucket, config, queue, events, pageViews, webhooks, privacyJobs, mail, hosting } =
    resources;
  switch (grant) {
    case "table:read":
      return tableAccess(table, [tableStatement(table, TABLE_READ_ACTIONS)]);
    case "table:write":
      return tableAccess(table, [
        tableStatement(table, [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS]),
      ]);
    case "table:page-views":
      // Accepting a view only looks its site up by id (the consumer does the counting).
      return tableAccess(table, [
        tableStatement(table, ["dynamodb:Query"], [`${table.tableArn}/index/gsi1`]),
      ]);
    case "table:count-views":
      // Rate counters, visitor marks, day totals and counters are all ADDs: no read, no
      // delete, no index.
      return tableAccess(table, [tableStatement(table, ["dynamodb:UpdateItem"], [table.tableArn])]);
    case "page-views:send":
      if (!pageViews) throw new Error("page-views:send needs the PageViews queue");
      return {
        environment: { SST_Queue_queueUrl_PageViews: pageViews.queueUrl },
        permissions: [[pageViews.cdk.queue, "grantSendMessages"]],
      };
    case "stripe":
      return { bind: [config.secrets.STRIPE_SECRET_KEY] };
    case "screenshots:read":
      return screenshotAccess(bucket, ["s3:GetObject"], false);
    case "screenshots:write":
      return screenshotAccess(bucket, ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], true);
    case "jobs:send":
      if (!queue) throw new Error("jobs:send needs the Jobs queue");
      return {
        environment: { SST_Queue_queueUrl_Jobs: queue.queueUrl },
        permissions: [[queue.cdk.queue, "grantSendMessages"]],
      };
    case "analytics:salt":
      return { bind: [config.secrets.ANALYTICS_SALT_KEY] };
    case "events:send":
      if (!events) throw new Error("events:send needs the Events queue");
      return {
        environment: { SST_Queue_queueUrl_Events: events.queueUrl },
        permissions: [[events.cdk.queue, "grantSendMessages"]],
      };
    case "mail:send": {
      if (!mail) throw new Error("mail:send needs the stage's mail settings");
      // SESv2 SendEmail (Raw content included) is the one action, and only with MAIL_FROM as
      // the From address. SES authorizes a send on every identity it involves: MAIL_FROM's,
      // and in the SES sandbox also the verified identity of each recipient, which can be any
      // address or domain, so the identities are all of the account's and the condition is
      // what holds the function to MAIL_FROM (docs/notifications.md).
      const stack = Stack.of(table);
      const arn = (resource: string) =>
        `arn:${stack.partition}:ses:${stack.region}:${stack.account}:${resource}`;
      return {
        permissions: [
          new iam.PolicyStatement({
            actions: ["ses:SendEmail"],
            resources: [
              arn("identity/*"),
              ...(mail.configurationSet ? [arn(`configuration-set/${mail.configurationSet}`)] : []),
            ],
            conditions: { StringEquals: { "ses:FromAddress": mail.fromAddress } },
          }),
        ],
      };
    }
    case "mail:unsubscribe-key":
      return { bind: [config.secrets.UNSUBSCRIBE_KEY] };
    case "table:key-use":
      // A read-only route records the API key it was called with: UpdateItem on the table
      // itself, naming only the fields that write names (docs/developer-api.md).
      return tableAccess(table, [
        new iam.PolicyStatement({
          actions: ["dynamodb:UpdateItem"],
          resources: [table.tableArn],
          conditions: {
            "ForAllValues:StringEquals": { "dynamodb:Attributes": [...API_KEY_TOUCH_ATTRIBUTES] },
            StringEqualsIfExists: { "dynamodb:ReturnValues": ["NONE"] },
          },
        }),
      ]);
    case "table:idempotency":
      // A signed-in write without table:write keeps its Idempotency-Key (docs/security.md):
      // the claim's PutItem and the answer's UpdateItem, naming that item's attributes only.
      return tableAccess(table, [
        new iam.PolicyStatement({
          actions: ["dynamodb:PutItem", "dynamodb:UpdateItem"],
          resources: [table.tableArn],
          conditions: {
            "ForAllValues:StringEquals": { "dynamodb:Attributes": [...IDEMPOTENCY_KEY_ATTRIBUTES] },
            StringEqualsIfExists: { "dynamodb:ReturnValues": ["NONE"] },
          },
        }),
      ]);
    case "webhooks:send":
      if (!webhooks) throw new Error("webhooks:send needs the WebhookDeliveries queue");
      return {
        environment: { SST_Queue_queueUrl_WebhookDeliveries: webhooks.queueUrl },
        permissions: [[webhooks.cdk.queue, "grantSendMessages"]],
      };
    case "privacy-jobs:send":
      if (!privacyJobs) throw new Error("privacy-jobs:send needs the PrivacyJobs queue");
      return {
        environment: { SST_Queue_queueUrl_PrivacyJobs: privacyJobs.queueUrl },
        permissions: [[privacyJobs.cdk.queue, "grantSendMessages"]],
      };
    case "exports:read":
      return screenshotAccess(bucket, ["s3:GetObject"], false, EXPORTS_PREFIX);
    case "exports:write":
      return screenshotAccess(
        bucket,
        ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
        true,
        EXPORTS_PREFIX,
      );
    case "tombstones:write":
      // Erasures and revocations recorded for a restore to re-apply (docs/operations.md):
      // written, never read, listed or deleted by the portal (the lifecycle removes them).
      return {
        environment: { SST_Bucket_bucketName_Screenshots: bucket.bucketName },
        permissions: [
          new iam.PolicyStatement({
            actions: ["s3:PutObject"],
            resources: [`${bucket.bucketArn}/${TOMBSTONES_PREFIX}*`],
          }),
        ],
      };
    case "identity:webhook-secret":
      return { bind: [config.secrets.CLERK_WEBHOOK_SECRET] };
    case "identity:admin":
      return { bind: [config.secrets.CLERK_SECRET_KEY] };
    case "content:read":
      return contentAccess(bucket, ["s3:GetObject"], false);
    case "content:upload":
      // What a presigned PUT needs of its signer: the write, and the tag it carries.
      return contentAccess(bucket, ["s3:PutObject", "s3:PutObjectTagging"], false);
    case "content:write":
      return contentAccess(
        bucket,
        ["s3:GetObject", "s3:PutObjectTagging", "s3:DeleteObject"],
        true,
      );
    case "hosting:upload":
      if (!hosting) throw new Error("hosting:upload needs the Hosting bucket (stacks/Hosting.ts)");
      return hostingAccess(hosting.bucket, [
        objectStatement(hosting.bucket, "uploads/*", ["s3:PutObject", "s3:GetObject"]),
        listStatement(hosting.bucket, "uploads/*"),
      ]);
    case "hosting:write":
      if (!hosting) throw new Error("hosting:write needs the Hosting bucket (stacks/Hosting.ts)");
      return hostingAccess(hosting.bucket, [
        objectStatement(hosting.bucket, "uploads/*", ["s3:GetObject", "s3:DeleteObject"]),
        objectStatement(hosting.bucket, "deployments/*", ["s3:PutObject", "s3:DeleteObject"]),
        listStatement(hosting.bucket, "uploads/*"),
        listStatement(hosting.bucket, "deployments/*"),
      ]);
    case "edge-routes:write":
      if (!hosting)
        throw new Error("edge-routes:write needs the routing store (stacks/Hosting.ts)");
      return {
        environment: { SST_Parameter_value_HOSTING_KVS_ARN: hosting.kvsArn },
        permissions: [
          new iam.PolicyStatement({
            actions: [
              "cloudfront-keyvaluestore:DescribeKeyValueStore",
              "cloudfront-keyvaluestore:GetKey",
              "cloudfront-keyvaluestore:UpdateKeys",
            ],
            resources: [hosting.kvsArn],
          }),
        ],
      };
    case "deployments:send":
      if (!hosting?.deployments) throw new Error("deployments:send needs the Deployments queue");
      return {
        environment: { SST_Queue_queueUrl_Deployments: hosting.deployments.queueUrl },
        permissions: [[hosting.deployments.cdk.queue, "grantSendMessages"]],
      };
    case "hosting:tenants": {
      const tenants = hosting?.tenants;
      if (!tenants)
        throw new Error("hosting:tenants needs the Sites distribution (stacks/Hosting.ts)");
      const stack = Stack.of(table);
      const tenantArn = `arn:${stack.partition}:cloudfront::${stack.account}:distribution-tenant/*`;
      return {
        environment: {
          SST_Parameter_value_HOSTING_DISTRIBUTION_ID: tenants.distributionId,
          SST_Parameter_value_HOSTING_CONNECTION_GROUP_ID: tenants.connectionGroupId,
        },
        permissions: [
          // A tenant is made on the distribution; everything else acts on tenants only.
          new iam.PolicyStatement({
            actions: ["cloudfront:CreateDistributionTenant"],
            resources: [tenants.distributionArn, tenantArn],
          }),
          new iam.PolicyStatement({
            actions: [
              "cloudfront:GetDistributionTenant",
              "cloudfront:UpdateDistributionTenant",
              "cloudfront:DeleteDistributionTenant",
              "cloudfront:GetManagedCertificateDetails",
            ],
            resources: [tenantArn],
          }),
        ],
      };
    }
  }
}

/** The customers' sites' bucket, for the hosting grants (docs/hosting.md "Storage"). */
function hostingAccess(bucket: Bucket, statements: iam.PolicyStatement[]): FunctionProps {
  return {
    environment: { SST_Bucket_bucketName_Hosting: bucket.bucketName },
    permissions: statements,
  };
}

function objectStatement(bucket: Bucket, pattern: string, actions: string[]) {
  return new iam.PolicyStatement({ actions, resources: [`${bucket.bucketArn}/${pattern}`] });
}

/** Listing under one prefix only: without it S3 answers a HEAD of a missing object 403. */
function listStatement(bucket: Bucket, pattern: string) {
  return new iam.PolicyStatement({
    actions: ["s3:ListBucket"],
    resources: [bucket.bucketArn],
    conditions: { StringLike: { "s3:prefix": pattern } },
  });
}

/** The props of several grants, merged. */
export function grantsProps(grants: readonly Grant[], resources: GrantResources): FunctionProps {
  const props = grants.map((grant) => grantProps(grant, resources));
  return {
    bind: props.flatMap((p) => p.bind ?? []),
    environment: Object.assign({}, ...props.map((p) => p.environment ?? {})),
    permissions: props.flatMap((p) => (Array.isArray(p.permissions) ? p.permissions : [])),
  };
}

/**
 * Adapter → grant: which module reads which binding, and the grants that set it. Stated once,
 * in packages/core/src/adapters/bindings.ts, where the adapters read it to name the grant when
 * a binding is missing; typed here against the route records' grants, so a misspelt or removed
 * grant there does not compile.
 */
export const ADAPTER_GRANTS: Record<
  string,
  Omit<AdapterBinding, "grants"> & { grants: readonly Grant[] }
> = ADAPTER_BINDINGS;

/**
 * What a route's bundle says against its grants (from the modules in its esbuild metafile,
 * stacks/bundling.ts): each adapter module in it whose grant the route lacks, and each grant
 * that no module in it uses. Empty when they agree (docs/security.md "Grants the build proves").
 */
export function grantMismatches(
  grants: readonly Grant[],
  modules: ReadonlySet<string>,
  adapters: typeof ADAPTER_GRANTS = ADAPTER_GRANTS,
): string[] {
  const problems: string[] = [];
  const used = new Set<Grant>();
  for (const adapter of Object.values(adapters)) {
    if (!modules.has(adapter.module)) continue;
    const held = adapter.grants.filter((grant) => grants.includes(grant));
    if (held.length === 0) {
      problems.push(
        `${adapter.module} reads ${adapter.binding}, which needs ${adapter.grants.join(" or ")}`,
      );
    }
    for (const grant of held) used.add(grant);
  }
  for (const grant of grants) {
    if (!used.has(grant)) problems.push(`${grant} is granted but no module in the bundle uses it`);
  }
  return problems;
}

/**
 * Reads against writes (docs/security.md "Grants the build proves"): a function whose bundle
 * writes the table (`tableWrites` in stacks/bundling.ts) must hold table:write. An API key's
 * use (apiKey.*) is every authenticating route's one narrow write, table:key-use, whose
 * statement tests/infra/route-grants.ts checks, as it checks table:idempotency's, the narrow
 * write of an Idempotency-Key (idempotencyKey.*); table:count-views is the page-view counters'.
 */
export function tableWriteProblems(grants: readonly Grant[], writes: readonly string[]): string[] {
  if (grants.includes("table:write") || grants.includes("table:count-views")) return [];
  const left = writes.filter((w) => !/^(apiKey|idempotencyKey)\./.test(w));
  if (left.length === 0) return [];
  return [`writes the table (${left.join(", ")}) but holds no table:write`];
}
