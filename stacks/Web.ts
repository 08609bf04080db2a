/**
 * The portal's one origin: CloudFront serves the SPA from S3 (index.html for client-side
 * routes) and forwards /api/* to the HTTP API with the origin secret, so the SPA calls its API
 * on its own origin and the API answers nothing that did not come through here. Security
 * headers on every response.
 */
import { ORIGIN_VERIFY_HEADER } from "@portal/functions/api/origin-verify";
import {
  aws_certificatemanager as acm,
  aws_cloudfront as cloudfront,
  Duration,
  aws_cloudfront_origins as origins,
  aws_route53 as route53,
} from "aws-cdk-lib";
import type { Construct } from "constructs";
import { type StackContext, StaticSite, type StaticSiteProps, use } from "sst/constructs";
import { PRERENDERED_PAGES } from "../packages/web/prerendered-pages";
import { Api } from "./Api";
import type { PortalDomain } from "./Config";
import { devServerEnvironment } from "./dev-server";
import { Storage } from "./Storage";

/**
 * Viewer-request function of the SPA's behaviour: a public page gets its pre-rendered HTML
 * (packages/web/prerendered-pages.ts, docs/pages.md), any other path without a file extension
 * is a client-side route and gets index.html. Done here rather than with distribution-wide
 * error pages, which would also turn the API's own 403 and 404 answers into index.html.
 */
export const SPA_ROUTING_FUNCTION = `var prerendered = ${JSON.stringify(PRERENDERED_PAGES)};
function handler(event) {
  var request = event.request;
  var page = request.uri.replace(/\\/+$/, "") || "/";
  if (Object.prototype.hasOwnProperty.call(prerendered, page)) {
    request.uri = prerendered[page];
    return request;
  }
  var last = request.uri.split("/").pop();
  if (last.indexOf(".") === -1) request.uri = "/index.html";
  return request;
}`;

