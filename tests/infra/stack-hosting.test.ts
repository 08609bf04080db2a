/**
 * The customers' sites on AWS (stacks/Hosting.ts, docs/hosting.md "On AWS"), on the synthesised
 * template: the multi-tenant distribution, the edge code exactly as the repo has it, its
 * KeyValueStore, the bucket CloudFront may read only under deployments/, the Lambda@Edge
 * not-found function, the wildcard tenant and the stage settings that feed them.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, test } from "vitest";
import { readSitesDomain } from "../../stacks/Config";
import {
  DEPLOYMENTS_PREFIX,
  EDGE_FILES,
  edgeSource,
  FUNCTION_MAX_BYTES,
  Hosting,
  UPLOADS_PREFIX,
} from "../../stacks/Hosting";
import { NOT_FOUND_HEADER } from "../../stacks/hosting-not-found";
import { REPO_ROOT } from "../../stacks/repo-root";
import { observedGrants } from "./route-grants";
import { ACCOUNT, createApp, REGION, synthesize, templatesOf, validSettings } from "./synth";
import { consumerConcurrency, lambda, only, roleStatements } from "./template-queries";

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON is untyped.
type Json = any;

let hosting: Template;

beforeAll(async () => {
  const { template } = await synthesize();
  hosting = template(Hosting);
});

const resourcesOf = (template: Template, type: string): [string, Json][] =>
  Object.entries(template.findResources(type));
const one = (template: Template, type: string): [string, Json] => only(template, type);

function distributionConfig(template: Template) {
  const [, distribution] = one(template, "AWS::CloudFront::Distribution");
  return distribution.Properties.DistributionConfig;
}

function functionNamed(template: Template, idPrefix: string): [string, Json] {
  const found = resourcesOf(template, "AWS::CloudFront::Function").find(([id]) =>
    id.startsWith(idPrefix),
  );
  if (!found) throw new Error(`No CloudFront Function ${idPrefix}`);
  return found;
}

describe("the distribution", () => {
  test("is a multi-tenant template: tenant-only, nothing a tenant-only distribution refuses", () => {
    const config = distributionConfig(hosting);
    expect(config.ConnectionMode).toBe("tenant-only");
    for (const refused of ["IPV6Enabled", "PriceClass", "Aliases", "DefaultRootObject"]) {
      expect(config).not.toHaveProperty(refused);
    }
    expect(config.DefaultCacheBehavior.ForwardedValues).toBeUndefined();
  });

  test("compresses, redirects HTTP to HTTPS and caches by path as the object's Cache-Control says", () => {
    const behaviour = distributionConfig(hosting).DefaultCacheBehavior;
    expect(behaviour.Compress).toBe(true);
    expect(behaviour.ViewerProtocolPolicy).toBe("redirect-to-https");
    expect(behaviour.AllowedMethods).toEqual(["GET", "HEAD"]);
    const [policyId, policy] = one(hosting, "AWS::CloudFront::CachePolicy");
    expect(behaviour.CachePolicyId).toEqual({ Ref: policyId });
    const config = policy.Properties.CachePolicyConfig;
    expect(config.MinTTL).toBe(0);
    expect(config.MaxTTL).toBe(365 * 24 * 3600);
    const key = config.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.EnableAcceptEncodingGzip).toBe(true);
    expect(key.EnableAcceptEncodingBrotli).toBe(true);
    expect(key.HeadersConfig.HeaderBehavior).toBe("none");
    expect(key.CookiesConfig.CookieBehavior).toBe("none");
    expect(key.QueryStringsConfig.QueryStringBehavior).toBe("none");
  });

  test("runs the two edge files as they are in the repo, the request one with the routing store", () => {
    const associations = distributionConfig(hosting).DefaultCacheBehavior.FunctionAssociations;
    const byEvent = Object.fromEntries(
      associations.map((a: Json) => [a.EventType, a.FunctionARN["Fn::GetAtt"][0]]),
    );
    const [requestId, request] = functionNamed(hosting, "ViewerRequest");
    const [responseId, response] = functionNamed(hosting, "ViewerResponse");
    expect(byEvent).toEqual({ "viewer-request": requestId, "viewer-response": responseId });

    const file = (name: string) => readFileSync(path.join(REPO_ROOT, name), "utf8");
    expect(request.Properties.FunctionCode).toBe(file(EDGE_FILES.viewerRequest));
    expect(response.Properties.FunctionCode).toBe(file(EDGE_FILES.viewerResponse));
    expect(request.Properties.FunctionConfig.Runtime).toBe("cloudfront-js-2.0");
    expect(response.Properties.FunctionConfig.Runtime).toBe("cloudfront-js-2.0");

    const [storeId] = one(hosting, "AWS::CloudFront::KeyValueStore");
    expect(request.Properties.FunctionConfig.KeyValueStoreAssociations).toEqual([
      { KeyValueStoreARN: { "Fn::GetAtt": [storeId, "Arn"] } },
    ]);
    expect(response.Properties.FunctionConfig.KeyValueStoreAssociations).toBeUndefined();
  });

  test("an edge file over CloudFront Functions' 10 KB stops synthesis, naming the file", () => {
    expect(Buffer.byteLength(edgeSource(EDGE_FILES.viewerRequest))).toBeLessThanOrEqual(
      FUNCTION_MAX_BYTES,
    );
    const dir = mkdtempSync(path.join(tmpdir(), "edge-"));
    writeFileSync(path.join(dir, "big.js"), "var x = 0;\n".repeat(1000));
    const big = path.relative(REPO_ROOT, path.join(dir, "big.js"));
    expect(() => edgeSource(big)).toThrow(
      /big\.js is \d+ bytes: a CloudFront Function takes at most 10240/,
    );
  });
});

function notFoundFunction(): [string, Json] {
  const found = resourcesOf(hosting, "AWS::Lambda::Function").filter(([id]) =>
    id.startsWith("NotFound"),
  );
  if (found.length !== 1) throw new Error("Expected one NotFound function");
  return found[0] as [string, Json];
}

describe("the not-found page", () => {
  test("a Lambda@Edge function on origin responses, with the page's key forwarded to it", () => {
    const behaviour = distributionConfig(hosting).DefaultCacheBehavior;
    expect(behaviour.LambdaFunctionAssociations).toHaveLength(1);
    const [association] = behaviour.LambdaFunctionAssociations;
    expect(association.EventType).toBe("origin-response");
    const version = hosting.toJSON().Resources[association.LambdaFunctionARN.Ref];
    const [fnId, fn] = notFoundFunction();
    expect(version.Properties.FunctionName).toEqual({ Ref: fnId });
    // Lambda@Edge: x86_64, no environment variables.
    expect(fn.Properties.Architectures).toEqual(["x86_64"]);
    expect(fn.Properties.Environment).toBeUndefined();

    const [policyId, policy] = one(hosting, "AWS::CloudFront::OriginRequestPolicy");
    expect(behaviour.OriginRequestPolicyId).toEqual({ Ref: policyId });
    expect(policy.Properties.OriginRequestPolicyConfig.HeadersConfig).toEqual({
      HeaderBehavior: "whitelist",
      Headers: [NOT_FOUND_HEADER],
    });
  });

  test("its role is assumed by Lambda@Edge and reads only deployments' 404.html", () => {
    const [, fn] = notFoundFunction();
    const role = hosting.toJSON().Resources[fn.Properties.Role["Fn::GetAtt"][0]];
    const services = role.Properties.AssumeRolePolicyDocument.Statement.flatMap(
      (s: Json) => s.Principal.Service,
    );
    expect(services.sort()).toEqual(["edgelambda.amazonaws.com", "lambda.amazonaws.com"]);
    const roleId = fn.Properties.Role["Fn::GetAtt"][0];
    const statements = resourcesOf(hosting, "AWS::IAM::Policy")
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    expect(statements).toHaveLength(1);
    expect(statements[0].Action).toBe("s3:GetObject");
    expect(JSON.stringify(statements[0].Resource)).toContain(`/${DEPLOYMENTS_PREFIX}*/404.html`);
  });
});

describe("the Hosting bucket", () => {
  function bucketPolicyStatements() {
    const [, policy] = one(hosting, "AWS::S3::BucketPolicy");
    return policy.Properties.PolicyDocument.Statement as Json[];
  }

  test("CloudFront reads under deployments/ only, and only for this distribution", () => {
    const cloudFront = bucketPolicyStatements().filter(
      (s) => s.Principal?.Service === "cloudfront.amazonaws.com",
    );
    expect(cloudFront).toHaveLength(1);
    const [statement] = cloudFront;
    expect(statement.Action).toBe("s3:GetObject");
    expect(statement.Resource["Fn::Join"][1].at(-1)).toBe(`/${DEPLOYMENTS_PREFIX}*`);
    const [distributionId] = one(hosting, "AWS::CloudFront::Distribution");
    expect(JSON.stringify(statement.Condition.StringEquals["AWS:SourceArn"])).toContain(
      JSON.stringify({ Ref: distributionId }),
    );
  });

  test("uploads expire after a day; the portal's origin may PUT, nobody else", () => {
    const [, bucket] = one(hosting, "AWS::S3::Bucket");
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Prefix: UPLOADS_PREFIX, ExpirationInDays: 1, Status: "Enabled" }),
    ]);
    expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({
        AllowedMethods: ["PUT"],
        AllowedOrigins: [validSettings.APP_URL],
      }),
    ]);
    expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
    });
  });
});

describe("the deployments worker", () => {
  test("reads and deletes uploads/, writes deployments/ only, writes routing entries, makes no tenant", async () => {
    const { synthesizeApp } = await import("./synthesized-app");
    const { template, grantTargets } = await synthesizeApp();
    const sites = template(Hosting);
    const worker = lambda(sites, "DeploymentsWorker");
    const seen = observedGrants(roleStatements(sites, worker.roleId), grantTargets);
    expect(seen).toMatchObject({
      hostingBuild: true,
      hostingUpload: false,
      hostingElsewhere: false,
      edgeRoutes: true,
      sendDeployments: false,
      tenants: false,
      anyTenant: false,
      tableWrite: true,
    });
    const consumed = consumerConcurrency(
      sites.toJSON() as Parameters<typeof consumerConcurrency>[0],
      grantTargets.hosting.queueId,
    );
    expect(consumed.maximumConcurrency).toBe(2);
  });
});

describe("tenants", () => {
  test("*.SITES_DOMAIN is one tenant on the stage's certificate, in the shared connection group", () => {
    const [groupId, group] = one(hosting, "AWS::CloudFront::ConnectionGroup");
    expect(group.Properties.Enabled).toBe(true);
    const [, tenant] = one(hosting, "AWS::CloudFront::DistributionTenant");
    const [distributionId] = one(hosting, "AWS::CloudFront::Distribution");
    expect(tenant.Properties).toMatchObject({
      Domains: [`*.${validSettings.SITES_DOMAIN}`],
      DistributionId: { Ref: distributionId },
      ConnectionGroupId: { "Fn::GetAtt": [groupId, "Id"] },
      Customizations: { Certificate: { Arn: validSettings.SITES_CERTIFICATE_ARN } },
      Enabled: true,
    });
    expect(hosting.toJSON().Outputs.SitesEndpoint.Value).toEqual({
      "Fn::GetAtt": [groupId, "RoutingEndpoint"],
    });
  });

  test("with a hosted zone: a DNS-validated wildcard certificate and the wildcard record", async () => {
    const zone = "sites-example.net";
    const app = await createApp("test", {
      ...validSettings,
      SITES_CERTIFICATE_ARN: "",
      SITES_HOSTED_ZONE: zone,
    });
    app.node.setContext(`hosted-zone:account=${ACCOUNT}:domainName=${zone}:region=${REGION}`, {
      Id: "/hostedzone/Z0SITES",
      Name: `${zone}.`,
    });
    const { default: config } = await import("../../sst.config");
    await config.stacks(app);
    const zoned = templatesOf(app)(Hosting);
    const [certificateId, certificate] = one(zoned, "AWS::CertificateManager::Certificate");
    expect(certificate.Properties).toMatchObject({
      DomainName: `*.${zone}`,
      ValidationMethod: "DNS",
    });
    const [, tenant] = one(zoned, "AWS::CloudFront::DistributionTenant");
    expect(tenant.Properties.Customizations.Certificate.Arn).toEqual({ Ref: certificateId });
    const [, record] = one(zoned, "AWS::Route53::RecordSet");
    const [groupId] = one(zoned, "AWS::CloudFront::ConnectionGroup");
    expect(record.Properties).toMatchObject({
      Name: `*.${zone}.`,
      Type: "CNAME",
      HostedZoneId: "Z0SITES",
      ResourceRecords: [{ "Fn::GetAtt": [groupId, "RoutingEndpoint"] }],
    });
  });
});

describe("SITES_DOMAIN and its certificate", () => {
  const env = { ...validSettings };
  test("normalised, with exactly one certificate source", () => {
    expect(readSitesDomain("test", { ...env, SITES_DOMAIN: "Sites-Example.NET." })).toEqual({
      domainName: "sites-example.net",
      certificateArn: validSettings.SITES_CERTIFICATE_ARN,
    });
  });

  test.each([
    [{ SITES_DOMAIN: "" }, /SITES_DOMAIN must be the hosting domain/],
    [{ SITES_DOMAIN: "sites.portal.example.com" }, /shares a domain with the portal/],
    [{ SITES_DOMAIN: "example.com", APP_URL: "https://example.com" }, /shares a domain/],
    [{ SITES_CERTIFICATE_ARN: "" }, /needs SITES_HOSTED_ZONE .* or SITES_CERTIFICATE_ARN/],
    [
      { SITES_HOSTED_ZONE: "sites-example.net" },
      /one of SITES_HOSTED_ZONE or SITES_CERTIFICATE_ARN/,
    ],
    [
      { SITES_CERTIFICATE_ARN: "", SITES_HOSTED_ZONE: "example.org" },
      /not in the hosted zone example\.org/,
    ],
    [
      {
        SITES_CERTIFICATE_ARN:
          "arn:aws:acm:eu-west-1:123456789012:certificate/11111111-2222-3333-4444-555555555555",
      },
      /CloudFront takes certificates only from us-east-1/,
    ],
    [{ SITES_CERTIFICATE_ARN: "arn:aws:acm:nope" }, /must be an ACM certificate ARN/],
  ])("refuses %o", (change, message) => {
    expect(() => readSitesDomain("test", { ...env, ...change })).toThrow(message);
  });
});
