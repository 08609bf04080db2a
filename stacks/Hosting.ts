/**
 * The customers' sites on AWS (docs/hosting.md "On AWS"): the private Hosting bucket, the
 * KeyValueStore of routing entries (host → deployment), the two CloudFront Functions from
 * packages/core/src/hosting/edge/, the Lambda@Edge function that serves a deployment's own
 * 404.html, and the multi-tenant distribution (CloudFront SaaS Manager, `tenant-only`) that
 * serves them. One tenant made here answers every `*.SITES_DOMAIN` host (previews and
 * production hosts) with the stage's wildcard certificate; each verified custom domain gets a
 * tenant of its own at run time, with a CloudFront-managed certificate
 * (packages/core/src/hosting/custom-domains.ts). All tenants share one connection group, whose
 * routing endpoint is what the hosting names point at.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import { QUEUE_CONSUMERS } from "@portal/functions/queue-consumers";
import { WORKER_GRANTS } from "@portal/functions/worker-grants";
import {
  aws_certificatemanager as acm,
  aws_cloudfront as cloudfront,
  Duration,
  aws_lambda_destinations as destinations,
  aws_iam as iam,
  aws_lambda as lambda,
  aws_cloudfront_origins as origins,
  aws_route53 as route53,
  type Stack,
  aws_s3 as s3,
} from "aws-cdk-lib";
import { Bucket, Cron, Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import type { SitesDomain } from "./Config";
import { Events } from "./Events";
import { type GrantResources, grantsProps } from "./grants";
import { NOT_FOUND_HEADER, notFoundHandlerSource } from "./hosting-not-found";
import { consumedQueue } from "./queues";
import { REPO_ROOT } from "./repo-root";
import { Storage } from "./Storage";

/** The edge code, one source for CloudFront and the local stack (docs/hosting.md "Serving"). */
export const EDGE_DIR = "packages/core/src/hosting/edge";
export const EDGE_FILES = {
  viewerRequest: `${EDGE_DIR}/viewer-request.js`,
  viewerResponse: `${EDGE_DIR}/viewer-response.js`,
} as const;
/** CloudFront Functions' hard limit on a function's code (docs/hosting.md "Limits"). */
export const FUNCTION_MAX_BYTES = 10 * 1024;

/** Where the team's zips land (presigned PUT) and where the worker unpacks them. */
export const UPLOADS_PREFIX = "uploads/";
export const DEPLOYMENTS_PREFIX = "deployments/";
/** How often custom domains' certificates and tenants are checked. */
export const CERTIFICATE_CHECKS_SCHEDULE = "rate(10 minutes)";
/** A zip the worker never picked up is removed by S3 after this. */
export const UPLOAD_KEEP_DAYS = 1;

/** The name every runtime-made tenant and the stack's own share (one routing endpoint). */
export const connectionGroupName = (stage: string) =>
  `${stage.replace(/[^A-Za-z0-9-]/g, "-")}-site-portal-sites`.slice(0, 64);

/** The edge file's text, checked against CloudFront Functions' size limit. */
export function edgeSource(file: string): string {
  const source = readFileSync(path.join(REPO_ROOT, file), "utf8");
  const bytes = Buffer.byteLength(source, "utf8");
  if (bytes > FUNCTION_MAX_BYTES) {
    throw new Error(
      `${file} is ${bytes} bytes: a CloudFront Function takes at most ${FUNCTION_MAX_BYTES} (docs/hosting.md "Limits")`,
    );
  }
  return source;
}

/** The `*.SITES_DOMAIN` certificate: made and DNS-validated in the zone, or the stage's own. */
function sitesCertificate(stack: Stack, domain: SitesDomain) {
  if ("certificateArn" in domain) {
    return {
      certificate: acm.Certificate.fromCertificateArn(
        stack,
        "SitesCertificate",
        domain.certificateArn,
      ),
      zone: undefined,
    };
  }
  const zone = route53.HostedZone.fromLookup(stack, "SitesHostedZone", {
    domainName: domain.hostedZone,
  });
  const certificate = new acm.Certificate(stack, "SitesCertificate", {
    domainName: `*.${domain.domainName}`,
    validation: acm.CertificateValidation.fromDns(zone),
  });
  return { certificate, zone };
}

