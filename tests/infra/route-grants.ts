/**
 * What a route's function may do, read from its role's statements and environment, in the terms
 * of the route records' grants (packages/functions/src/routes.ts): `expectGrants` checks a
 * function can do what its record grants and nothing more.
 */
import { API_KEY_TOUCH_ATTRIBUTES } from "@portal/core/db/entities/api-key";
import { IDEMPOTENCY_KEY_ATTRIBUTES } from "@portal/core/db/entities/idempotency-key";
import { ORIGIN_VERIFY_ENV } from "@portal/functions/api/origin-verify";
import { type Grant, type RouteRecord, routeGrants } from "@portal/functions/routes";
import { expect } from "vitest";
import { TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS } from "../../stacks/grants";
import { secretArn } from "./synth";
import { type GrantTargets, sesIdentity } from "./synthesized-app";
import {
  allows,
  type RouteFunction,
  type Statement,
  type Target,
  table,
  tableIndexes,
} from "./template-queries";

/** What a function may do, in the terms of the route records' grants. */
export function observedGrants(
  statements: Statement[],
  { bucketId, queueId, eventsQueueId, webhooksQueueId, pageViewsQueueId, hosting }: GrantTargets,
  stage = "test",
) {
  const sites = (suffix: string) => ({ logicalId: hosting.bucketId, suffix });
  const objects = { logicalId: bucketId, suffix: "/users/*" };
  const can = (action: string, target: Target) => allows(statements, action, target);
  return {
    stripe: can("ssm:GetParameters", secretArn(stage, "STRIPE_SECRET_KEY")),
    salt: can("ssm:GetParameters", secretArn(stage, "ANALYTICS_SALT_KEY")),
    clerk: can("ssm:GetParameters", secretArn(stage, "CLERK_JWT_KEY")),
    screenshotRead: can("s3:GetObject", objects),
    screenshotWrite: can("s3:PutObject", objects) && can("s3:DeleteObject", objects),
    screenshotAnyWrite: can("s3:PutObject", objects) || can("s3:DeleteObject", objects),
    tableRead: TABLE_READ_ACTIONS.every((a) => can(a, table) && can(a, tableIndexes)),
    tableAnyRead: TABLE_READ_ACTIONS.some((a) => can(a, table)),
    tableWrite: TABLE_WRITE_ACTIONS.every((a) => can(a, table)),
    tableAnyWrite: TABLE_WRITE_ACTIONS.some((a) => can(a, table)),
    send: can("sqs:SendMessage", { logicalId: queueId }),
    sendEvents: can("sqs:SendMessage", { logicalId: eventsQueueId }),
    sendWebhooks: can("sqs:SendMessage", { logicalId: webhooksQueueId }),
    sendPageViews: can("sqs:SendMessage", { logicalId: pageViewsQueueId }),
    mail: can("ses:SendEmail", sesIdentity),
    unsubscribeKey: can("ssm:GetParameters", secretArn(stage, "UNSUBSCRIBE_KEY")),
    // Data exports (docs/privacy.md): the exports/ prefix of the same bucket, and Clerk's secrets.
    exportRead: can("s3:GetObject", { logicalId: bucketId, suffix: "/exports/*" }),
    exportWrite: can("s3:PutObject", { logicalId: bucketId, suffix: "/exports/*" }),
    // Erasures and revocations for a restore to re-apply (docs/operations.md): written only.
    tombstoneWrite: can("s3:PutObject", { logicalId: bucketId, suffix: "/tombstones/*" }),
    tombstoneRead:
      can("s3:GetObject", { logicalId: bucketId, suffix: "/tombstones/*" }) ||
      can("s3:DeleteObject", { logicalId: bucketId, suffix: "/tombstones/*" }),
    clerkWebhook: can("ssm:GetParameters", secretArn(stage, "CLERK_WEBHOOK_SECRET")),
    clerkAdmin: can("ssm:GetParameters", secretArn(stage, "CLERK_SECRET_KEY")),
    // The customers' sites (docs/hosting.md "On AWS").
    hostingUpload: can("s3:PutObject", sites("/uploads/*")),
    hostingBuild:
      can("s3:GetObject", sites("/uploads/*")) &&
      can("s3:DeleteObject", sites("/uploads/*")) &&
      can("s3:PutObject", sites("/deployments/*")),
    hostingAnyDeploymentWrite:
      can("s3:PutObject", sites("/deployments/*")) ||
      can("s3:DeleteObject", sites("/deployments/*")),
    // Nothing but those two prefixes, ever.
    hostingElsewhere:
      can("s3:PutObject", sites("/other/*")) || can("s3:GetObject", sites("/other/*")),
    edgeRoutes: can("cloudfront-keyvaluestore:UpdateKeys", { logicalId: hosting.storeId }),
    sendDeployments: can("sqs:SendMessage", { logicalId: hosting.queueId }),
    tenants: can("cloudfront:CreateDistributionTenant", { logicalId: hosting.distributionId }),
    anyTenant:
      can("cloudfront:DeleteDistributionTenant", {
        arn: "arn:aws:cloudfront::123456789012:distribution-tenant/dt_x",
      }) || can("cloudfront:CreateDistributionTenant", { logicalId: hosting.distributionId }),
  };
}

