/**
 * The SPA on S3 + CloudFront: index.html for unknown paths (client-side routes) and security
 * headers on every response.
 */
import { aws_cloudfront as cloudfront, Duration } from "aws-cdk-lib";
import { type StackContext, StaticSite, use } from "sst/constructs";
import { Api } from "./Api";
import { Storage } from "./Storage";

/** What the SPA may load and talk to; everything else is refused by the browser. */
export function contentSecurityPolicy(input: {
  apiUrl: string;
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
    // Chakra UI (Emotion) injects <style> elements at run time.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://img.clerk.com", ...screenshots],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", input.apiUrl, clerk, "https://api.stripe.com"],
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

export function Web({ stack, app }: StackContext) {
  const { bucket, settings } = use(Storage);
  const { api } = use(Api);

  const securityHeaders = new cloudfront.ResponseHeadersPolicy(stack, "SecurityHeaders", {
    comment: `${app.stage} ${app.name}: CSP, HSTS, no framing`,
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          apiUrl: api.url,
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

  const site = new StaticSite(stack, "Web", {
    path: "packages/web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    // Unknown paths answer index.html, so TanStack Router handles deep links and reloads.
    errorPage: "redirect_to_index_page",
    environment: {
      // A deploy-time value: SST builds with the placeholder "{{ VITE_API_URL }}" and replaces
      // it in the uploaded .html/.js files once the API exists.
      VITE_API_URL: api.url,
      // Present in every deployed build (Config.ts refuses to synthesise without it), so a
      // deployed SPA always uses Clerk and never the development identity provider.
      VITE_CLERK_PUBLISHABLE_KEY: settings.clerkPublishableKey,
      // Likewise: card forms use Stripe Elements, never the emulator's form.
      VITE_STRIPE_PUBLISHABLE_KEY: settings.stripePublishableKey,
    },
    // SST writes an ImportMetaEnv declaration for these variables. Keep it out of the web
    // package, which declares its own (the publishable key is optional there).
    vite: { types: "../../.sst/web-env.d.ts" },
    cdk: { distribution: { defaultBehavior: { responseHeadersPolicy: securityHeaders } } },
  });

  stack.addOutputs({ SiteUrl: site.url ?? "" });
  return { site };
}
