/**
 * Customers' content as synthesised (docs/content.md): the private bucket's CORS lets the
 * SPA's origin, and only it, PUT a presigned upload; uploads never confirmed expire; and each
 * content route holds the narrowest grant that works, on content keys only. Each check also
 * runs on a broken shape it must catch.
 */
import { routes } from "@portal/functions/routes";
import type { Template } from "aws-cdk-lib/assertions";
import { Bucket, type StackContext } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import { Storage } from "../../stacks/Storage";
import { createApp, stackTemplates, synthesize, templatesOf, validSettings } from "./synth";
import { roleStatements, routeFunctions, type Statement } from "./template-queries";

type Json = Record<string, unknown>;
const SPA_ORIGIN = validSettings.APP_URL as string;

let storage: Template;
let apiTemplates: Template[];

beforeAll(async () => {
  const { app, template } = await synthesize();
  storage = template(Storage);
  apiTemplates = [...stackTemplates(app)]
    .filter(([name]) => name.startsWith("Api"))
    .map(([, t]) => t);
});

function buckets(template: Template): Json[] {
  return Object.values(template.findResources("AWS::S3::Bucket")).map(
    (b) => (b as { Properties?: Json }).Properties ?? {},
  );
}

/** What is wrong with a bucket's CORS for content uploads; empty when it is as designed. */
function corsProblems(bucket: Json, origin: string): string[] {
  const rules = ((bucket.CorsConfiguration as Json | undefined)?.CorsRules ?? []) as Json[];
  if (rules.length !== 1) return [`${rules.length} CORS rules, not one`];
  const rule = rules[0] as Json;
  const problems: string[] = [];
  if (JSON.stringify(rule.AllowedOrigins) !== JSON.stringify([origin])) {
    problems.push(`origins ${JSON.stringify(rule.AllowedOrigins)}`);
  }
  if (JSON.stringify(rule.AllowedMethods) !== JSON.stringify(["PUT"])) {
    problems.push(`methods ${JSON.stringify(rule.AllowedMethods)}`);
  }
  const headers = (rule.AllowedHeaders ?? []) as string[];
  if (headers.includes("*")) problems.push("every header allowed");
  return problems;
}