export function Hosting({ stack, app }: StackContext) {
  const { table, bucket: screenshots, config, settings, sites: sitesDomain } = use(Storage);
  if (stack.region !== "us-east-1") {
    throw new Error(
      `The Hosting stack is in ${stack.region}: CloudFront takes certificates only from us-east-1, and Lambda@Edge functions too (deploy the stage there)`,
    );
  }

  // Private: CloudFront reads it through origin access control, the worker writes it, and the
  // team's browser PUTs a zip under uploads/ with a presigned URL from the portal's origin.
  const bucket = new Bucket(stack, "Hosting", {
    blockPublicACLs: true,
    cors: [
      {
        allowedOrigins: [settings.parameters.APP_URL],
        allowedMethods: ["PUT"],
        allowedHeaders: ["content-type", "content-length"],
        maxAge: "1 hour",
      },
    ],
    cdk: {
      bucket: {
        lifecycleRules: [
          {
            id: "Uploads",
            prefix: UPLOADS_PREFIX,
            expiration: Duration.days(UPLOAD_KEEP_DAYS),
            abortIncompleteMultipartUploadAfter: Duration.days(UPLOAD_KEEP_DAYS),
          },
        ],
      },
    },
  });

  // Host → routing entry (docs/hosting.md "Routing entries"): written by the API and the worker,
  // read by the viewer-request function at every edge.
  const routes = new cloudfront.KeyValueStore(stack, "Routes", {
    comment: `${app.stage} hosting: host to deployment`,
  });

  const viewerRequest = new cloudfront.Function(stack, "ViewerRequest", {
    code: cloudfront.FunctionCode.fromInline(edgeSource(EDGE_FILES.viewerRequest)),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    keyValueStore: routes,
    comment: "Host to deployment, from the routing entries",
  });
  const viewerResponse = new cloudfront.Function(stack, "ViewerResponse", {
    code: cloudfront.FunctionCode.fromInline(edgeSource(EDGE_FILES.viewerResponse)),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    comment: "Security headers; noindex on previews",
  });

  // Lambda@Edge: x86_64, no environment, no X-Ray; its role is assumed by edgelambda too.
  const notFoundRole = new iam.Role(stack, "NotFoundRole", {
    assumedBy: new iam.CompositePrincipal(
      new iam.ServicePrincipal("lambda.amazonaws.com"),
      new iam.ServicePrincipal("edgelambda.amazonaws.com"),
    ),
    managedPolicies: [
      iam.ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSLambdaBasicExecutionRole"),
    ],
  });
  notFoundRole.addToPolicy(
    new iam.PolicyStatement({
      actions: ["s3:GetObject"],
      resources: [`${bucket.bucketArn}/${DEPLOYMENTS_PREFIX}*/404.html`],
    }),
  );
  const notFound = new lambda.Function(stack, "NotFound", {
    code: lambda.Code.fromInline(notFoundHandlerSource(bucket.bucketName)),
    handler: "index.handler",
    runtime: lambda.Runtime.NODEJS_22_X,
    architecture: lambda.Architecture.X86_64,
    memorySize: 128,
    timeout: Duration.seconds(5),
    role: notFoundRole,
    description: "Hosting: a deployment's own 404.html (docs/hosting.md)",
  });

  // Cached by path: the viewer-request function has already put the deployment id in it, so a
  // publish (a new id for the host) needs no invalidation. What each object's Cache-Control
  // says is what the edge keeps (no minimum), and compressed copies are cached apart.
  const cachePolicy = new cloudfront.CachePolicy(stack, "SitesCache", {
    comment: "Hosted sites: by path only, as the object's Cache-Control says",
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.minutes(5),
    maxTtl: Duration.days(365),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
  });
  // The 404 page's key travels to the origin side for the Lambda@Edge function.
  const originRequests = new cloudfront.OriginRequestPolicy(stack, "SitesOriginRequests", {
    comment: "Hosted sites: the not-found page's key to the origin-response function",
    headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(NOT_FOUND_HEADER),
    cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
  });

  // The origin by reference, so that CDK adds no bucket-wide read for CloudFront: the statement
  // below lets the distribution read deployments/ only, never the team's zips under uploads/.
  const originBucket = s3.Bucket.fromBucketAttributes(stack, "HostingOrigin", {
    bucketName: bucket.bucketName,
    bucketArn: bucket.bucketArn,
    bucketRegionalDomainName: bucket.cdk.bucket.bucketRegionalDomainName,
  });
  const distribution = new cloudfront.Distribution(stack, "Sites", {
    comment: `${app.stage} customers' sites (multi-tenant)`,
    defaultBehavior: {
      origin: origins.S3BucketOrigin.withOriginAccessControl(originBucket, {
        originAccessLevels: [cloudfront.AccessLevel.READ],
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      compress: true,
      cachePolicy,
      originRequestPolicy: originRequests,
      functionAssociations: [
        { function: viewerRequest, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        { function: viewerResponse, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
      ],
      edgeLambdas: [
        {
          functionVersion: notFound.currentVersion,
          eventType: cloudfront.LambdaEdgeEventType.ORIGIN_RESPONSE,
        },
      ],
    },
    httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
  });
  bucket.cdk.bucket.addToResourcePolicy(
    new iam.PolicyStatement({
      actions: ["s3:GetObject"],
      principals: [new iam.ServicePrincipal("cloudfront.amazonaws.com")],
      resources: [`${bucket.bucketArn}/${DEPLOYMENTS_PREFIX}*`],
      conditions: { StringEquals: { "AWS:SourceArn": distributionArn(stack, distribution) } },
    }),
  );
  // SaaS Manager's settings are not in the L2 construct yet (aws-cdk-lib 2.224): the
  // distribution becomes a multi-tenant template, and what a tenant-only distribution refuses
  // goes (IPv6 is the connection group's setting there).
  const cfn = distribution.node.defaultChild as cloudfront.CfnDistribution;
  cfn.addPropertyOverride("DistributionConfig.ConnectionMode", "tenant-only");
  cfn.addPropertyDeletionOverride("DistributionConfig.IPV6Enabled");
  cfn.addPropertyDeletionOverride("DistributionConfig.PriceClass");

  // One routing endpoint for the stage's own tenant and every custom domain's.
  const connectionGroup = new cloudfront.CfnConnectionGroup(stack, "SitesConnections", {
    name: connectionGroupName(app.stage),
    enabled: true,
    ipv6Enabled: true,
  });

  const { certificate, zone } = sitesCertificate(stack, sitesDomain);
  new cloudfront.CfnDistributionTenant(stack, "SitesWildcard", {
    name: `${connectionGroupName(app.stage)}-wildcard`,
    distributionId: distribution.distributionId,
    connectionGroupId: connectionGroup.attrId,
    domains: [`*.${sitesDomain.domainName}`],
    enabled: true,
    customizations: { certificate: { arn: certificate.certificateArn } },
  });
  if (zone) {
    new route53.CnameRecord(stack, "SitesRecord", {
      zone,
      recordName: `*.${sitesDomain.domainName}`,
      domainName: connectionGroup.attrRoutingEndpoint,
      ttl: Duration.minutes(5),
    });
  }

  // The deployments worker (docs/hosting.md "Queue and worker"): reads a zip under uploads/,
  // writes deployments/<id>/ only, records the outcome and the preview's routing entry.
  const hosting: NonNullable<GrantResources["hosting"]> = {
    bucket,
    kvsArn: routes.keyValueStoreArn,
    tenants: {
      distributionId: distribution.distributionId,
      distributionArn: distributionArn(stack, distribution),
      connectionGroupId: connectionGroup.attrId,
    },
  };
  const workerGrants = grantsProps(WORKER_GRANTS.DeploymentsWorker.grants, {
    table,
    bucket: screenshots,
    config,
    hosting,
  });
  const worker = new LambdaFunction(stack, "DeploymentsWorker", {
    handler: QUEUE_CONSUMERS.Deployments.handler,
    timeout: `${QUEUE_CONSUMERS.Deployments.timeoutSeconds} seconds`,
    // A zip of up to 100 MB is read and unpacked here.
    memorySize: "1024 MB",
    diskSize: "1024 MB",
    ...workerGrants,
    bind: [
      ...(workerGrants.bind ?? []),
      // The analytics script's address, written into each page (core/hosting/build.ts).
      config.parameters.APP_URL,
      config.parameters.SITES_DOMAIN,
    ],
  });
  const { queue: deployments } = consumedQueue(stack, "Deployments", { consumer: worker });
  hosting.deployments = deployments;

  // Custom domains' certificates and tenants (docs/hosting.md "Custom domains over HTTPS"):
  // reads the sites and writes their tenants' state (table:write), the tenants themselves, and
  // the routing entries of domains let go. Every parameter: the DNS look-ups and their targets.
  const checkGrants = grantsProps(WORKER_GRANTS.CertificateChecks.grants, {
    table,
    bucket: screenshots,
    config,
    hosting,
  });
  const certificateChecks = new Cron(stack, "CertificateChecks", {
    schedule: CERTIFICATE_CHECKS_SCHEDULE,
    job: {
      function: {
        handler: WORKER_GRANTS.CertificateChecks.handler,
        timeout: "300 seconds",
        ...checkGrants,
        bind: [...(checkGrants.bind ?? []), ...Object.values(config.parameters)],
      },
    },
  });
  if (app.mode !== "dev") {
    // As the other schedules (stacks/Events.ts): a run that fails for good is kept and alarmed.
    certificateChecks.jobFunction.configureAsyncInvoke({
      onFailure: new destinations.SqsDestination(use(Events).failedScheduledRuns.cdk.queue),
    });
  }

  stack.addOutputs({
    // What *.SITES_DOMAIN, DOMAIN_CNAME_TARGET and customers' CNAMEs point at.
    SitesEndpoint: connectionGroup.attrRoutingEndpoint,
    SitesDistributionId: distribution.distributionId,
  });
  return {
    bucket,
    routes,
    /** What the hosting grants need (stacks/grants.ts). */
    hosting,
    worker,
    deployments,
    certificateChecks,
    viewerRequest,
    viewerResponse,
    notFound,
    distribution,
    connectionGroup,
    sitesDomain,
  };
}

export const distributionArn = (stack: Stack, distribution: cloudfront.IDistribution) =>
  `arn:${stack.partition}:cloudfront::${stack.account}:distribution/${distribution.distributionId}`;

/** The tenant statements' resources: every distribution tenant of the account. */
export const tenantArn = (stack: Stack) =>
  `arn:${stack.partition}:cloudfront::${stack.account}:distribution-tenant/*`;