/** The statements that let a read route record an API key's use (grant "table:key-use"). */
export const isKeyUse = (s: Statement) =>
  JSON.stringify(s).includes('"dynamodb:Attributes"') && s.Action === "dynamodb:UpdateItem";

/** The statements that let a write without table:write keep its Idempotency-Key. */
export const isIdempotencyUse = (s: Statement) =>
  JSON.stringify(s).includes('"dynamodb:Attributes"') && Array.isArray(s.Action);

/** The function can do what its record grants (routeGrants) and nothing more. */
export function expectGrants(
  fn: RouteFunction,
  allStatements: Statement[],
  record: RouteRecord,
  routeKey: string,
  targets: GrantTargets,
) {
  const want = new Set<Grant>(routeGrants(routeKey, record));
  // A key's use is one narrow write, checked here on its own; the rest is checked without it.
  const keyUse = allStatements.filter(isKeyUse);
  const idempotency = allStatements.filter(isIdempotencyUse);
  const statements = allStatements.filter((s) => !isKeyUse(s) && !isIdempotencyUse(s));
  expect(idempotency.length > 0).toBe(want.has("table:idempotency"));
  for (const statement of idempotency) {
    expect(statement.Action).toEqual(["dynamodb:PutItem", "dynamodb:UpdateItem"]);
    expect(JSON.stringify(statement.Resource)).not.toContain("/index/");
    expect((statement as unknown as { Condition: unknown }).Condition).toEqual({
      "ForAllValues:StringEquals": { "dynamodb:Attributes": [...IDEMPOTENCY_KEY_ATTRIBUTES] },
      StringEqualsIfExists: { "dynamodb:ReturnValues": ["NONE"] },
    });
  }
  expect(keyUse.length > 0).toBe(want.has("table:key-use"));
  for (const statement of keyUse) {
    expect(allows([statement], "dynamodb:UpdateItem", table)).toBe(true);
    expect(JSON.stringify(statement.Resource)).not.toContain("/index/");
    expect((statement as unknown as { Condition: unknown }).Condition).toEqual({
      "ForAllValues:StringEquals": { "dynamodb:Attributes": [...API_KEY_TOUCH_ATTRIBUTES] },
      StringEqualsIfExists: { "dynamodb:ReturnValues": ["NONE"] },
    });
  }
  const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
  const seen = observedGrants(statements, targets);
  const screenshots = want.has("screenshots:read") || want.has("screenshots:write");
  const writes = want.has("table:write");
  expect(seen.stripe).toBe(want.has("stripe"));
  expect("SST_Secret_value_STRIPE_SECRET_KEY" in env).toBe(want.has("stripe"));
  expect(seen.salt).toBe(want.has("analytics:salt"));
  expect("SST_Secret_value_ANALYTICS_SALT_KEY" in env).toBe(want.has("analytics:salt"));
  expect(seen.screenshotRead).toBe(screenshots);
  const exportsGrant = want.has("exports:read") || want.has("exports:write");
  const content = ["content:read", "content:upload", "content:write"].some((g) =>
    want.has(g as Grant),
  );
  expect("SST_Bucket_bucketName_Screenshots" in env).toBe(
    screenshots || exportsGrant || content || want.has("tombstones:write"),
  );
  expect(seen.tombstoneWrite).toBe(want.has("tombstones:write"));
  expect(seen.tombstoneRead).toBe(false);
  // What each content grant allows, on content keys only, is tests/infra/content.test.ts's.
  expect(seen.exportRead).toBe(exportsGrant);
  expect(seen.exportWrite).toBe(want.has("exports:write"));
  expect(seen.clerkWebhook).toBe(want.has("identity:webhook-secret"));
  expect(seen.clerkAdmin).toBe(want.has("identity:admin"));
  expect(seen.hostingUpload).toBe(want.has("hosting:upload"));
  expect(seen.hostingBuild).toBe(want.has("hosting:write"));
  expect(seen.hostingAnyDeploymentWrite).toBe(want.has("hosting:write"));
  expect(seen.hostingElsewhere).toBe(false);
  expect("SST_Bucket_bucketName_Hosting" in env).toBe(
    want.has("hosting:upload") || want.has("hosting:write"),
  );
  expect(seen.edgeRoutes).toBe(want.has("edge-routes:write"));
  expect("SST_Parameter_value_HOSTING_KVS_ARN" in env).toBe(want.has("edge-routes:write"));
  expect(seen.sendDeployments).toBe(want.has("deployments:send"));
  expect(seen.tenants).toBe(want.has("hosting:tenants"));
  expect(seen.anyTenant).toBe(want.has("hosting:tenants"));
  expect("SST_Parameter_value_HOSTING_DISTRIBUTION_ID" in env).toBe(want.has("hosting:tenants"));
  expect(seen.screenshotWrite).toBe(want.has("screenshots:write"));
  expect(seen.screenshotAnyWrite).toBe(want.has("screenshots:write"));
  expect(seen.send).toBe(want.has("jobs:send"));
  expect("SST_Queue_queueUrl_Jobs" in env).toBe(want.has("jobs:send"));
  expect(seen.sendEvents).toBe(want.has("events:send"));
  expect("SST_Queue_queueUrl_Events" in env).toBe(want.has("events:send"));
  expect(seen.sendWebhooks).toBe(want.has("webhooks:send"));
  expect("SST_Queue_queueUrl_WebhookDeliveries" in env).toBe(want.has("webhooks:send"));
  expect(seen.sendPageViews).toBe(want.has("page-views:send"));
  expect("SST_Queue_queueUrl_PageViews" in env).toBe(want.has("page-views:send"));
  expect(seen.mail).toBe(want.has("mail:send"));
  expect(seen.unsubscribeKey).toBe(want.has("mail:unsubscribe-key"));
  expect("SST_Secret_value_UNSUBSCRIBE_KEY" in env).toBe(want.has("mail:unsubscribe-key"));
  expect(seen.tableRead).toBe(want.has("table:read") || writes);
  expect(seen.tableWrite).toBe(writes);
  if (!writes && !want.has("table:page-views")) expect(seen.tableAnyWrite).toBe(false);
  if (want.has("table:page-views")) {
    // Accepting a view looks its site up by id; it cannot read customers' items, and all
    // writing (rate counters too) is the consumer's (stacks/Analytics.ts).
    expect(allows(statements, "dynamodb:UpdateItem", table)).toBe(false);
    expect(allows(statements, "dynamodb:PutItem", table)).toBe(false);
    expect(
      allows(statements, "dynamodb:Query", { logicalId: "MainTable", suffix: "/index/gsi1" }),
    ).toBe(true);
    expect(allows(statements, "dynamodb:Query", table)).toBe(false);
    expect(allows(statements, "dynamodb:GetItem", table)).toBe(false);
    expect(allows(statements, "dynamodb:DeleteItem", table)).toBe(false);
  }
  const usesTable =
    want.has("table:read") || writes || want.has("table:page-views") || want.has("table:key-use");
  expect("SST_Table_tableName_Main" in env).toBe(usesTable);
  if (!usesTable) expect(seen.tableAnyRead || seen.tableAnyWrite).toBe(false);
  // Only routes that read a session get the key that verifies one.
  expect(seen.clerk).toBe(record.entitlement !== "public");
  // No wildcard grants on the data.
  for (const statement of statements) {
    const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action];
    expect(actions).not.toContain("dynamodb:*");
    expect(actions).not.toContain("s3:*");
  }
  // The defaults every API function gets
  expect(env).toHaveProperty(ORIGIN_VERIFY_ENV);
  expect(JSON.stringify(env[ORIGIN_VERIFY_ENV])).toContain("resolve:secretsmanager");
  for (const name of ["APP_URL", "CLERK_AUTHORIZED_PARTIES", "CLERK_AUDIENCE"]) {
    expect(env).toHaveProperty(`SST_Parameter_value_${name}`);
  }
}
