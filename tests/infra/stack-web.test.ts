/**
 * The SPA and its CloudFront distribution in front of the API (stacks/Web.ts).
 * Synthesised offline for stage "test" (synthesized-app.ts) and asserted with CDK's Template.
 */
import { ORIGIN_VERIFY_HEADER } from "@portal/functions/api/origin-verify";
import { Match, Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, test } from "vitest";
import { PRERENDERED_PAGES } from "../../packages/web/prerendered-pages";
import { Storage } from "../../stacks/Storage";
import { SPA_ROUTING_FUNCTION, Web } from "../../stacks/Web";
import { TEST_PUBLISHABLE_KEY, validSettings } from "./synth";
import { type SynthesizedApp, synthesizeApp } from "./synthesized-app";
import { only } from "./template-queries";

let template: SynthesizedApp["template"];
let web: SynthesizedApp["web"];

beforeAll(async () => {
  ({ template, web } = await synthesizeApp());
});

interface CacheBehaviour {
  PathPattern: string;
  AllowedMethods: string[];
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  ViewerProtocolPolicy: string;
  TargetOriginId: string;
}
interface DistributionConfig {
  CacheBehaviors: CacheBehaviour[];
  CustomErrorResponses?: unknown[];
  Origins: {
    Id: string;
    DomainName: unknown;
    CustomOriginConfig?: { OriginProtocolPolicy: string };
    OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
  }[];
}

function distributionConfig(web: Template): DistributionConfig {
  const [, distribution] = only(web, "AWS::CloudFront::Distribution");
  const config = distribution.Properties?.DistributionConfig as DistributionConfig;
  return { ...config, CacheBehaviors: config.CacheBehaviors ?? [] };
}

function behaviourFor(config: DistributionConfig, pattern: string): CacheBehaviour {
  const found = config.CacheBehaviors.find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`No behaviour for ${pattern}`);
  return found;
}

/** The /api/* behaviour: the HTTP API as origin, uncached, with the origin secret. */
function expectApiBehaviour(web: Template, storage: Template) {
  const config = distributionConfig(web);
  const behaviour = behaviourFor(config, "/api/*");
  expect(behaviour.AllowedMethods).toEqual(
    expect.arrayContaining(["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"]),
  );
  // Managed policies: CachingDisabled, and AllViewerExceptHostHeader (every viewer header,
  // Authorization and Cookie included, CloudFront's viewer country and address, all query
  // strings and cookies; not Host, which API Gateway routes on).
  expect(behaviour.CachePolicyId).toBe("4135ea2d-6df8-44a3-9df3-4b5a84be39ad");
  expect(behaviour.OriginRequestPolicyId).toBe("b689b0a8-53d0-40ab-baf2-68738e2966ac");
  expect(behaviour.ViewerProtocolPolicy).toBe("https-only");
  const origin = config.Origins.find((o) => o.Id === behaviour.TargetOriginId);
  if (!origin) throw new Error("The /api/* behaviour has no origin");
  // The HTTP API's own host: its id, imported from the Api stack.
  expect(JSON.stringify(origin.DomainName)).toMatch(
    /ImportValue.*Api:ExportsOutputRefApi.*execute-api/,
  );
  expect(origin.CustomOriginConfig?.OriginProtocolPolicy).toBe("https-only");
  // The header carries the generated secret, resolved by CloudFormation at deploy time.
  const header = (origin.OriginCustomHeaders ?? []).find(
    (h) => h.HeaderName === ORIGIN_VERIFY_HEADER,
  );
  const [secretId] = only(storage, "AWS::SecretsManager::Secret");
  expect(JSON.stringify(header?.HeaderValue ?? null)).toMatch(
    new RegExp(`resolve:secretsmanager:.*${secretId}.*:SecretString`),
  );
}