/** What the SPA may load and talk to; everything else is refused by the browser. */
export function contentSecurityPolicy(input: {
  clerkFrontendApiHost: string;
  screenshotsBucketName: string;
  region: string;
}): string {
  const clerk = `https://${input.clerkFrontendApiHost}`;
  const screenshots = [
    `https://${input.screenshotsBucketName}.s3.amazonaws.com`,
    `https://${input.screenshotsBucketName}.s3.${input.region}.amazonaws.com`,
  ];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // clerk-js is served from the instance's Frontend API host; Clerk's bot protection uses
    // Cloudflare Turnstile.
    "script-src": ["'self'", clerk, "https://js.stripe.com", "https://challenges.cloudflare.com"],
    // Chakra UI (Emotion) injects <style> elements at run time; the pre-rendered public pages
    // carry theirs inline in <head> (docs/pages.md).
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://img.clerk.com", ...screenshots],
    "font-src": ["'self'", "data:"],
    // The API is on this origin (/api/*); uploads of content go straight to the private
    // bucket with a presigned PUT (docs/content.md).
    "connect-src": ["'self'", clerk, "https://api.stripe.com", ...screenshots],
    "frame-src": [
      "https://js.stripe.com",
      "https://hooks.stripe.com",
      "https://challenges.cloudflare.com",
    ],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * The distribution's own host name (docs/operations.md "Custom domain"). With a hosted zone: a
 * certificate validated by DNS records CloudFormation makes in the zone, and SST's alias records
 * (A and AAAA) pointing the name at the distribution. With a certificate ARN: that certificate,
 * and the DNS is pointed at the SiteUrl output's host by hand.
 */
function customDomain(
  scope: Construct,
  domain: PortalDomain | undefined,
): StaticSiteProps["customDomain"] {
  if (!domain) return;
  if ("certificateArn" in domain) {
    return {
      domainName: domain.domainName,
      isExternalDomain: true,
      cdk: {
        certificate: acm.Certificate.fromCertificateArn(
          scope,
          "PortalCertificate",
          domain.certificateArn,
        ),
      },
    };
  }
  const hostedZone = route53.HostedZone.fromLookup(scope, "PortalHostedZone", {
    domainName: domain.hostedZone,
  });
  // A plain ACM certificate (the stack is in us-east-1, where CloudFront reads certificates
  // from) rather than SST's default, which requests it through a custom resource's Lambda.
  const certificate = new acm.Certificate(scope, "PortalCertificate", {
    domainName: domain.domainName,
    validation: acm.CertificateValidation.fromDns(hostedZone),
  });
  return { domainName: domain.domainName, cdk: { hostedZone, certificate } };
}

export function Web({ stack, app }: StackContext) {
  const { bucket, settings, domain, originSecret } = use(Storage);
  if (domain && "hostedZone" in domain && stack.region !== "us-east-1") {
    throw new Error(
      `PORTAL_HOSTED_ZONE makes the portal's certificate in the stage's region, ${stack.region}; CloudFront takes certificates only from us-east-1 (deploy there, or set PORTAL_CERTIFICATE_ARN)`,
    );
  }
  const { api } = use(Api);

  const securityHeaders = new cloudfront.ResponseHeadersPolicy(stack, "SecurityHeaders", {
    comment: `${app.stage} ${app.name}: CSP, HSTS, no framing`,
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          clerkFrontendApiHost: settings.clerkFrontendApiHost,
          screenshotsBucketName: bucket.bucketName,
          region: app.region,
        }),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(730),
        includeSubdomains: true,
        override: true,
      },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
    },
  });

  // API Gateway routes on its own host name, so the viewer's Host is the one header not passed.
  const apiOrigin = new origins.HttpOrigin(
    `${api.cdk.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`,
    {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      // Only the current value: the functions accept it, and during a rotation one more.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecret.sent.unsafeUnwrap() },
    },
  );
  const apiBehavior: cloudfront.BehaviorOptions = {
    origin: apiOrigin,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
    // A redirect would turn a POST into a GET: refuse plain HTTP instead.
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
    cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
    // Every viewer header (Authorization and Cookie included), query string and cookie, plus
    // CloudFront's viewer headers (country, address), but not Host.
    originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: securityHeaders,
  };

  const site = new StaticSite(stack, "Web", {
    path: "packages/web",
    customDomain: customDomain(stack, domain),
    buildCommand: "npm run build",
    buildOutput: "dist",
    // A deploy keeps the files of the ones before it. The SPA loads each page's code and each
    // area of the API's contracts when first needed, by hashed file name; a tab opened before a
    // deploy still asks for the old names, which SST would otherwise delete, and the page would
    // fail to load. The old files are the few MB each deploy changes (docs/operations.md,
    // "First deploy").
    purgeFiles: false,
    environment: {
      // Present in every deployed build (Config.ts refuses to synthesise without it), so a
      // deployed SPA always uses Clerk and never the development identity provider.
      VITE_CLERK_PUBLISHABLE_KEY: settings.clerkPublishableKey,
      // Likewise: card forms use Stripe Elements, never the emulator's form.
      VITE_STRIPE_PUBLISHABLE_KEY: settings.stripePublishableKey,
      // The pre-rendered public pages are made at build time; the sales page's contact address
      // names the host they are served from (docs/pages.md, "Pre-rendered public pages").
      VITE_PUBLIC_HOST: new URL(settings.parameters.APP_URL).hostname,
      // Under `sst dev` only: where the dev server finds the stage's API (dev-server.ts).
      ...devServerEnvironment(app, {
        apiUrl: api.url,
        originSecret: originSecret.secret,
        appUrl: settings.parameters.APP_URL,
      }),
    },
    // Under `sst dev` the SPA is the dev server on APP_URL (the SiteUrl output says so).
    dev: { url: settings.parameters.APP_URL },
    // SST writes an ImportMetaEnv declaration for these variables. Keep it out of the web
    // package, which declares its own (the publishable key is optional there).
    vite: { types: "../../.sst/web-env.d.ts" },
    cdk: {
      // Only CloudFront reads it; refuse any request without TLS (cdk-nag AwsSolutions-S10).
      bucket: { enforceSSL: true },
      distribution: {
        // No distribution-wide error pages: they would answer the API's 403s and 404s too.
        errorResponses: [],
        // A page's chunks come over one connection (docs/performance.md, "Seventh round").
        httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
        defaultBehavior: {
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            {
              eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
              function: new cloudfront.Function(stack, "SpaRouting", {
                code: cloudfront.FunctionCode.fromInline(SPA_ROUTING_FUNCTION),
                runtime: cloudfront.FunctionRuntime.JS_2_0,
              }),
            },
          ],
        },
        additionalBehaviors: {
          // The tracking script may be cached at the edge for the hour its headers allow.
          "/api/collect.js": {
            ...apiBehavior,
            allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
            cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
            originRequestPolicy: undefined,
          },
          "/api/*": apiBehavior,
        },
      },
    },
  });

  // StaticSite makes its own viewer-request function (it appends ".html") before taking ours in
  // its place; nothing refers to it, so it is not deployed.
  site.node.tryRemoveChild("CloudFrontFunction");

  // The custom domain when there is one; otherwise the distribution's own name, which APP_URL
  // must then be set to (README "Deploy").
  stack.addOutputs({
    SiteUrl: site.customDomainUrl ?? site.url ?? "",
    // Where PORTAL_DOMAIN's DNS record points when the certificate is the stage's own
    // (PORTAL_CERTIFICATE_ARN; docs/operations.md "Custom domain"). None under `sst dev`.
    ...(site.cdk?.distribution
      ? { DistributionDomainName: site.cdk.distribution.distributionDomainName }
      : {}),
  });
  return { site };
}