describe("the bucket", () => {
  test("lets only the SPA's origin PUT uploads, with the signed headers", () => {
    const [bucket] = buckets(storage);
    expect(buckets(storage)).toHaveLength(1);
    expect(corsProblems(bucket as Json, SPA_ORIGIN)).toEqual([]);
    const rule = ((bucket as Json).CorsConfiguration as { CorsRules: Json[] }).CorsRules[0];
    expect(rule?.AllowedHeaders).toEqual(["content-type", "x-amz-tagging", "if-none-match"]);
  });

  test("the check catches SST's open default (every origin, every method)", async () => {
    const app = await createApp("cors-open", validSettings);
    function Open({ stack }: StackContext) {
      new Bucket(stack, "Open", { cors: true });
    }
    app.stack(Open);
    const [open] = buckets(templatesOf(app)(Open));
    const problems = corsProblems(open as Json, SPA_ORIGIN);
    expect(problems.some((p) => p.startsWith("origins"))).toBe(true);
    expect(problems.some((p) => p.startsWith("methods"))).toBe(true);
  });

  test("expires uploads still tagged unconfirmed after a day, and keeps blocking public access", () => {
    const bucket = buckets(storage)[0] ?? {};
    const rules = ((bucket.LifecycleConfiguration as Json | undefined)?.Rules ?? []) as Json[];
    const unconfirmed = rules.find((r) => r.Id === "UnconfirmedUploads");
    expect(unconfirmed).toMatchObject({
      Status: "Enabled",
      ExpirationInDays: 1,
      TagFilters: [{ Key: "content-state", Value: "unconfirmed" }],
    });
    // No prefix: the tag alone picks the uploads, wherever the customer's folder is.
    expect(unconfirmed?.Prefix).toBeUndefined();
    expect(bucket.PublicAccessBlockConfiguration).toMatchObject({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });
});

/** The S3 actions a role may take, each with the resources (as text) it may take it on. */
function s3Grants(statements: Statement[]): Map<string, string[]> {
  const grants = new Map<string, string[]>();
  for (const statement of statements) {
    if (statement.Effect !== "Allow") continue;
    for (const action of [statement.Action].flat()) {
      if (!action.startsWith("s3:")) continue;
      const resources = [statement.Resource].flat().map((r) => JSON.stringify(r));
      grants.set(action, [...(grants.get(action) ?? []), ...resources]);
    }
  }
  return grants;
}

/** Where a content grant's object actions may reach: the customers' content folders only. */
const CONTENT_OBJECTS = /\/users\/\*\/content\/\*"\]\]\}$/;

/** What is wrong with a route's S3 grants, given the actions it should have; empty when right. */
function grantProblems(statements: Statement[], expected: string[]): string[] {
  const grants = s3Grants(statements);
  const problems: string[] = [];
  const actions = [...grants.keys()].sort();
  if (JSON.stringify(actions) !== JSON.stringify([...expected].sort())) {
    problems.push(`actions ${actions.join(",")}`);
  }
  for (const [action, resources] of grants) {
    if (action === "s3:ListBucket") continue;
    for (const resource of resources) {
      if (!CONTENT_OBJECTS.test(resource)) problems.push(`${action} on ${resource}`);
    }
  }
  for (const statement of statements) {
    const listing = [statement.Action].flat().includes("s3:ListBucket");
    const condition = JSON.stringify((statement as Statement & { Condition?: Json }).Condition);
    if (
      listing &&
      condition !== JSON.stringify({ StringLike: { "s3:prefix": "users/*/content/*" } })
    ) {
      problems.push(`listing with ${condition}`);
    }
  }
  return problems;
}

const OBJECT_READ = ["s3:GetObject"];
const UPLOAD = ["s3:PutObject", "s3:PutObjectTagging"];
const CHECK_AND_DELETE = [
  "s3:GetObject",
  "s3:PutObjectTagging",
  "s3:DeleteObject",
  "s3:ListBucket",
];

/** Each content route and the S3 actions it needs, no more (docs/content.md, "Grants"). */
const EXPECTED: Record<string, string[]> = {
  "GET /api/content/files": OBJECT_READ,
  "GET /api/content/files/{id}": OBJECT_READ,
  "POST /api/content/uploads": UPLOAD,
  "POST /api/content/files/{id}/confirm": CHECK_AND_DELETE,
  "DELETE /api/content/files/{id}": CHECK_AND_DELETE,
  // The console's list hands out no links: no S3 at all.
  "GET /api/staff/customers/{userId}/files": [],
  "POST /api/staff/customers/{userId}/files/{fileId}/download": OBJECT_READ,
  "POST /api/staff/customers/{userId}/uploads": UPLOAD,
  "POST /api/staff/customers/{userId}/files/{fileId}/confirm": CHECK_AND_DELETE,
};

describe("the content routes' grants", () => {
  test("every content route is listed here", () => {
    const contentRoutes = Object.entries(routes)
      .filter(([, record]) => record.handler.includes("/api/content/"))
      .map(([key]) => key)
      .sort();
    expect(contentRoutes).toEqual(Object.keys(EXPECTED).sort());
  });

  test.each(Object.entries(EXPECTED))("%s holds exactly what it needs", (routeKey, expected) => {
    const fn = routeFunctions(apiTemplates).get(routeKey);
    expect(fn, routeKey).toBeDefined();
    if (!fn) return;
    expect(grantProblems(roleStatements(fn.template, fn.roleId), expected)).toEqual([]);
  });

  test("the check catches a route given the screenshots' wider grant instead", () => {
    // What a route would hold with screenshots:write: every customer file under users/.
    const wide = routeFunctions(apiTemplates).get("DELETE /api/sites/{id}");
    expect(wide).toBeDefined();
    if (!wide) return;
    const problems = grantProblems(roleStatements(wide.template, wide.roleId), CHECK_AND_DELETE);
    expect(problems.some((p) => p.startsWith("actions"))).toBe(true);
    expect(problems.some((p) => /s3:DeleteObject on .*\/users\/\*"/.test(p))).toBe(true);
  });
});