describe("Web", () => {
  test("keeps earlier deploys' files, so a tab open across a deploy still loads its chunks", () => {
    // A deploy's uploader deletes what is not in the build only when StaticSite hands it the
    // build's file list, which it makes here (a test synthesis uploads nothing, so this asks
    // the construct rather than the template). With purging on, this throws for want of a build.
    const site = web.site as unknown as { bundleFilenamesAsset(): unknown };
    expect(site.bundleFilenamesAsset()).toBeUndefined();
  });

  test("public pages get their pre-rendered HTML, client-side routes index.html, files themselves", () => {
    const webTemplate = template(Web);
    const [functionId] = only(webTemplate, "AWS::CloudFront::Function");
    webTemplate.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [
            {
              EventType: "viewer-request",
              FunctionARN: { "Fn::GetAtt": [functionId, "FunctionARN"] },
            },
          ],
        }),
      }),
    });
    // The deployed function's own code, run as CloudFront would run it.
    const code = webTemplate.toJSON().Resources[functionId as string].Properties.FunctionCode;
    expect(code).toBe(SPA_ROUTING_FUNCTION);
    const route = new Function("event", `${code}; return handler(event);`) as (event: {
      request: { uri: string };
    }) => { uri: string };
    const uri = (path: string) => route({ request: { uri: path } }).uri;
    expect(uri("/")).toBe("/prerendered/home.html");
    expect(uri("/pricing")).toBe("/prerendered/pricing.html");
    expect(uri("/sales")).toBe("/prerendered/sales.html");
    expect(uri("/sales/")).toBe("/prerendered/sales.html");
    for (const [path, file] of Object.entries(PRERENDERED_PAGES)) expect(uri(path)).toBe(file);
    expect(uri("/dashboard")).toBe("/index.html");
    expect(uri("/support/01J0ABC")).toBe("/index.html");
    expect(uri("/sales/more")).toBe("/index.html");
    expect(uri("/assets/index-abc123.js")).toBe("/assets/index-abc123.js");
    expect(uri("/robots.txt")).toBe("/robots.txt");
  });

  test("the pre-rendered pages name the host they are served from (APP_URL)", () => {
    const env = (site: unknown) =>
      (site as { props: { environment: Record<string, string> } }).props.environment;
    expect(env(web.site).VITE_PUBLIC_HOST).toBe(new URL(validSettings.APP_URL ?? "").hostname);
  });

  test("no distribution-wide error pages, which would turn the API's 403 and 404 into index.html", () => {
    expect(distributionConfig(template(Web)).CustomErrorResponses ?? []).toEqual([]);
  });

  test("/api/* goes to the HTTP API: all methods, no caching, viewer headers but Host, the origin secret", () => {
    expectApiBehaviour(template(Web), template(Storage));
  });

  test("the /api/* check fails on a distribution without the behaviour or the secret", () => {
    const broken = (change: (config: DistributionConfig) => void) => {
      const json = structuredClone(template(Web).toJSON());
      const resources = Object.values(json.Resources) as {
        Type: string;
        Properties: { DistributionConfig: DistributionConfig };
      }[];
      for (const resource of resources) {
        if (resource.Type === "AWS::CloudFront::Distribution")
          change(resource.Properties.DistributionConfig);
      }
      return Template.fromJSON(json);
    };
    const withoutBehaviour = broken((config) => {
      config.CacheBehaviors = config.CacheBehaviors.filter((b) => b.PathPattern !== "/api/*");
    });
    expect(() => expectApiBehaviour(withoutBehaviour, template(Storage))).toThrow();
    const withoutSecret = broken((config) => {
      for (const origin of config.Origins) delete origin.OriginCustomHeaders;
    });
    expect(() => expectApiBehaviour(withoutSecret, template(Storage))).toThrow();
    const cached = broken((config) => {
      for (const b of config.CacheBehaviors)
        b.CachePolicyId = "658327ea-f89d-4fab-a63d-7e88639e58f6";
    });
    expect(() => expectApiBehaviour(cached, template(Storage))).toThrow();
  });

  test("the tracking script may be cached at the edge; it still goes to the API with the secret", () => {
    const config = distributionConfig(template(Web));
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);
    // CloudFront takes the first matching pattern: the script's own behaviour comes first.
    expect(patterns.indexOf("/api/collect.js")).toBeLessThan(patterns.indexOf("/api/*"));
    const script = behaviourFor(config, "/api/collect.js");
    const api = behaviourFor(config, "/api/*");
    expect(script.TargetOriginId).toBe(api.TargetOriginId);
    expect(script.AllowedMethods).toEqual(["GET", "HEAD"]);
  });

  // docs/performance.md, "Seventh round": the `signed-in` bench's HTTP/2 figures are what a
  // phone gets only if the distribution speaks it; HTTP/3 where the phone can.
  test("the portal is served over HTTP/2 and HTTP/3", () => {
    template(Web).hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({ HttpVersion: "http2and3" }),
    });
  });

  test("every response carries the CSP, HSTS and no-framing headers", () => {
    const webTemplate = template(Web);
    const [policyId, policy] = only(webTemplate, "AWS::CloudFront::ResponseHeadersPolicy");
    webTemplate.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyId } }),
      }),
    });
    const policyConfig = (policy.Properties?.ResponseHeadersPolicyConfig ?? {}) as {
      SecurityHeadersConfig: {
        ContentSecurityPolicy: { ContentSecurityPolicy: unknown };
        StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean };
        FrameOptions: { FrameOption: string };
      };
    };
    const headers = policyConfig.SecurityHeadersConfig;
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const source of [
      "default-src 'self'",
      "https://clerk.portal.example.com",
      "https://js.stripe.com",
      "https://api.stripe.com",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(source);
    }
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // The API is on the SPA's own origin; the only other place of ours is the private bucket,
    // which content uploads are PUT to (docs/content.md).
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/clerk\.portal\.example\.com https:\/\/api\.stripe\.com https:\/\/",\{"Fn::ImportValue":"[^"]*ScreenshotsBucket[^"]*"\},"\.s3\.amazonaws\.com https:\/\/",\{"Fn::ImportValue":"[^"]*ScreenshotsBucket[^"]*"\},"\.s3\.us-east-1\.amazonaws\.com;/,
    );
    expect(csp).not.toContain("execute-api");
    expect(csp).not.toContain("ApiEndpoint");
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
    expect(headers.StrictTransportSecurity.IncludeSubdomains).toBe(true);
    expect(headers.FrameOptions.FrameOption).toBe("DENY");
  });

  test("the SPA is built from packages/web with the Clerk and Stripe keys, and no API URL", () => {
    const data = web.site.getConstructMetadata().data;
    expect(data.path).toBe("packages/web");
    expect(data.environment).not.toHaveProperty("VITE_API_URL");
    expect(data.environment.VITE_CLERK_PUBLISHABLE_KEY).toBe(TEST_PUBLISHABLE_KEY);
    expect(data.environment.VITE_STRIPE_PUBLISHABLE_KEY).toBe("pk_test_portal");
  });
});
